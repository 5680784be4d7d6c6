import Foundation
import Testing

/// A picture that cannot be made (a full or missing `$TMPDIR`, where the replay GIFs are encoded) is told on
/// standard error and in the report, never left out in silence, and the gradebook does not keep that session's
/// grade, so that the next grade makes its pictures again.
@Suite("cardbot grade: pictures that cannot be made are told")
struct PicturesNotMadeTests {
    @Test("replays that cannot be encoded are warnings and a note in the report; the gradebook keeps no incomplete grade")
    func missingTemporaryFolder() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-pictures-not-made")
        defer { try? FileManager.default.removeItem(at: folder) }
        let classFolder = folder.appendingPathComponent("class")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Examples"), to: classFolder)
        // The replays are encoded in $TMPDIR: one that cannot be written stands in for a full one.
        let gone = folder.appendingPathComponent("no-such-tmp").path
        let graded = try CLIRunner.run(
            ["grade", "class", "--out", "class.html", "--gradebook", "term.sqlite"], in: folder, environment: ["TMPDIR": gone])
        #expect(graded.status == 0, "\(graded.stderr)")
        let warnings = graded.stderr.split(separator: "\n").filter { $0.hasPrefix("cardbot: warning: class/") }
        #expect(warnings.count == 3, "\(graded.stderr)")
        #expect(warnings.allSatisfy { $0.contains("some pictures could not be made") && $0.contains("the replay of attempt 1 (") }, "\(graded.stderr)")
        #expect(graded.stderr.contains("gradebook term.sqlite: 0 unchanged sessions read from it, 3 graded and recorded") == false)
        let page = try String(contentsOf: folder.appendingPathComponent("class.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "Pictures that could not be made: the replay of attempt 1").count - 1 == 3)
        // With room again, the next grade makes every picture and keeps the grades.
        let again = try CLIRunner.run(["grade", "class", "--out", "class.html", "--gradebook", "term.sqlite"], in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("warning"), "\(again.stderr)")
        #expect(again.stderr.contains("0 unchanged sessions read from it, 3 graded and recorded"), "\(again.stderr)")
        let whole = try String(contentsOf: folder.appendingPathComponent("class.html"), encoding: .utf8)
        #expect(!whole.contains("Pictures that could not be made"))
    }
}
