import CardBotTestSupport
import Foundation
import Testing

/// Every HTML page CardBot writes can be read by everyone: headings in order, tables with captions and scoped
/// header cells, alt text on every picture, stars with a text alternative, WCAG AA contrast; and it prints whole.
/// Checked in headless Chromium on the Examples class, in English and Danish.
@Suite struct PagesForEveryoneTests {
    /// The class report, its progress page and a report book's student page, in `language`.
    static func pages(in folder: URL, language: String) throws -> [String] {
        let report = folder.appendingPathComponent("class.html").path
        let book = folder.appendingPathComponent("term.sqlite").path
        let progress = folder.appendingPathComponent("progress.html").path
        let graded = try CLIRunner.run(["grade", "Examples", "--out", report, "--gradebook", book, "--language", language])
        #expect(graded.status == 0, "\(graded.stderr)")
        let shown = try CLIRunner.run(["progress", book, "--out", progress, "--language", language])
        #expect(shown.status == 0, "\(shown.stderr)")
        return [report, progress]
    }

    @Test("the Danish class report and progress page pass the accessibility checks (the English ones: PagesOnAPhoneTests)")
    func accessibleInDanish() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for page in try Self.pages(in: folder, language: "da") {
            for width in [390, 1280] {
                let problems = try BrowserProbe.accessibilityProblems(page, width: width)
                #expect(problems.isEmpty, "\((page as NSString).lastPathComponent) at \(width) px:\n\(problems.joined(separator: "\n"))")
            }
        }
    }

    @Test("the checks find what they look for")
    func checksCanFail() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("bad.html")
        try Data("""
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8" /><title>bad</title></head>
            <body style="background:#fff"><h2>Skipped the h1</h2><h4>and h3</h4>
            <table><tr><th>Student</th><td>★★☆</td></tr></table>
            <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
            <p style="color:#aaa">pale grey on white</p></body></html>
            """.utf8).write(to: page)
        let problems = try BrowserProbe.accessibilityProblems(page.path)
        let text = problems.joined(separator: "\n")
        #expect(text.contains("0 h1 headings"))
        #expect(text.contains("heading out of order: h4"))
        #expect(text.contains("table without a caption"))
        #expect(text.contains("header cell without scope"))
        #expect(text.contains("picture without alt text"))
        #expect(text.contains("stars without a text alternative"))
        #expect(text.contains("contrast 2.32 below 4.5: p"))
    }
}
