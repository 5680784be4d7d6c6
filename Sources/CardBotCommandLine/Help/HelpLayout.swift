/// ArgumentParser's help layout (its `HelpGenerator`), for lines whose words were translated: the option column,
/// and wrapping at the terminal's width, as it wraps them.
package enum HelpLayout {
    /// Where option names start.
    package static let nameIndent = 2
    /// Where option help starts.
    package static let helpColumn = 26

    /// `text` wrapped to `columns` with every line indented by `indent`: breaking at the last space that fits
    /// (else the first space), keeping line breaks.
    package static func wrapped(_ text: String, to columns: Int, indent: Int) -> [String] {
        let width = columns - indent
        guard width > 0 else { return [text] }
        var lines: [Substring] = []
        var rest = Substring(text)
        while true {
            let chunk = rest.prefix(width)
            if let newline = chunk.lastIndex(of: "\n") {
                lines += rest[..<newline].split(separator: "\n", omittingEmptySubsequences: false)
                rest = rest[rest.index(after: newline)...]
            } else if chunk.endIndex == rest.endIndex {
                lines.append(rest)
                break
            } else if let space = chunk.lastIndex(of: " ") ?? rest.firstIndex(of: " ") {
                lines.append(rest[..<space])
                rest = rest[rest.index(after: space)...]
            } else {
                lines.append(rest)
                break
            }
        }
        return lines.map { $0.isEmpty ? "" : String(repeating: " ", count: indent) + $0 }
    }

    /// An option, argument or subcommand: its name (`label`) and, from the help column on (or on the next line
    /// when the name reaches it), its help wrapped.
    package static func element(label: String, help: String, columns: Int) -> [String] {
        let name = String(repeating: " ", count: nameIndent) + label
        guard !help.isEmpty else { return [name] }
        var lines = wrapped(help, to: columns, indent: helpColumn)
        if name.count < helpColumn {
            lines[0] = name + lines[0].dropFirst(name.count)
        } else {
            lines.insert(name, at: 0)
        }
        return lines
    }

    /// A line of `words` then `text`, the text from `column` on (or one space after longer words), and its
    /// continuation lines indented to where the text starts.
    package static func prefixed(_ words: String, column: Int, lines text: [String]) -> [String] {
        let start = max(column, words.count + 1)
        let head = words + String(repeating: " ", count: start - words.count)
        return text.enumerated().map { index, line in
            index == 0 ? head + line : String(repeating: " ", count: start) + line.drop { $0 == " " }
        }
    }
}
