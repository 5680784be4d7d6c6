import Foundation
import Testing

/// A level file inside a session folder is the curriculum's level only when it is that level's file; any other
/// file claiming the same number is graded as the session's own level: its own column and figures, never
/// counted as the curriculum level, in the reports and the gradebook's term.
@Suite("cardbot grade: a session's own level file is not a curriculum level")
struct OwnLevelTests {
    @Test("a 6-step corridor claiming number 3 is L3*, named by its file; a copy of level 3 is L3; progress counts only L3")
    func ownLevel() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-own-level")
        defer { try? FileManager.default.removeItem(at: folder) }
        let classFolder = folder.appendingPathComponent("class")
        let corridor = folder.appendingPathComponent("corridor.json")
        try Data(
            """
            {"format": 2, "number": 3, "name": {"en": "My corridor"}, "description": {"en": "Walk to the flag."},
             "cards": {"0": "forward", "1": "left", "2": "right"}, "tiles": ["########", "#>....G#", "########"]}

            """.utf8
        ).write(to: corridor)
        let kim = try CLIRunner.run([
            "synth", "session", "--level", corridor.path, "--program", "forward forward forward forward forward",
            "--out", classFolder.appendingPathComponent("kim").path, "--student", "Kim", "--seed", "2",
        ])
        try #require(kim.status == 0, "\(kim.stderr)")
        // Noah's session names a copy of the curriculum's level 3 file: that is level 3.
        let copy = try CLIRunner.run([
            "synth", "session", "--level", CLIRunner.packageRoot.appendingPathComponent("Levels/03-left-and-right.json").path,
            "--program", "forward right forward forward left forward forward forward", "--out",
            classFolder.appendingPathComponent("noah").path, "--student", "Noah", "--seed", "3",
        ])
        try #require(copy.status == 0, "\(copy.stderr)")
        let book = folder.appendingPathComponent("term.sqlite").path
        let json = folder.appendingPathComponent("r.json").path
        let grade = try CLIRunner.run(["grade", classFolder.path, "--gradebook", book, "--out", json])
        #expect(grade.status == 0, "\(grade.stderr)")
        #expect(grade.stdout.contains("Student  L3     L3*"), "\(grade.stdout)")
        #expect(grade.stdout.contains("Kim      ·      ★★★"), "\(grade.stdout)")
        #expect(grade.stdout.contains("L3* My corridor (the session's own level file kim/corridor.json): 1 of 1 student solved it"))
        let report = try String(contentsOfFile: json, encoding: .utf8)
        #expect(report.contains("\"path\":\"kim\",\"student\":\"Kim\",\"level\":3,\"levelName\":\"My corridor\",\"levelFile\":\"kim/corridor.json\""))
        #expect(report.contains("\"path\":\"noah\",\"student\":\"Noah\",\"level\":3,\"levelName\":\"Left and right\",\"levelFile\":null"))
        // The term follows the curriculum: Kim's corridor is not level 3 solved.
        let progress = try CLIRunner.run(["progress", book])
        #expect(progress.status == 0, "\(progress.stderr)")
        #expect(progress.stdout.contains("Noah: solved L3"), "\(progress.stdout)")
        #expect(!progress.stdout.contains("Kim"), "\(progress.stdout)")
        // Read back from the gradebook (nothing graded again), the own level keeps its file.
        let again = try CLIRunner.run(["grade", classFolder.path, "--gradebook", book, "--out", json])
        #expect(again.stderr.contains("2 unchanged sessions read from it"), "\(again.stderr)")
        #expect(try String(contentsOfFile: json, encoding: .utf8) == report)
    }
}
