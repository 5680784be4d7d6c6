import CardBotLesson
import CardBotTestSupport
import Testing

/// The trace and the result say where the robot is in words a child knows ("the third tile of the second row",
/// "next to the goal"), card by card, never as coordinates; JSON Lines keep the coordinates.
@Suite("places on the map in words")
struct PlaceWordsTests {
    static func level(_ number: Int) throws -> Level {
        try LevelLoader.locate(String(number), levelsDirectory: PackageRoot.path("Levels"))
    }

    /// The step lines and the result sentence of `program` on `level`.
    static func report(_ level: Level, _ program: String) throws -> (steps: [String], result: String) {
        let trace = try TestLevel.run(level, program)
        let steps = trace.steps.map { TraceFormatter.stepLine($0, in: trace, level: level) }
        return (steps, TraceFormatter.resultSentence(trace, level: level))
    }

    @Test("a crash into the water, card by card (level 4)")
    func water() throws {
        let (steps, result) = try Self.report(try Self.level(4), "forward forward")
        #expect(steps == [
            " 1. forward  (card 1)  moved to the third tile of the second row",
            " 2. forward  (card 2)  fell into the water on the fourth tile of the second row",
        ])
        #expect(result == "The robot fell into the water on the fourth tile of the second row.")
    }

    @Test("off the map, card by card")
    func offTheMap() throws {
        let level = try TestLevel.make([">.G", "..."])
        let (steps, result) = try Self.report(level, "right forward forward")
        #expect(steps == [
            " 1. right    (card 1)  turned right, now facing south",
            " 2. forward  (card 2)  moved to the first tile of the second row",
            " 3. forward  (card 3)  bumped into the edge of the map; stayed on the first tile of the second row",
        ])
        #expect(result == "The robot bumped into the edge of the map on the first tile of the second row.")
        // Beside the water, the result says so.
        let pond = try TestLevel.make(["~G", ">."])
        #expect(try Self.report(pond, "left left forward").result == "The robot bumped into the edge of the map on the start tile.")
        let shore = try TestLevel.make([".~G", ">.."])
        #expect(
            try Self.report(shore, "forward right forward").result
                == "The robot bumped into the edge of the map on the second tile of the second row, next to the water.")
    }

    @Test("into a wall, card by card (level 3): the wall's tile and where the robot stayed")
    func wall() throws {
        let (steps, result) = try Self.report(try Self.level(3), "forward forward")
        #expect(steps == [
            " 1. forward  (card 1)  moved to the third tile of the second row",
            " 2. forward  (card 2)  bumped into a wall; stayed on the third tile of the second row",
        ])
        #expect(result == "The robot bumped into the wall on the fourth tile of the second row; it stayed on the third tile of the second row.")
        let jump = try Self.report(try Self.level(5), "right jump")
        #expect(jump.steps.last == " 2. jump     (card 2)  could not jump: a wall is in the way; stayed on the start tile")
    }

    @Test("a stop short of the goal, card by card (level 1): how far from the goal", arguments: [
        ("forward", "The cards ran out on the third tile of the second row, 2 tiles from the goal."),
        ("forward forward", "The cards ran out on the fourth tile of the second row, right next to the goal."),
        ("", "There are no cards yet: lay some cards and try again."),
    ])
    func shortOfTheGoal(program: String, expected: String) throws {
        let level = try Self.level(1)
        #expect(try Self.report(level, program).result == expected)
    }

    @Test("the goal, loops that go nowhere and the step limit name no coordinates", arguments: [
        (1, "forward forward forward", "Well done! The robot reached the goal in 3 steps."),
        (6, "forward forward forward", "The robot reached the goal, but 1 gem is still waiting."),
        (6, "forward", "The cards ran out on the third tile of the third row, 2 tiles from the goal. 1 gem is still waiting."),
        (12, "repeat-until-goal left end", "The robot took 1000 steps without reaching the goal, so it was stopped on the start tile."),
    ])
    func noCoordinates(number: Int, program: String, expected: String) throws {
        let level = try Self.level(number)
        let result = try Self.report(level, program).result
        #expect(result == expected)
        #expect(result.range(of: #"\(\d+, \d+\)"#, options: .regularExpression) == nil)
    }

    @Test("a goal walled off: the cards ran out before the robot reached it")
    func walledOff() throws {
        let level = try TestLevel.make([">.#G"])
        #expect(try Self.report(level, "forward").result == "The cards ran out on the second tile of the first row, before the robot reached the goal.")
    }

    @Test("a long map's far tiles are numbered, past the twentieth in words")
    func farTiles() throws {
        let level = try TestLevel.make([">" + String(repeating: ".", count: 21) + "G"])
        let twenty = Array(repeating: "forward", count: 20).joined(separator: " ")
        let (steps, _) = try Self.report(level, twenty)
        #expect(steps[18] == "19. forward  (card 19)  moved to the twentieth tile of the first row")
        #expect(steps[19] == "20. forward  (card 20)  moved to tile 21 of row 1")
        #expect(
            try Self.report(level, twenty + " forward").result == "The cards ran out on tile 22 of row 1, right next to the goal.")
    }

    @Test("the map printed with each step starts from the start tile counted in words")
    func startLine() throws {
        let lines = RunReport(showMap: true, color: false).lines(for: try TestLevel.run(try Self.level(1), "forward"), level: try Self.level(1), optimal: 3)
        #expect(lines.contains("Start on the second tile of the second row, facing east:"))
    }
}
