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
        #expect(run.stdout.contains("The cards ran out at (2, 1)"), "\(run.stdout)")
    }
}
