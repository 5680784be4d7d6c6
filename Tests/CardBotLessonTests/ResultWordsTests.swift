import CardBotLesson
import CardBotTestSupport
import Testing

/// The AR replay's results in words a child knows, on the curriculum's own levels: what happened, on which step,
/// near what, or how far from the goal; never a coordinate.
@Suite("results in words, without coordinates")
struct ResultWordsTests {
    static func level(_ number: Int) throws -> Level {
        try LevelLoader.locate(String(number), levelsDirectory: PackageRoot.path("Levels"))
    }

    static func words(_ number: Int, _ program: String) throws -> String {
        let level = try level(number)
        return ResultWords.sentence(try TestLevel.run(level, program), level: level)
    }

    @Test("every kind of result on a real level, in words", arguments: [
        // Goal: steps, and the gems taken.
        (5, "forward jump right jump forward", "Well done! The robot reached the goal in 5 steps."),
        (6, "left forward right forward forward forward right forward", "Well done! The robot took the gem and reached the goal in 8 steps."),
        (7, "forward forward jump forward", "Well done! The robot took all 2 gems and reached the goal in 4 steps."),
        // A wall: the step, and what the robot stands next to.
        (3, "forward forward", "The robot bumped into a wall on step 2."),
        (5, "forward right forward", "The robot bumped into a wall on step 3, next to the water."),
        (5, "right jump", "The robot tried to jump on step 2, at the start, but a wall was in the way."),
        // Water.
        (7, "forward forward forward", "The robot fell into the water on step 3."),
        // The cards ran out: tiles from the goal (through the water a jump crosses, never through a wall).
        (5, "forward jump forward", "The cards ran out 4 tiles from the goal."),
        (6, "left forward right forward forward forward", "The cards ran out right next to the goal."),
        (5, "left right", "The cards ran out while the robot was still at the start."),
        (6, "forward", "The cards ran out 2 tiles from the goal. 1 gem is still waiting."),
        // Gems missed on the goal.
        (6, "forward forward forward", "The robot reached the goal, but 1 gem is still waiting."),
        // Loops that go nowhere.
        (11, "repeat-until-goal end", "The robot got stuck: repeat-until-goal (card 1) goes round and round without a step."),
        (12, "repeat-until-goal left end", "The robot took 1000 steps without reaching the goal, so it was stopped."),
    ])
    func words(level: Int, program: String, expected: String) throws {
        #expect(try Self.words(level, program) == expected)
    }

    @Test("no result in words names a coordinate, nor does the terminal's sentence")
    func noCoordinates() throws {
        let runs = [(3, "forward forward"), (5, "forward jump forward"), (5, "forward right forward"), (6, "forward forward forward"),
                    (7, "forward forward forward"), (5, "forward jump right jump forward")]
        for (number, program) in runs {
            let level = try Self.level(number)
            let trace = try TestLevel.run(level, program)
            let words = ResultWords.sentence(trace, level: level)
            #expect(!words.contains("("), "\(words)")
            let shown = TraceFormatter.resultSentence(trace, level: level)
            #expect(!shown.contains("("), "\(shown)")
        }
    }

    @Test("tiles to the goal are counted around walls, and through water")
    func tilesToGoal() throws {
        let level = try Self.level(5)
        // Level 5: from the start, east along the row, over the water and down to the goal.
        #expect(ResultWords.tilesToGoal(from: level.map.start, map: level.map) == 6)
        #expect(ResultWords.tilesToGoal(from: level.map.goal, map: level.map) == 0)
        let walled = try TestLevel.make(["#####", "#>#G#", "#####"])
        #expect(ResultWords.tilesToGoal(from: walled.map.start, map: walled.map) == nil)
        #expect(try ResultWords.sentence(TestLevel.run(walled, "left"), level: walled)
            == "The cards ran out while the robot was still at the start.")
    }

    @Test("the edge of the map, and an empty program")
    func edgeAndNoCards() throws {
        let edge = try TestLevel.make(["<.G"])
        #expect(try ResultWords.sentence(TestLevel.run(edge, "forward"), level: edge)
            == "The robot bumped into the edge of the map on step 1, at the start.")
        let empty = Robot.run(try CardProgram([]), on: edge)
        #expect(ResultWords.sentence(empty, level: edge) == "There are no cards yet: lay some cards and try again.")
    }
}
