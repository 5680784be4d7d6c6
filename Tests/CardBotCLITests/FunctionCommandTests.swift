import Foundation
import Testing

@Suite("cardbot with function cards: run, solve, validate")
struct FunctionCommandTests {
    @Test("run --program with a recursive function: the trace enters and leaves functions, JSON has depth")
    func runWithFunctions() throws {
        let output = try CLIRunner.run(["run", "--level", "17", "--program", "call-a define-a forward jump call-a"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Level 17: Puddle tunnel"))
        #expect(output.stdout.contains("Note: 1 block was still open when the cards ran out and closed there: define-a (card 2)"))
        #expect(output.stdout.contains("    call-a (card 1): the cards of define-a (card 2)\n       1. forward  (card 3)  moved to the third tile of the second row\n"))
        #expect(output.stdout.contains("It used 5 cards: the fewest possible."))
        let json = try CLIRunner.run(["run", "--level", "17", "--program", "call-a define-a forward jump call-a", "--json"])
        let lines = json.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == #"{"type":"step","step":1,"card":"forward","index":3,"x":2,"y":1,"facing":"east","event":"moved","gem":false,"depth":1}"#)
        #expect(lines[2].hasSuffix(#""depth":2}"#))
        #expect(lines.last?.contains(#""success":true"#) == true)
        #expect(lines.last?.hasSuffix(#""cards":5,"optimal":5}"#) == true)
    }

    @Test("run --program: a call with no definition is bad input naming the card; the stuck rule fails the run")
    func runErrors() throws {
        let missing = try CLIRunner.run(["run", "--level", "17", "--program", "forward call-a"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "cardbot: error: --program: card 2 (call-a) calls a function that is not defined: lay a define-a card somewhere with the cards it should run, closed by end\n")
        let stuck = try CLIRunner.run(["run", "--level", "17", "--program", "call-a define-a call-a"])
        #expect(stuck.status == 1)
        #expect(stuck.stdout.contains("The robot got stuck: call-a (card 3) called a again before a made a step, so the calls would go on forever on the start tile."))
    }

    @Test("run keeps each level's optimum in the cache folder and reads it back; a corrupt entry is solved again")
    func optimumCache() throws {
        let home = try CLIRunner.temporaryDirectory("cardbot-xdg")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CACHE_HOME": home.path]
        let first = try CLIRunner.run(["run", "--level", "20", "--program", "forward"], environment: environment)
        #expect(first.status == 1)
        #expect(first.stdout.contains("The cards ran out"))
        let folder = home.appendingPathComponent("cardbot")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(entries.count == 1)
        #expect(entries[0].hasPrefix("optimum-") && entries[0].hasSuffix(".json"))
        let entry = folder.appendingPathComponent(entries[0])
        #expect(try String(contentsOf: entry, encoding: .utf8) == "{\"format\":1,\"optimal\":7}\n")
        try "garbage".write(to: entry, atomically: true, encoding: .utf8)
        let solved = try CLIRunner.run(
            ["run", "--level", "20", "--program", "call-a define-a forward repeat-2 if-path-ahead call-a right"], environment: environment)
        #expect(solved.status == 0)
        #expect(solved.stderr.isEmpty)
        #expect(solved.stdout.contains("It used 7 cards: the fewest possible."))
        #expect(try String(contentsOf: entry, encoding: .utf8) == "{\"format\":1,\"optimal\":7}\n")
    }

    @Test("solve finds and proves a recursive program")
    func solve() throws {
        let output = try CLIRunner.run(["solve", "20"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Cards available: forward, right, repeat-2, if-path-ahead, else, end, define-a, call-a"))
        #expect(output.stdout.contains("Fewest cards: 7\n  1  call-a\n  2  define-a\n"))
        #expect(output.stdout.contains("Proven minimal: no program of 6 cards or fewer solves it."))
    }

    @Test("validate: a 23-card corridor without maxCards is solvable, and the function levels are valid")
    func validate() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let level = """
            {"format": 1, "number": 1, "name": "Corridor", "description": "A long way round.",
             "cards": {"0": "forward", "1": "left", "2": "right"},
             "tiles": ["############", "#>...##....#", "####.##.##.#", "####.##.##.#", "####....##G#", "############"]}
            """
        let file = folder.appendingPathComponent("01-corridor.json")
        try level.write(to: file, atomically: true, encoding: .utf8)
        let output = try CLIRunner.run(["validate", file.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.contains("01-corridor.json: ok (level 1, fewest cards 23)"))
        let levels = try CLIRunner.run(["validate", "Levels/17-puddle-tunnel.json", "Levels/20-snail-shell.json"])
        #expect(levels.status == 0, "\(levels.stderr)")
        #expect(levels.stdout.contains("Levels/20-snail-shell.json: ok (level 20, fewest cards 7)"))
    }
}
