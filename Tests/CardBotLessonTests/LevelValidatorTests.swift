import CardBotSupport
import CardBotLesson
import Foundation
import Testing

/// One file's diagnostics as "LINE:COLUMN: severity: message" strings, for compact expectations.
private func problems(_ text: String, deck: [Int: String]? = TestLevel.deck, options: SolverOptions = SolverOptions()) -> [String] {
    LevelValidator(deckNames: deck, solverOptions: options).validate(text: text, file: "x.json").diagnostics.map {
        "\($0.position.line):\($0.position.column): \($0.severity.rawValue): \($0.message)"
    }
}

private func expectProblem(_ text: String, at line: Int, _ column: Int, _ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let found = problems(text)
    #expect(
        found.contains { $0.hasPrefix("\(line):\(column): error: \(prefix)") }, "expected \(line):\(column): \(prefix) in \(found)",
        sourceLocation: sourceLocation)
}

@Suite("Level validation: every message with its position")
struct LevelValidatorTests {
    static let good = TestLevel.text(["#####", "#>.G#", "#####"], cards: [0])

    @Test("a valid level has no problems and a proven solution")
    func valid() throws {
        let result = LevelValidator(deckNames: TestLevel.deck).validate(text: Self.good, file: "x.json")
        #expect(result.diagnostics.isEmpty)
        #expect(result.isValid)
        #expect(result.solution?.optimalCardCount == 2)
    }

    @Test("malformed JSON is reported where it breaks")
    func malformed() {
        let found = problems("{\n  \"format\": 1,\n  \"number\": 2\n  \"name\": \"x\"\n}")
        #expect(found == ["4:3: error: expected ',' or '}' after the value of \"number\""])
    }

    @Test("a missing field is reported at the object")
    func missing() {
        let text = #"{"format": 1, "number": 1, "name": "n", "description": "d", "cards": {"0": "forward"}}"#
        expectProblem(text, at: 1, 1, "missing field 'tiles'")
    }

    @Test("a wrong type is reported at the value")
    func wrongType() {
        let text = Self.good.replacingOccurrences(of: "\"number\": 1", with: "\"number\": \"one\"")
        expectProblem(text, at: 3, 13, "'number' must be a whole number, not a string")
        let fraction = Self.good.replacingOccurrences(of: "\"number\": 1", with: "\"number\": 1.5")
        expectProblem(fraction, at: 3, 13, "'number' must be a whole number, not a number with a fraction")
        let name = Self.good.replacingOccurrences(of: "\"name\": \"Test\"", with: "\"name\": [1]")
        expectProblem(name, at: 4, 11, "'name' must be a string, not an array")
    }

    @Test("an unknown field is reported at its key, with the near name")
    func unknownField() {
        let text = Self.good.replacingOccurrences(of: "\"description\"", with: "\"descripton\"")
        expectProblem(text, at: 5, 3, "unknown field 'descripton'; did you mean 'description'?")
        let far = Self.good.replacingOccurrences(of: "\"format\": 1,", with: "\"format\": 1, \"colour\": 3,")
        #expect(problems(far).contains("2:16: error: unknown field 'colour'"))
    }

    @Test("an unknown tile character is reported at its row and column")
    func unknownTile() {
        let text = TestLevel.text(["#####", "#>?G#", "#####"], cards: [0])
        // Row 1 is on line 9; its quote is at column 5, so x = 2 is at column 8.
        expectProblem(text, at: 9, 8, "unknown tile '?' at (2, 1)")
    }

    @Test("ragged rows are reported at the short or long row")
    func ragged() {
        let text = TestLevel.text(["#####", "#>.G#", "####"], cards: [0])
        expectProblem(text, at: 10, 5, "row 2 has 4 tiles but row 0 has 5")
    }

    @Test("no start, or a second start, is reported")
    func starts() {
        expectProblem(TestLevel.text(["#####", "#..G#"], cards: [0]), at: 7, 12, "the map has no start")
        expectProblem(TestLevel.text(["#>.<#", "#..G#"], cards: [0]), at: 8, 9, "a second start at (3, 0); the first is at (1, 0)")
    }

    @Test("no goal, or a second goal, is reported")
    func goals() {
        expectProblem(TestLevel.text(["#>..#"], cards: [0]), at: 7, 12, "the map has no goal")
        expectProblem(TestLevel.text(["G>.G#"], cards: [0]), at: 8, 9, "a second goal at (3, 0)")
    }

