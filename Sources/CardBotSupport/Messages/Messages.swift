import Foundation

/// Every text a child or teacher reads, in their language: looked up by its English text in the current
/// `MessageCatalog` (GNU gettext PO files in `Locale/`), with `%s` (or `%1$s`, `%2$s`, ... where a translation
/// reorders them) standing for the values filled in.
///
/// The language is chosen once, at start-up (`use(_:)`), from `--language`, else `LC_ALL`, `LC_MESSAGES` or
/// `LANG`. Machine formats (JSON, CSV, JSON Lines, exit statuses) never go through here.
///
/// To add a message: write it in English, as one string literal, at the call site (`text` with the message and
/// its values, or `plural` with both English forms, the count and the values), then add its `msgid` and Danish
/// `msgstr` to `Locale/da.po` (docs/internals.md: "Languages"); a test lists every message of the code without one.
public enum Messages {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var catalog = MessageCatalog.english
    nonisolated(unsafe) private static var languages: [String] = []

    /// The catalog in use.
    public static var current: MessageCatalog {
        lock.lock()
        defer { lock.unlock() }
        return catalog
    }

    /// The languages asked for, most wanted first (`da_DK`, `da`): what level and deck texts given in several
    /// languages are picked by for people to read. Empty: the files' own default language.
    public static var preferences: [String] {
        lock.lock()
        defer { lock.unlock() }
        return languages
    }

    /// Makes `catalog` the one every message is looked up in, and `preferences` the languages level and deck
    /// texts are picked in.
    public static func use(_ catalog: MessageCatalog, preferences: [String] = []) {
        lock.lock()
        self.catalog = catalog
        languages = preferences
        lock.unlock()
    }

    /// The translation of `message` with `arguments` filled in for its `%s` (`%d`) placeholders.
    public static func text(_ message: String, _ arguments: Any..., context: String? = nil) -> String {
        format(current.text(message, context: context), arguments)
    }

    /// The form of a message for `count` (`singular` for one in English, `plural` otherwise), translated, with
    /// `arguments` filled in (`count` is not added: pass it when the message shows it).
    public static func plural(_ singular: String, _ plural: String, count: Int, _ arguments: Any...) -> String {
        format(current.text(singular: singular, plural: plural, count: count), arguments)
    }

    /// `template` with `%s`, `%d` (the next argument) and `%N$s`, `%N$d` (argument N, from 1) replaced by the
    /// arguments' descriptions, and `%%` by `%`.
    public static func format(_ template: String, _ arguments: [Any]) -> String {
        guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
        var result = ""
        var next = 0
        let characters = Array(template)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "%", index + 1 < characters.count else {
                result.append(character)
                index += 1
                continue
            }
            if characters[index + 1] == "%" {
                result.append("%")
                index += 2
                continue
            }
            var cursor = index + 1
            var position: Int?
            var digits = ""
            while cursor < characters.count, characters[cursor].isASCII, characters[cursor].isNumber {
                digits.append(characters[cursor])
                cursor += 1
            }
            if !digits.isEmpty, cursor < characters.count, characters[cursor] == "$" {
                position = Int(digits).map { $0 - 1 }
                cursor += 1
            } else {
                cursor = index + 1
            }
            guard cursor < characters.count, characters[cursor] == "s" || characters[cursor] == "d" else {
                result.append(character)
                index += 1
                continue
            }
            let argument = position ?? next
            if position == nil { next += 1 }
            result += argument >= 0 && argument < arguments.count ? "\(arguments[argument])" : ""
            index = cursor + 1
        }
        return result
    }
}
