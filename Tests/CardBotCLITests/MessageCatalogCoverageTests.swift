import Foundation
import Testing

/// Every message the code writes through `Messages` has a Danish translation in `Locale/da.po`, and the catalog
/// is valid for GNU gettext (`msgfmt --check`), so adding a message without its translation fails here, naming it.
@Suite("message catalog coverage")
struct MessageCatalogCoverageTests {
    /// The message ids of `Messages.text("...")`, `Messages.plural("...", "...")` and `Messages.current.text("...")`
    /// calls in the sources, each with its `context:` when it has one ("context\u{4}id", as gettext keys them), and
    /// those written as multi-line string literals (`Messages.text(\"""`), as Swift reads them.
    static func messagesInSources() throws -> Set<String> {
        let literal = #""((?:[^"\\\n]|\\.)*)"(?!")"#
        let pattern = try NSRegularExpression(
            pattern: #"Messages\.(?:current\.)?(?:text|plural|later)\(\s*"# + literal + #"(?:[^)\n]*?context:\s*"# + literal + ")?")
        let multiline = try NSRegularExpression(
            pattern: #"Messages\.(?:current\.)?text\(\s*\"\"\"\n(.*?)\n( *)\"\"\""#, options: [.dotMatchesLineSeparators])
        var found: Set<String> = []
        for text in try swiftSources() {
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                let id = unescaped(text[Range(match.range(at: 1), in: text)!])
                if let contextRange = Range(match.range(at: 2), in: text) {
                    found.insert(String(text[contextRange]) + "\u{4}" + id)
                } else {
                    found.insert(id)
                }
            }
            found.formUnion(multilineBodies(matching: multiline, in: text))
        }
        return found
    }

    /// The text of every Swift file under Sources.
    static func swiftSources() throws -> [String] {
        let sources = CLIRunner.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        return try files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map {
            try String(contentsOf: $0, encoding: .utf8)
        }
    }

    /// The text of each multi-line string literal `pattern` finds in `text` (group 1 its lines, group 2 the closing
    /// delimiter's indentation), as Swift reads it: the indentation stripped, `\` line continuations joined, `\"`
    /// and `\\` escapes undone.
    static func multilineBodies(matching pattern: NSRegularExpression, in text: String) -> [String] {
        pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let indent = text[Range(match.range(at: 2), in: text)!].count
            let lines = text[Range(match.range(at: 1), in: text)!].split(separator: "\n", omittingEmptySubsequences: false)
            return lines.map { $0.dropFirst(indent) }.joined(separator: "\n")
                .replacingOccurrences(of: "\\\n", with: "")
                .replacingOccurrences(of: #"\""#, with: "\"").replacingOccurrences(of: #"\\"#, with: "\\")
        }
    }

    /// The text of a string literal's body as Swift and gettext read it: `\\`, `\"`, `\n` and `\t` escapes
    /// undone in one pass (so that `\\"` is a backslash and a quote); any other escape kept as written.
    static func unescaped(_ body: Substring) -> String {
        var result = ""
        var escaping = false
        for character in body {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\\", "\"": result.append(character)
                default: result += "\\" + String(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The translated ids of da.po ("context\u{4}id" for entries with a msgctxt), those continued on the lines
    /// after `msgid ""` joined.
    static func translatedIDs() throws -> Set<String> {
        let text = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Locale/da.po"), encoding: .utf8)
        var ids: Set<String> = []
        var context: String?
        var id: String?
        func unquoted(_ string: Substring) -> String { unescaped(string.dropFirst().dropLast()) }
        for line in text.split(separator: "\n") {
            if line.hasPrefix("\""), id != nil {
                id! += unquoted(line)
                continue
            }
            if let finished = id {
                ids.insert(context.map { $0 + "\u{4}" + finished } ?? finished)
                context = nil
                id = nil
            }
            if line.hasPrefix("msgctxt \"") { context = String(line.dropFirst(9).dropLast()) }
            if line.hasPrefix("msgid \"") { id = unquoted(line.dropFirst(6)) }
        }
        return ids
    }

    @Test("every message in the code has a Danish translation")
    func everyMessageTranslated() throws {
        let messages = try Self.messagesInSources()
        #expect(messages.count > 100)
        let missing = messages.subtracting(try Self.translatedIDs())
        #expect(missing.isEmpty, "add these to Locale/da.po: \(missing.sorted())")
    }

    /// Every string literal of the sources as Swift reads it (one-line literals, and multi-line ones without their
    /// indentation): where a message id may be written, whether through `Messages` or as a word a `MessageText`
    /// translates later (`.term`, ArgumentParser's words).
    static func literalsInSources() throws -> Set<String> {
        let literal = try NSRegularExpression(pattern: #""((?:[^"\\\n]|\\.)*)"(?!")"#)
        let multiline = try NSRegularExpression(pattern: #"\"\"\"\n(.*?)\n( *)\"\"\""#, options: [.dotMatchesLineSeparators])
        var found: Set<String> = []
        for text in try swiftSources() {
            let range = NSRange(text.startIndex..., in: text)
            for match in literal.matches(in: text, range: range) {
                found.insert(unescaped(text[Range(match.range(at: 1), in: text)!]))
            }
            found.formUnion(multilineBodies(matching: multiline, in: text))
        }
        return found
    }

    @Test("every Danish entry translates a text the code still writes")
    func noStaleTranslations() throws {
        let literals = try Self.literalsInSources()
        let ids = try Self.translatedIDs().map { $0.split(separator: "\u{4}", omittingEmptySubsequences: false).last.map(String.init) ?? $0 }
        #expect(ids.count > 100)
        let stale = ids.filter { !$0.isEmpty && !literals.contains($0) }.sorted()
        #expect(stale.isEmpty, "remove these from Locale/da.po (no source writes them): \(stale)")
    }

    @Test("msgfmt --check accepts the Danish catalog")
    func msgfmtAccepts() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["msgfmt", "--check", "--output-file=/dev/null", CLIRunner.packageRoot.appendingPathComponent("Locale/da.po").path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