    @Test("an unknown card name or a marker id the deck lacks is reported")
    func cards() {
        let text = Self.good.replacingOccurrences(of: "{\"0\": \"forward\"}", with: "{\"0\": \"fowrard\", \"99\": \"left\", \"x\": \"right\"}")
        expectProblem(text, at: 6, 18, "unknown card 'fowrard'; did you mean 'forward'?")
        expectProblem(text, at: 6, 29, "marker id 99 is not in the deck (the deck has ids 0-17)")
        expectProblem(text, at: 6, 43, "marker id 'x' must be a whole number")
        // Without a deck, any marker id is accepted.
        #expect(!problems(text, deck: nil).contains { $0.contains("not in the deck") })
    }

    @Test("a gem or goal no program can reach is reported at its tile")
    func unreachable() {
        let gem = TestLevel.text(["#####", "#>.G#", "#~~~#", "#.*.#"], cards: [0, 1, 2])
        expectProblem(gem, at: 11, 8, "the gem at (2, 3) cannot be reached by any program with this level's cards (using forward, left, right)")
        let goal = TestLevel.text([">.~G"], cards: [0])
        expectProblem(goal, at: 8, 9, "the goal at (3, 0) cannot be reached")
    }

    @Test("no program within maxCards is reported at maxCards")
    func tooFewCards() {
        let text = TestLevel.text(["#######", "#>....G"], cards: [0], maxCards: 4)
        expectProblem(text, at: 7, 15, "no program within maxCards (4) solves this level")
    }

    @Test("a level that needs every gem in an impossible order is reported as unsolvable")
    func unsolvableTogether() {
        // Both gems and the goal are reachable, but forward alone cannot take the gem behind the start.
        let text = TestLevel.text(["*>.G"], cards: [0])
        let found = problems(text)
        #expect(found.contains { $0.contains("gem at (0, 0) cannot be reached") })
    }

    @Test("out-of-range values, a second format and duplicate keys are reported")
    func ranges() {
        expectProblem(Self.good.replacingOccurrences(of: "\"format\": 1", with: "\"format\": 3"), at: 2, 13, "unsupported format 3")
        expectProblem(TestLevel.text(["#>.G#"], cards: [0], stepLimit: 0), at: 7, 16, "'stepLimit' is 0; it must be at least 1")
        expectProblem(Self.good.replacingOccurrences(of: "\"format\": 1,", with: "\"format\": 1, \"format\": 1,"), at: 2, 16, "the field 'format' appears twice")
    }

