import Foundation
import Testing

@Suite("cardbot run --program")
struct RunProgramCommandTests {
    @Test("a solving program prints the steps and the result and exits 0")
    func success() throws {
        let output = try CLIRunner.run(["run", "--level", "1", "--program", "forward forward forward"])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.contains("Level 1: First steps"))
        #expect(output.stdout.contains(" 1. forward  (card 1)  moved to the third tile of the second row"))
        #expect(output.stdout.contains(" 3. forward  (card 3)  moved to the goal!"))
        #expect(output.stdout.contains("Well done! The robot reached the goal in 3 steps."))
        #expect(output.stdout.contains("It used 3 cards: the fewest possible."))
    }

    @Test("a failed run explains what happened and exits 1")
    func failure() throws {
        let output = try CLIRunner.run(["run", "--level", "Levels/04-jump-the-water.json", "--program", "forward forward"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("The robot fell into the water on the fourth tile of the second row."))
        #expect(output.stdout.contains("Hint: "))
    }

    @Test("marker ids are mapped through the level's cards; names and ids mix")
    func markerIDs() throws {
        let output = try CLIRunner.run(["run", "--level", "2", "--program", "0,0, 2 forward 0"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("turned right, now facing south"))
    }

    @Test("--json prints one step object per step and a result with the documented keys")
    func json() throws {
        let output = try CLIRunner.run(["run", "--level", "6", "--program", "forward forward forward", "--json"])
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == #"{"type":"step","step":1,"card":"forward","index":1,"x":2,"y":2,"facing":"east","event":"moved","gem":false,"depth":0}"#)
        let result = try #require(JSONSerialization.jsonObject(with: Data(lines[3].utf8)) as? [String: Any])
        #expect(Set(result.keys) == ["type", "success", "reason", "steps", "x", "y", "facing", "gems", "gemsTotal", "cards", "optimal"])
        #expect(result["reason"] as? String == "gems-left")
        #expect(result["optimal"] as? Int == 8)
        #expect(result["gemsTotal"] as? Int == 1)
    }

    @Test("--map draws the level after every step, without colour when NO_COLOR is set or --no-color is given")
    func map() throws {
        let output = try CLIRunner.run(["run", "--level", "1", "--program", "forward", "--map", "--no-color"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("  # > . . G #"))
        #expect(output.stdout.contains("  # . > . G #"))
        #expect(!output.stdout.contains("\u{1B}["))
    }

    @Test(
        "bad programs exit 2 with the card's position",
        arguments: [
            ("8", "repeat-4 forward end end", "card 4 (end) has no repeat, if or definition to close"),
            ("15", "if-path-ahead forward else jump else", "card 5 is a second else for the if-path-ahead of card 1"),
            ("1", "forward jump", "card 2: the jump card is not used in this level"),
            ("1", "forward 3", "card 2: the jump card (marker id 3) is not used in this level"),
            ("1", "forwrd", "card 1 'forwrd' is not a card; did you mean 'forward'?"),
            ("1", "forward 99", "card 2 has marker id 99, which is not a card of the deck"),
        ])
    func badProgram(level: String, program: String, message: String) throws {
        let output = try CLIRunner.run(["run", "--level", level, "--program", program])
        #expect(output.status == 2)
        #expect(output.stderr.contains("cardbot: error: --program: \(message)"))
        #expect(output.stdout.isEmpty)
    }

    @Test("a 10,000-card program is refused; 100 nested blocks and endless loops end cleanly")
    func hugeAndEndless() throws {
        let huge = try CLIRunner.run(["run", "--level", "1", "--program", Array(repeating: "forward", count: 10_000).joined(separator: " ")])
        #expect(huge.status == 2)
        #expect(huge.stderr.contains("at most 1000 are allowed"))

        let nested = Array(repeating: "repeat-4", count: 100) + ["forward"]
        let deep = try CLIRunner.run(["run", "--level", "8", "--program", nested.joined(separator: " "), "--json"])
        #expect(deep.status == 0)

        let endless = try CLIRunner.run(["run", "--level", "12", "--program", "repeat-until-goal left right"])
        #expect(endless.status == 1)
        #expect(endless.stdout.contains("The robot took 1000 steps without reaching the goal"))

        let stuck = try CLIRunner.run(["run", "--level", "14", "--program", "repeat-until-goal if-path-ahead"])
        #expect(stuck.status == 1)
        #expect(stuck.stdout.contains("got stuck"))
    }

    @Test("bad levels exit 2 naming the file and the reason")
    func badLevel() throws {
        let missing = try CLIRunner.run(["run", "--level", "no-such-level.json", "--program", "forward"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "cardbot: error: no-such-level.json: no such file\n")

        let unknown = try CLIRunner.run(["run", "--level", "99", "--program", "forward"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("cardbot: error: \(CLIRunner.packageRoot.path)/Levels: no level number 99"))
        #expect(unknown.stderr.contains("--levels DIR"))
        #expect(!unknown.stderr.contains(":1:1:"))

        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = dir.appendingPathComponent("broken.json")
        try Data("{\n  \"format\": 1,\n  \"number\" 3\n}\n".utf8).write(to: broken)
        let output = try CLIRunner.run(["run", "--level", broken.path, "--program", "forward"])
        #expect(output.status == 2)
        #expect(output.stderr == "\(broken.path):3:12: error: expected ':' after the key \"number\"\n")
    }

    @Test("a missing --program is a usage error; --help documents the exit status")
    func usage() throws {
        let output = try CLIRunner.run(["run", "--level", "1"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--program"))
        let help = try CLIRunner.run(["run", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("EXIT STATUS"))
        #expect(help.stdout.contains("1   the run failed"))
    }
}
