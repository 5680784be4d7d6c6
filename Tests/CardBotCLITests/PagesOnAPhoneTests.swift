import CardBotTestSupport
import Foundation
import Testing

/// Every HTML page CardBot writes for the Examples class (the class report and the term's progress) reads on a
/// phone (390 px) and on a desktop (1280 px) without scrolling sideways. Measured in headless Chromium.
@Suite struct PagesOnAPhoneTests {
    @Test("the Examples class report and its progress page fit 390 and 1280 px and pass the accessibility checks")
    func examplesPagesFit() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("class.html").path
        let book = folder.appendingPathComponent("term.sqlite").path
        let progress = folder.appendingPathComponent("progress.html").path
        let graded = try CLIRunner.run(["grade", "Examples", "--out", report, "--gradebook", book])
        #expect(graded.status == 0, "\(graded.stderr)")
        let shown = try CLIRunner.run(["progress", book, "--out", progress])
        #expect(shown.status == 0, "\(shown.stderr)")
        for page in [report, progress] {
            for width in [390, 1280] {
                let measure = try BrowserProbe.measure(page, width: width)
                #expect(measure.innerWidth == width)
                #expect(!measure.overflows, "\((page as NSString).lastPathComponent) at \(width) px: \(measure)")
                let problems = try BrowserProbe.accessibilityProblems(page, width: width)
                #expect(problems.isEmpty, "\((page as NSString).lastPathComponent) at \(width) px:\n\(problems.joined(separator: "\n"))")
            }
        }
    }
}
