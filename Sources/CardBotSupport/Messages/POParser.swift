/// Reads the entries of a GNU gettext PO file: `msgctxt`, `msgid`, `msgid_plural`, `msgstr` and `msgstr[N]`,
/// each a C string literal possibly continued on the following lines, `#,` flags (for `fuzzy`), and comments.
struct POParser {
    /// One entry.
    struct Entry {
        var context: String?
        var id = ""
        var idPlural: String?
        var strings: [String] = []
        var fuzzy = false
        var line = 0
    }

    private let lines: [Substring]
    private let file: String

    init(text: String, file: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.file = file
    }

    /// Every entry in file order.
    mutating func entries() throws -> [Entry] {
        var entries: [Entry] = []
        var current: Entry?
        var fuzzyNext = false
        // Where continuation strings go: the keyword last seen.
        var target: String?
        func finish() throws {
            guard let entry = current else { return }
            guard !entry.strings.isEmpty else {
                throw MessageCatalogError(file: file, line: entry.line, reason: "msgid without msgstr")
            }
            entries.append(entry)
            current = nil
        }
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = raw.trimmingSpaces()
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzyNext = true }
                continue
            }
            if line.hasPrefix("\"") {
                guard let target, current != nil else {
                    throw MessageCatalogError(file: file, line: number, reason: "a string outside any msgid or msgstr")
                }
                try append(unquote(line, line: number), to: target, of: &current!)
                continue
            }
            guard let space = line.firstIndex(of: " ") else {
                throw MessageCatalogError(file: file, line: number, reason: "expected a keyword and a string")
            }
            let keyword = String(line[..<space])
            let value = try unquote(String(line[line.index(after: space)...]).trimmingCharactersSpaces(), line: number)
            switch keyword {
            case "msgctxt":
                try finish()
                current = Entry(context: value, fuzzy: fuzzyNext, line: number)
                fuzzyNext = false
            case "msgid":
                if current == nil || current?.strings.isEmpty == false || current?.id.isEmpty == false {
                    try finish()
                    current = Entry(fuzzy: fuzzyNext, line: number)
                    fuzzyNext = false
                }
                current!.id = value
            case "msgid_plural":
                guard current != nil else { throw MessageCatalogError(file: file, line: number, reason: "msgid_plural before msgid") }
                current!.idPlural = value
            default:
                guard current != nil, keyword == "msgstr" || keyword.hasPrefix("msgstr[") else {
                    throw MessageCatalogError(file: file, line: number, reason: "unknown keyword '\(keyword)'")
                }
                if keyword == "msgstr" {
                    current!.strings = [value]
                } else {
                    guard let n = Int(keyword.dropFirst(7).dropLast()), n == current!.strings.count else {
                        throw MessageCatalogError(file: file, line: number, reason: "'\(keyword)' out of order")
                    }
                    current!.strings.append(value)
                }
            }
            target = keyword
        }
        try finish()
        return entries
    }

    private func append(_ text: String, to keyword: String, of entry: inout Entry) throws {
        switch keyword {
        case "msgctxt": entry.context = (entry.context ?? "") + text
        case "msgid": entry.id += text
        case "msgid_plural": entry.idPlural = (entry.idPlural ?? "") + text
        default: entry.strings[entry.strings.count - 1] += text
        }
    }

    /// The value of a C string literal: `"..."` with `\n`, `\t`, `\"`, `\\` escapes.
    private func unquote(_ literal: String, line: Int) throws -> String {
        guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\"") else {
            throw MessageCatalogError(file: file, line: line, reason: "expected a string in double quotes")
        }
        var result = ""
        var escaped = false
        for character in literal.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"", "\\": result.append(character)
                default:
                    throw MessageCatalogError(file: file, line: line, reason: "unknown escape '\\\(character)'")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                throw MessageCatalogError(file: file, line: line, reason: "a double quote inside a string must be written \\\"")
            } else {
                result.append(character)
            }
        }
        if escaped { throw MessageCatalogError(file: file, line: line, reason: "the string ends in a lone backslash") }
        return result
    }
}

extension String {
    fileprivate func trimmingCharactersSpaces() -> String { self[...].trimmingSpaces() }
}
