import CardBotTestSupport
import Foundation
import Testing

/// A class report is titled by the class, never by the path as typed: the folder's own name, or `--class-name`.
@Suite struct ClassNameTests {
    @Test("grade . inside the class folder is titled by the folder's name; --class-name names it; JSON keeps the path")
    func titles() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = URL(fileURLWithPath: PackageRoot.path("Examples"))
        let dot = try CLIRunner.run(["grade", "."], in: examples)
        #expect(dot.stdout.hasPrefix("Class Examples: 3 sessions, 3 students\n"), "\(dot.stdout)")
        let page = folder.appendingPathComponent("club.html").path
        let json = folder.appendingPathComponent("club.json").path
        let named = try CLIRunner.run(["grade", ".", "--class-name", "4B <Tuesday club>", "--out", page, "--out", json], in: examples)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.hasPrefix("Class 4B <Tuesday club>: 3 sessions"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<h1>Class report: 4B &lt;Tuesday club&gt;</h1>"))
        #expect(html.contains("<title>CardBot class report: 4B &lt;Tuesday club&gt;</title>"))
        let plain = try CLIRunner.run(["grade", ".", "--out", json + ".plain.json"], in: examples)
        #expect(plain.status == 0)
        #expect(try String(contentsOfFile: json, encoding: .utf8) == (try String(contentsOfFile: json + ".plain.json", encoding: .utf8)))
    }
}
