import CardBotSupport
import CardBotLesson
import Testing

@Suite("Printing a run: words, maps and JSON Lines")
struct OutputTests {
    @Test("result sentences a child understands")
    func sentences() throws {
        let water = try TestLevel.make(["#####", "#>..#", "#.~~#", "#..G#"])
        let fell = try TestLevel.run(water, "forward right forward")
        #expect(TraceFormatter.resultSentence(fell, level: water) == "The robot fell into the water on the third tile of the third row.")

        let gems = try TestLevel.make([">*G*", "...*"])
        let waiting = try TestLevel.run(gems, "forward forward")
        #expect(TraceFormatter.resultSentence(waiting, level: gems) == "The robot reached the goal, but 2 gems are still waiting.")

        let wall = try TestLevel.make(["###", "#>G", "###"])
        let bumped = try TestLevel.run(wall, "left forward")
        #expect(TraceFormatter.resultSentence(bumped, level: wall) == "The robot bumped into the wall on the second tile of the first row; it stayed on the start tile.")

        let edge = try TestLevel.make(["<G"])
        #expect(TraceFormatter.resultSentence(try TestLevel.run(edge, "forward"), level: edge).contains("edge of the map"))

        let goal = try TestLevel.make([">*G"])
        let won = try TestLevel.run(goal, "forward forward")
        #expect(TraceFormatter.resultSentence(won, level: goal) == "Well done! The robot took the gem and reached the goal in 2 steps.")
    }

    @Test("one line per step with its number, card, card position and what happened")
    func stepLines() throws {
        let level = try TestLevel.make([">.*G"])
        let trace = try TestLevel.run(level, "forward forward forward")
        let lines = TraceFormatter.lines(for: trace, level: level, optimal: 3)
        #expect(lines.contains(" 1. forward  (card 1)  moved to the second tile of the first row"))
        #expect(lines.contains(" 2. forward  (card 2)  moved to the third tile of the first row, took a gem (1 of 1)"))
        #expect(lines.contains(" 3. forward  (card 3)  moved to the goal!"))
        #expect(lines.last == "It used 3 cards: the fewest possible.")
    }

    @Test("JSON Lines carry exactly the documented keys")
    func jsonLines() throws {
        let level = try TestLevel.make([">.*G"])
        let trace = try TestLevel.run(level, "forward jump")
        let lines = TraceJSONLines.lines(for: trace, optimal: nil)
        #expect(lines.count == 3)
        let step = try JSONParser.parse(lines[1])
        #expect(step.members?.map(\.key) == ["type", "step", "card", "index", "x", "y", "facing", "event", "gem", "depth"])
        #expect(lines[1] == #"{"type":"step","step":2,"card":"jump","index":2,"x":3,"y":0,"facing":"east","event":"jumped","gem":false,"depth":0}"#)
        let result = try JSONParser.parse(lines[2])
        #expect(result.members?.map(\.key) == [
            "type", "success", "reason", "steps", "x", "y", "facing", "gems", "gemsTotal", "cards", "optimal",
        ])
        #expect(lines[2] == #"{"type":"result","success":false,"reason":"gems-left","steps":2,"x":3,"y":0,"facing":"east","gems":0,"gemsTotal":1,"cards":2,"optimal":null}"#)
    }

    @Test("every reason code is one of the documented ones")
    func reasonCodes() {
        #expect(RunReason.allCases.map(\.rawValue) == ["goal", "bumped", "fell", "stuck", "step-limit", "no-cards", "gems-left", "ended"])
        #expect(StepEvent.allCases.map(\.rawValue) == ["moved", "turned", "jumped", "bumped", "fell"])
    }

    @Test("the map shows the robot, gems left and tiles; colour only when asked")
    func map() throws {
        let level = try TestLevel.make(["#~#", ">*G"])
        let trace = try TestLevel.run(level, "forward")
        let plain = MapRenderer(color: false).rows(level.map, robot: trace.steps[0].state)
        #expect(plain == ["# ~ #", ". > G"])
        #expect(MapRenderer(color: false).startRows(level.map) == ["# ~ #", "> * G"])
        let colored = MapRenderer(color: true).rows(level.map, robot: trace.steps[0].state)
        #expect(colored.joined().contains("\u{1B}["))
        #expect(!plain.joined().contains("\u{1B}"))
    }

    @Test("the run report draws a map after every step with --map")
    func report() throws {
        let level = try TestLevel.make([">.G"])
        let trace = try TestLevel.run(level, "forward forward")
        let lines = RunReport(showMap: true, color: false).lines(for: trace, level: level, optimal: 2)
        #expect(lines.first == "Level 1: Test")
        #expect(lines.contains("  > . G"))
        #expect(lines.contains("  . > G"))
        #expect(lines.contains("  . . >"))
    }
}
