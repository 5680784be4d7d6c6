/// The translations of one language, read from a GNU gettext PO file (`Locale/da.po`).
///
/// Messages are looked up by their English text (the `msgid`), optionally with a `msgctxt`. Plural messages
/// (`msgid_plural`, `msgstr[N]`) pick their form with the catalog's `Plural-Forms` rule. Untranslated and
/// fuzzy entries are left out, so their English text is used.
public struct MessageCatalog: Sendable {
    /// The language code the catalog is for, such as `da`.
    public let language: String
    /// Translations by key (`msgid`, or `msgctxt` + U+0004 + `msgid`): one form, or one per plural form.
    public let translations: [String: [String]]
    /// Picks the plural form for a count.
    public let plural: PluralRule

    /// An empty catalog: every message in English.
    public static let english = MessageCatalog(language: "en", translations: [:], plural: .germanic)

    /// Creates a catalog.
    public init(language: String, translations: [String: [String]], plural: PluralRule) {
        self.language = language
        self.translations = translations
        self.plural = plural
    }

    /// Reads a PO file's text.
    /// - Throws: `MessageCatalogError` naming the line of the first problem.
    public init(language: String, poText: String, file: String = "<memory>") throws {
        var parser = POParser(text: poText, file: file)
        let entries = try parser.entries()
        var translations: [String: [String]] = [:]
        var plural = PluralRule.germanic
        for entry in entries {
            if entry.id.isEmpty && entry.context == nil {
                if let header = entry.strings.first, let rule = Self.pluralForms(in: header) {
                    do {
                        plural = try PluralRule(rule.expression, count: rule.count)
                    } catch let error as PluralRule.ParseError {
                        throw MessageCatalogError(file: file, line: entry.line, reason: "Plural-Forms: \(error.reason)")
                    }
                }
                continue
            }
            guard !entry.fuzzy, entry.strings.contains(where: { !$0.isEmpty }) else { continue }
            let key = entry.context.map { $0 + "\u{4}" + entry.id } ?? entry.id
            translations[key] = entry.strings
        }
        self.init(language: language, translations: translations, plural: plural)
    }

    /// The translation of `message` (its English text), or `message` itself when there is none.
    public func text(_ message: String, context: String? = nil) -> String {
        let key = context.map { $0 + "\u{4}" + message } ?? message
        return translations[key]?.first.flatMap { $0.isEmpty ? nil : $0 } ?? message
    }

    /// The form of a plural message for `count`: the translation's form the plural rule picks, else English's
    /// (`singular` for 1, `plural` otherwise).
    public func text(singular: String, plural pluralText: String, count: Int, context: String? = nil) -> String {
        let key = context.map { $0 + "\u{4}" + singular } ?? singular
        if let forms = translations[key], forms.count > 1 {
            let index = plural.form(for: count)
            if index < forms.count, !forms[index].isEmpty { return forms[index] }
        }
        return count == 1 ? singular : pluralText
    }

    /// `nplurals` and `plural` of a PO header's `Plural-Forms: nplurals=2; plural=(n != 1);` line.
    static func pluralForms(in header: String) -> (count: Int, expression: String)? {
        for line in header.split(separator: "\n") where line.lowercased().hasPrefix("plural-forms:") {
            var count: Int?
            var expression: String?
            for part in line.dropFirst("plural-forms:".count).split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
                guard pair.count == 2 else { continue }
                if pair[0] == "nplurals" { count = Int(pair[1]) }
                if pair[0] == "plural" { expression = pair[1] }
            }
            if let count, let expression { return (count, expression) }
        }
        return nil
    }
}

extension MessageCatalog {
    /// The largest PO file read, in bytes (4 MiB): every CardBot message with its translation is about 100 KB, so a
    /// larger file is not a catalog of this program, and reading it would cost time and memory before anything runs.
    public static let maximumFileBytes = 4 << 20
}

/// A PO file that cannot be read: where and why.
public struct MessageCatalogError: Error, Sendable, CustomStringConvertible {
    /// The file.
    public let file: String
    /// The line (from 1).
    public let line: Int
    /// What is wrong.
    public let reason: String
    public var description: String { "\(file):\(line): \(reason)" }
}

extension Substring {
    func trimmingSpaces() -> String {
        // By UTF-8 bytes (a space and a tab are one byte each, never part of another character): linear however
        // long the line, where walking Characters backwards took seconds on a 4 MiB catalog.
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        while end > start {
            let before = bytes.index(before: end)
            guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
            end = before
        }
        return String(self[start..<end])
    }
}

extension MessageCatalogError: DiagnosticError {
    /// The catalog and its line (`FILE:LINE`, as msgfmt names them: a catalog's problems have no column) and the reason.
    public var problems: [Problem] { [Problem(file: "\(file):\(line)", reason)] }
}
