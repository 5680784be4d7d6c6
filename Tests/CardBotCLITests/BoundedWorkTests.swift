import CardBotImaging
import Foundation
import Testing

/// Input that asks for unbounded work (a huge level with every card, long recursions) is answered within a
/// budget that the answer states, never after minutes.
@Suite("cardbot on input that asks for unbounded work")
struct BoundedWorkTests {
    /// The largest level a file may hold: 64×64 tiles, 16 gems, all 18 cards, a step limit of 100,000.
    static func largestLevel(in folder: URL) throws -> URL {
        var rows = (0..<64).map { y in
            Array(y == 0 || y == 63 ? String(repeating: "#", count: 64) : "#" + String(repeating: ".", count: 62) + "#")
        }
        rows[1][1] = ">"
        rows[62][62] = "G"
        for gem in 0..<16 { rows[3 + gem * 3][5 + (gem * 11) % 50] = "*" }
        let names = [
            "forward", "left", "right", "jump", "repeat-2", "repeat-3", "repeat-4", "repeat-5", "repeat-until-goal",
            "if-path-ahead", "if-path-left", "if-path-right", "else", "end", "define-a", "call-a", "define-b", "call-b",
        ]
        let cards = names.enumerated().map { "\"\($0.offset)\": \"\($0.element)\"" }.joined(separator: ", ")
        let tiles = rows.map { "\"\(String($0))\"" }.joined(separator: ",\n    ")
        let file = folder.appendingPathComponent("50-big.json")
        try Data(
            """
            {"format": 2, "number": 50, "name": {"en": "Big"}, "description": {"en": "Take every gem."},
             "stepLimit": 100000, "cards": {\(cards)},
             "tiles": [
                \(tiles)
             ]}

            """.utf8
        ).write(to: file)
        return file
    }

    @Test("the largest level with every card: validate warns, solve says it stopped at its budget, run runs")
    func largestLevel() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-big")
        defer { try? FileManager.default.removeItem(at: folder) }
        let level = try Self.largestLevel(in: folder).path
        let validate = try CLIRunner.run(["validate", level])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stderr.contains("warning: could not confirm that a program within 20 cards"), "\(validate.stderr)")
        #expect(validate.stdout.contains("50-big.json: ok (level 50, fewest cards ?)"), "\(validate.stdout)")
        let solve = try CLIRunner.run(["solve", level])
        #expect(solve.stdout.contains("before the search stopped at its budget ("), "\(solve.stdout)")
        #expect(solve.stdout.contains("robot steps); the level may be too large to solve this way."), "\(solve.stdout)")
        let run = try CLIRunner.run(["run", "--level", level, "--program", "forward"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("The cards ran out on the third tile of the second row"), "\(run.stdout)")
    }

    @Test("a session whose loop walks 100,000 steps: grade --out HTML finishes, its clip is a bounded sped-up GIF")
    func longLoopReport() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-loop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let level = try Self.largestLevel(in: folder).path
        let session = folder.appendingPathComponent("class/kim").path
        let synth = try CLIRunner.run([
            "synth", "session", "--level", level, "--program", "repeat-until-goal forward forward right end", "--out", session,
            "--student", "Kim", "--seed", "4",
        ])
        try #require(synth.status == 0, "\(synth.stderr)")
        let report = folder.appendingPathComponent("r.html")
        let grade = try CLIRunner.run(["grade", folder.appendingPathComponent("class").path, "--out", report.path])
        #expect(grade.status == 0, "\(grade.stderr)")
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("The robot took 100000 steps without reaching the goal"))
        // The clip: a GIF whose frames (graphic control extensions) are at most the title (4), the lead (1), the 20 s
        // walk (100) and the result held 2 s (10), at 5 frames a second.
        let marker = "data:image/gif;base64,"
        let start = try #require(html.range(of: marker))
        let end = try #require(html[start.upperBound...].firstIndex(of: "\""))
        let gif = try #require(Data(base64Encoded: String(html[start.upperBound..<end])))
        let bytes = [UInt8](gif)
        let frames = (0..<(bytes.count - 2)).filter { bytes[$0] == 0x21 && bytes[$0 + 1] == 0xF9 && bytes[$0 + 2] == 0x04 }.count
        #expect(frames > 50 && frames <= 4 + 1 + 100 + 10, "\(frames) frames in the clip")
        #expect(gif.count < 3_000_000, "\(gif.count) bytes")
    }

    @Test("a live stream of JPEGs claiming 30000x30000 says their size cannot be read, not that they are 0x0")
    func hugeLiveFrames() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-huge")
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = folder.appendingPathComponent("small.jpg").path
        try ImageWriter.write(GrayImage(width: 64, height: 48, fill: 200), to: small)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: small)))
        // The baseline frame header (FF C0): length, precision, then height and width, big-endian.
        let sof = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0x75, 0x30, 0x75, 0x30])
        try Data(bytes).write(to: folder.appendingPathComponent("huge.jpg"))
        let live = try HostileInputTests.shell(
            "cat huge.jpg huge.jpg huge.jpg | exec \"$0\" run --level 3 --live -", in: folder)
        #expect(live.status == 2, "\(live.stderr)")
        #expect(live.stderr.contains("-: the size of the video's frames cannot be read, no frame of it could be decoded"), "\(live.stderr)")
        #expect(!live.stderr.contains("0x0"))
        #expect(live.stderr.split(separator: "\n").count == 1, "\(live.stderr)")
    }
}
