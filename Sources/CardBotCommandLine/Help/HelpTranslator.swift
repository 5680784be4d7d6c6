import CardBotSupport

/// ArgumentParser's help screens and usage errors in the messages' language, line by line.
///
/// Its section headers, the words that begin its lines, the built-in options' help, what it adds to an option's help
/// and its usage-error messages go through the catalog (``ParserWords``), laid out again as it lays them out
/// (``HelpLayout``). The texts of CardBot's own commands are translated already; English text is left exactly as it is.
package enum HelpTranslator {
    /// `text` (help, or a usage error with its usage) in the messages' language, wrapped to `columns`.
    package static func translated(_ text: String, columns: Int) -> String {
        guard Messages.current.language != MessageCatalog.english.language else { return text }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let helpIndent = String(repeating: " ", count: HelpLayout.helpColumn)
        var result: [String] = []
        var index = 0
        var inSection = false
        while index < lines.count {
            let line = lines[index]
            index += 1
            if let header = ParserWords.headers[line] {
                inSection = true
                result.append(header)
            } else if inSection, line.hasPrefix("  "), line.dropFirst(2).first != " " {
                // An option, argument or subcommand: its name and help, the help continued on lines of its own.
                let split = line.count > HelpLayout.helpColumn && line.dropFirst(HelpLayout.helpColumn - 1).first == " "
                var help = split ? String(line.dropFirst(HelpLayout.helpColumn)) : ""
                while index < lines.count, lines[index].hasPrefix(helpIndent) {
                    help += (help.isEmpty ? "" : " ") + lines[index].dropFirst(HelpLayout.helpColumn)
                    index += 1
                }
                var label = String((split ? line.prefix(HelpLayout.helpColumn) : Substring(line)).dropFirst(2))
                while label.last == " " { label.removeLast() }
                result += HelpLayout.element(
                    label: translated(label: label), help: translated(help: help), columns: columns)
            } else if let prefix = ParserWords.prefixes.first(where: { line.hasPrefix($0.english + " ") }) {
                // The words end where the text starts: a hanging indent for the lines that continue it.
                let rest = line.dropFirst(prefix.english.count)
                let column = prefix.english.count + rest.prefix { $0 == " " }.count
                let hanging = String(repeating: " ", count: column)
                var text = [String(rest.dropFirst(column - prefix.english.count))]
                if prefix.english == "Error:" {
                    text[0] =
                        TemplateMatch.translate(text[0], by: ParserWords.errors, values: ParserWords.valueLists)
                        ?? text[0]
                }
                while index < lines.count, lines[index].hasPrefix(hanging) {
                    text.append(lines[index])
                    index += 1
                }
                let prefixed = HelpLayout.prefixed(prefix.translation, column: column, lines: text)
                let overlong = prefixed[0].count > columns && line.count <= columns
                result +=
                    overlong ? HelpLayout.wrapped(prefixed[0], to: columns, indent: 0) + prefixed.dropFirst() : prefixed
            } else {
                inSection = inSection && !line.isEmpty
                let indent = line.prefix { $0 == " " }
                result.append(
                    TemplateMatch.translate(String(line.dropFirst(indent.count)), by: ParserWords.lines).map {
                        indent + $0
                    } ?? line)
            }
        }
        return result.joined(separator: "\n")
    }

    /// A subcommand's name with the default's mark translated; an option's as it is.
    private static func translated(label: String) -> String {
        let mark = ParserWords.defaultSubcommand
        guard label.hasSuffix(" " + mark.english) else { return label }
        return label.dropLast(mark.english.count) + mark.translation
    }

    /// The built-in options' help, and the default and values added to an option's: a decimal default in the
    /// language's form (`0,5`).
    private static func translated(help: String) -> String {
        ParserWords.builtInHelp[help]
            ?? TemplateMatch.translate(help, by: ParserWords.optionHelp, otherValue: decimalInLanguage) ?? help
    }

    /// `value` with the language's decimal mark when it is a decimal number (`0.5`), else as it is.
    private static func decimalInLanguage(_ value: String) -> String {
        value.wholeMatch(of: /-?[0-9]+\.[0-9]+/) != nil ? Messages.decimal(value) : value
    }
}
