import Foundation
import Testing

/// Every message the code writes through `Messages` has a Danish translation in `Locale/da.po`, and the catalog
/// is valid for GNU gettext (`msgfmt --check`), so adding a message without its translation fails here, naming it.
@Suite("message catalog coverage")
struct MessageCatalogCoverageTests {
    /// The message ids of `Messages.text("...")` and `Messages.plural("...", "...")` calls in the sources, each with
    /// its `context:` when it has one ("context\u{4}id", as gettext keys them).
    static func messagesInSources() throws -> Set<String> {
        let literal = #""((?:[^"\\\n]|\\.)*)""#
        let pattern = try NSRegularExpression(
            pattern: #"Messages\.(?:text|plural|later)\(\s*"# + literal + #"(?:[^)\n]*?context:\s*"# + literal + ")?")
        var found: Set<String> = []
        let sources = CLIRunner.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                let id = String(text[Range(match.range(at: 1), in: text)!]).replacingOccurrences(of: #"\""#, with: "\"")
                if let contextRange = Range(match.range(at: 2), in: text) {
                    found.insert(String(text[contextRange]) + "\u{4}" + id)
                } else {
                    found.insert(id)
                }
            }
        }
        return found
    }

    /// The translated ids of da.po ("context\u{4}id" for entries with a msgctxt).
    static func translatedIDs() throws -> Set<String> {
        let text = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Locale/da.po"), encoding: .utf8)
        var ids: Set<String> = []
        var context: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("msgctxt \"") { context = String(line.dropFirst(9).dropLast()) }
            if line.hasPrefix("msgid \"") {
                let id = String(line.dropFirst(7).dropLast()).replacingOccurrences(of: #"\""#, with: "\"")
                ids.insert(context.map { $0 + "\u{4}" + id } ?? id)
                context = nil
            }
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