    @Test(
        "the shape of the file: an object, non-empty cards and tiles, string rows",
        arguments: [
            ("[1, 2]", 1, 1, "a level file must hold one JSON object ({ ... }), not an array"),
            (#"{"format":1,"number":1,"name":"n","description":"d","cards":{},"tiles":[">G"]}"#, 1, 61, "'cards' is empty"),
            (#"{"format":1,"number":1,"name":"n","description":"d","cards":[],"tiles":[">G"]}"#, 1, 61, "'cards' must be an object"),
            (#"{"format":1,"number":1,"name":"n","description":"d","cards":{"0":"forward"},"tiles":[]}"#, 1, 85, "'tiles' is empty"),
            (#"{"format":1,"number":1,"name":"n","description":"d","cards":{"0":"forward"},"tiles":[">G", 7]}"#, 1, 92, "row 1 of 'tiles' must be a string, not a whole number"),
            (#"{"format":1,"number":1,"name":" ","description":"d","cards":{"0":"forward"},"tiles":[">G"]}"#, 1, 31, "'name' is empty"),
            (#"{"format":1,"number":1,"name":"n","description":"d","cards":{"0":5},"tiles":[">G"]}"#, 1, 66, "the card for marker id 0 must be a card name in quotes, not a whole number"),
        ])
    func shape(text: String, line: Int, column: Int, message: String) {
        expectProblem(text, at: line, column, message)
    }

    @Test("a search stopped by its budget is a warning, not an error")
    func budgetWarning() {
        let text = TestLevel.text(["#########", "#>..#...#", "#.#.#.#.#", "#.#...#G#"], cards: Array(0...13), maxCards: 9)
        let found = problems(text, options: SolverOptions(nodeBudget: 20))
        #expect(found.contains { $0.contains(": note: solvable with") || $0.contains(": warning: could not confirm") })
        #expect(!found.contains { $0.contains(": error: ") })
    }

    @Test("a map over the size limit is refused with one message")
    func tooBig() {
        let rows = [String](repeating: String(repeating: "#", count: 1000), count: 1000)
        let found = problems(TestLevel.text(rows, cards: [0]))
        #expect(found.count == 1)
        #expect(found.first?.contains("at most 64x64 tiles are allowed") == true)
    }

    @Test("more gems than the limit are refused")
    func tooManyGems() {
        let found = problems(TestLevel.text([">" + String(repeating: "*", count: 20) + "G"], cards: [0]))
        #expect(found.contains { $0.contains("the map has 20 gems; at most 16 are allowed") })
    }

    @Test("a control character in a name, description or hint is refused at the text, with its code and place")
    func controlCharacters() {
        let name = Self.good.replacingOccurrences(of: "\"name\": \"Test\"", with: #""name": "Before\u0000After""#)
        expectProblem(name, at: 4, 11, "'name' holds the control character U+0000 (character 7); delete it")
        let description = Self.good.replacingOccurrences(of: "\"A test level.\"", with: #""Bell\u0007 and \u009b""#)
        expectProblem(description, at: 5, 18, "'description' holds the control character U+0007 (character 5)")
        let translated = Self.good.replacingOccurrences(of: "\"format\": 1", with: "\"format\": 2")
            .replacingOccurrences(of: "\"name\": \"Test\"", with: #""name": {"en": "Test", "da": "Pr\u007fve"}"#)
        expectProblem(translated, at: 4, 32, "'name.da' holds the control character U+007F (character 3)")
        // Tabs and line breaks are text.
        let breaks = Self.good.replacingOccurrences(of: "\"A test level.\"", with: #""One\ttwo\nthree\r\nfour""#)
        #expect(problems(breaks).isEmpty)
    }

    @Test("the file itself: missing, empty, not UTF-8")
    func files() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lesson-validator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        let binary = dir.appendingPathComponent("binary.json")
        try Data([0xFF, 0xFE, 0x00]).write(to: binary)
        let validator = LevelValidator(deckNames: TestLevel.deck)
        #expect(validator.validate(file: empty.path).diagnostics.first?.message.contains("the file is empty") == true)
        #expect(validator.validate(file: binary.path).diagnostics.first?.message == "the file is not UTF-8 text")
        #expect(validator.validate(file: dir.appendingPathComponent("none.json").path).diagnostics.first?.message == "no such file")
    }
}

@Suite("Level validation across a directory")
struct DirectoryValidationTests {
    /// Writes levels (number, unlocks) into a fresh directory and validates it.
    func validate(_ levels: [(file: String, number: Int, unlocks: Int?)]) throws -> (ValidationReport, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lesson-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for level in levels {
            var text = TestLevel.text([">.G"], cards: [0], number: level.number)
            if let unlocks = level.unlocks {
                text = text.replacingOccurrences(of: "\"name\"", with: "\"unlocks\": \(unlocks),\n  \"name\"")
            }
            try text.write(to: dir.appendingPathComponent(level.file), atomically: true, encoding: .utf8)
        }
        return (LevelValidator(deckNames: TestLevel.deck).validate(paths: [dir.path]), dir)
    }

    @Test("a chain of levels is valid")
    func chain() throws {
        let (report, dir) = try validate([("01-a.json", 1, 2), ("02-b.json", 2, 3), ("03-c.json", 3, nil)])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(report.isValid)
        #expect(report.files.count == 3)
    }

    @Test("unlocks of a missing level is reported at unlocks")
    func missingUnlock() throws {
        let (report, dir) = try validate([("01-a.json", 1, 7)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let problem = try #require(report.diagnostics.first)
        #expect(problem.message.hasPrefix("unlocks level 7, but"))
        #expect(problem.position == SourcePosition(line: 4, column: 14))
        #expect(problem.file.hasSuffix("01-a.json"))
    }

    @Test("duplicate numbers are reported at the later file's number")
    func duplicates() throws {
        let (report, dir) = try validate([("01-a.json", 1, nil), ("02-b.json", 1, nil)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let problem = try #require(report.diagnostics.first { $0.message.contains("is also used by") })
        #expect(problem.file.hasSuffix("02-b.json"))
        #expect(problem.position == SourcePosition(line: 3, column: 13))
        // The file name says 2 but the number is 1: a warning.
        #expect(report.diagnostics.contains { $0.severity == .warning && $0.message.contains("the file name says level 2") })
    }

    @Test("cycles of unlocks are reported once")
    func cycles() throws {
        let (report, dir) = try validate([("01-a.json", 1, 2), ("02-b.json", 2, 3), ("03-c.json", 3, 2)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let cycles = report.diagnostics.filter { $0.message.contains("cycle") }
        #expect(cycles.count == 1)
        #expect(cycles.first?.message.contains("2 -> 3 -> 2") == true)
        #expect(cycles.first?.file.hasSuffix("02-b.json") == true)

        let (selfReport, selfDir) = try validate([("01-a.json", 1, 1)])
        defer { try? FileManager.default.removeItem(at: selfDir) }
        #expect(selfReport.diagnostics.first?.message.contains("unlocks itself") == true)
    }
}
