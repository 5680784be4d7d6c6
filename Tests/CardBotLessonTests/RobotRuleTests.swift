import CardBotLesson
import Testing

@Suite("The robot's rules, card by card and event by event")
struct RobotRuleTests {
    @Test("left and right turn 90 degrees on the spot; each is one step")
    func turns() throws {
        let level = try TestLevel.make([">.G"])
        let trace = try TestLevel.run(level, "left left left right right")
        #expect(trace.steps.map(\.state.facing) == [.north, .west, .south, .west, .north])
        #expect(trace.steps.allSatisfy { $0.event == .turned && $0.state.position == GridPoint(x: 0, y: 0) })
        #expect(trace.result.steps == 5)
        #expect(trace.result.reason == .ended)
    }

    @Test("forward onto a wall bumps: the robot stays and the run fails")
    func forwardIntoWall() throws {
        let level = try TestLevel.make(["###", "#>G", "###"])
        let trace = try TestLevel.run(level, "left forward forward")
        #expect(trace.steps.map(\.event) == [.turned, .bumped])
        #expect(trace.result.reason == .bumped)
        #expect(trace.result.state.position == GridPoint(x: 1, y: 1))
        #expect(trace.result.obstacle == GridPoint(x: 1, y: 0))
        #expect(trace.result.steps == 2)
    }

    @Test("forward off the map bumps as into a wall")
    func forwardOffTheMap() throws {
        let level = try TestLevel.make(["<.G"])
        let trace = try TestLevel.run(level, "forward")
        #expect(trace.steps.map(\.event) == [.bumped])
        #expect(trace.result.reason == .bumped)
        #expect(trace.result.state.position == GridPoint(x: 0, y: 0))
        #expect(trace.result.obstacle == GridPoint(x: -1, y: 0))
    }

    @Test("forward onto water moves there and falls in")
    func forwardIntoWater() throws {
        let level = try TestLevel.make([">.*~.G"])
        let trace = try TestLevel.run(level, "forward forward forward forward")
        #expect(trace.steps.map(\.event) == [.moved, .moved, .fell])
        #expect(trace.steps.map(\.tookGem) == [false, true, false])
        #expect(trace.result.reason == .fell)
        #expect(trace.result.state.position == GridPoint(x: 3, y: 0))
        #expect(trace.result.state.gemsTaken == 1)
    }

    @Test("a gem is taken once, by the step that lands on it")
    func gemTakenOnce() throws {
        let level = try TestLevel.make([">*.", "G##"])
        let trace = try TestLevel.run(level, "forward forward left left forward forward left forward")
        #expect(trace.steps.map(\.tookGem) == [true, false, false, false, false, false, false, false])
        #expect(trace.steps.map(\.state.gemsTaken) == [1, 1, 1, 1, 1, 1, 1, 1])
        #expect(trace.result.reason == .goal)
    }

    @Test("jump moves two tiles and takes a gem on the landing tile only")
    func jumpTakesGemOnLanding() throws {
        let over = try TestLevel.run(try TestLevel.make([">*.G"]), "jump forward")
        #expect(over.steps.map(\.event) == [.jumped, .moved])
        #expect(over.steps.map(\.tookGem) == [false, false])
        #expect(over.steps[0].state.position == GridPoint(x: 2, y: 0))
        #expect(over.result.reason == .gemsLeft)

        let landing = try TestLevel.run(try TestLevel.make([">.*G"]), "jump forward")
        #expect(landing.steps.map(\.tookGem) == [true, false])
        #expect(landing.result.reason == .goal)
    }

    @Test("jump over water is fine; landing in water falls in")
    func jumpAndWater() throws {
        let over = try TestLevel.run(try TestLevel.make([">~.G"]), "jump forward")
        #expect(over.steps.map(\.event) == [.jumped, .moved])
        #expect(over.result.reason == .goal)

        let into = try TestLevel.run(try TestLevel.make([">.~G"]), "jump forward")
        #expect(into.steps.map(\.event) == [.fell])
        #expect(into.result.reason == .fell)
        #expect(into.result.state.position == GridPoint(x: 2, y: 0))
    }

    @Test(
        "jump bumps when the tile jumped over or the landing tile is a wall or off the map",
        arguments: [
            ([">#.G"], GridPoint(x: 1, y: 0)),
            ([">.#G"], GridPoint(x: 2, y: 0)),
            ([">.", "G."], GridPoint(x: 2, y: 0)),
        ])
    func jumpBumps(tiles: [String], obstacle: GridPoint) throws {
        let trace = try TestLevel.run(try TestLevel.make(tiles), "jump forward")
        #expect(trace.steps.map(\.event) == [.bumped])
        #expect(trace.result.reason == .bumped)
        #expect(trace.result.state.position == GridPoint(x: 0, y: 0))
        #expect(trace.result.obstacle == obstacle)
    }

    @Test("on the goal with every gem the run stops at once; later cards do not run")
    func goalStops() throws {
        let trace = try TestLevel.run(try TestLevel.make([">G.."]), "forward forward forward")
        #expect(trace.steps.count == 1)
        #expect(trace.result.reason == .goal)
        #expect(trace.success)
    }

    @Test("on the goal with gems left the run goes on")
    func goalWithGemsLeftGoesOn() throws {
        let level = try TestLevel.make([">G*"])
        let passing = try TestLevel.run(level, "forward forward")
        #expect(passing.result.reason == .ended)
        #expect(passing.result.state.position == GridPoint(x: 2, y: 0))

        let back = try TestLevel.run(level, "forward forward left left forward")
        #expect(back.result.reason == .goal)
        #expect(back.result.steps == 5)

        let stopped = try TestLevel.run(level, "forward")
        #expect(stopped.result.reason == .gemsLeft)
        #expect(stopped.gemsLeft == 1)
    }

    @Test("repeat-N runs its block N times; repeats nest")
    func counted() throws {
        let level = try TestLevel.make([">.....G"])
        #expect(try TestLevel.run(level, "repeat-3 forward forward").result.reason == .goal)
        let short = try TestLevel.run(level, "repeat-2 forward forward end")
        #expect(short.result.reason == .ended)
        #expect(short.result.steps == 4)
        #expect(short.steps.map(\.cardPosition) == [2, 3, 2, 3])
        let nested = try TestLevel.run(level, "repeat-2 repeat-3 forward end end")
        #expect(nested.result.reason == .goal)
        #expect(nested.result.steps == 6)
        let after = try TestLevel.run(level, "repeat-5 forward end forward")
        #expect(after.result.reason == .goal)
        #expect(after.steps.map(\.cardPosition) == [2, 2, 2, 2, 2, 4])
    }

    @Test("repeat-until-goal repeats while the robot is not on the goal")
    func untilGoal() throws {
        let trace = try TestLevel.run(try TestLevel.make([">....G"]), "repeat-until-goal forward")
        #expect(trace.result.reason == .goal)
        #expect(trace.result.steps == 5)
    }

    @Test("repeat-until-goal checks before each pass: on the goal it does not run its block")
    func untilChecksFirst() throws {
        let trace = try TestLevel.run(try TestLevel.make([">G*"]), "forward repeat-until-goal forward end")
        #expect(trace.result.reason == .gemsLeft)
        #expect(trace.result.steps == 1)
    }

    @Test("a repeat-until-goal pass that makes no step fails the run as stuck")
    func stuck() throws {
        let trace = try TestLevel.run(try TestLevel.make([">..G"]), "forward repeat-until-goal if-path-right forward")
        #expect(trace.result.reason == .stuck)
        #expect(trace.result.stuckCardPosition == 2)
        #expect(trace.result.steps == 1)
        #expect(trace.result.state.position == GridPoint(x: 1, y: 0))
    }

    @Test("a step beyond the step limit fails the run")
    func stepLimit() throws {
        let level = try TestLevel.make([">...G"], stepLimit: 2)
        let straight = try TestLevel.run(level, "forward forward forward forward")
        #expect(straight.result.reason == .stepLimit)
        #expect(straight.result.steps == 2)
        #expect(straight.steps.count == 2)

        let loop = try TestLevel.run(try TestLevel.make([">...G"], stepLimit: 7), "repeat-until-goal left")
        #expect(loop.result.reason == .stepLimit)
        #expect(loop.steps.count == 7)
    }

    @Test("the default step limit is 1000")
    func defaultStepLimit() throws {
        let trace = try TestLevel.run(try TestLevel.make([">.G"]), "repeat-until-goal right")
        #expect(trace.result.reason == .stepLimit)
        #expect(trace.result.steps == 1000)
    }

    @Test("no cards: no-cards; cards that run out away from the goal: ended")
    func noCardsAndEnded() throws {
        let level = try TestLevel.make([">..G"])
        let empty = Robot.run(try CardProgram([]), on: level)
        #expect(empty.result.reason == .noCards)
        #expect(empty.steps.isEmpty)
        let ended = try TestLevel.run(level, "forward")
        #expect(ended.result.reason == .ended)
        #expect(ended.result.state.position == GridPoint(x: 1, y: 0))
    }

    @Test(
        "if-path-ahead counts floor, gem, goal and start as a path; water, wall and off the map are not",
        arguments: [
            ([">.G"], true), ([">*G"], true), ([">G."], true),
            ([">~G"], false), ([">#G"], false), ([".G>"], false),
        ])
    func ifPathAhead(tiles: [String], path: Bool) throws {
        let trace = try TestLevel.run(try TestLevel.make(tiles), "if-path-ahead left else right")
        #expect(trace.steps.first?.card == (path ? .left : .right))
        #expect(trace.steps.count == 1)
    }

    @Test("the start tile counts as a path")
    func startIsPath() throws {
        let trace = try TestLevel.run(try TestLevel.make(["v", ".", "G"]), "forward left left if-path-ahead forward else right")
        #expect(trace.steps.map(\.card) == [.forward, .left, .left, .forward])
        #expect(trace.result.state.position == GridPoint(x: 0, y: 0))
    }

    @Test("if-path-left and if-path-right look beside the robot")
    func ifPathSides() throws {
        // Facing north: water on the left, floor on the right.
        let level = try TestLevel.make(["#.#", "~^.", "#G#"])
        #expect(try TestLevel.run(level, "if-path-left left else right").steps.first?.card == .right)
        #expect(try TestLevel.run(level, "if-path-right left else right").steps.first?.card == .left)
        // Without else, a false condition skips the block.
        let skipped = try TestLevel.run(level, "if-path-left left end forward")
        #expect(skipped.steps.map(\.card) == [.forward])
        #expect(skipped.steps.map(\.cardPosition) == [4])
    }

    @Test("counted repeats around blocks that make no step end at once instead of hanging")
    func noStepRepeatsEnd() throws {
        let cards = [Card](repeating: .repeat5, count: 300) + [.ifPathRight, .forward]
        let trace = Robot.run(try CardProgram(cards), on: try TestLevel.make([">..G"]))
        #expect(trace.result.reason == .ended)
        #expect(trace.result.steps == 0)
    }

    @Test("blocks nested 100 deep run without trouble")
    func deepNesting() throws {
        let cards = [Card](repeating: .repeat2, count: 100) + [.forward] + [Card](repeating: .end, count: 100)
        let program = try CardProgram(cards)
        let trace = Robot.run(program, on: try TestLevel.make([">.....G"]))
        #expect(trace.result.reason == .goal)
        #expect(trace.result.steps == 6)
    }

    @Test("a run is a pure function: the same level and program give the same trace")
    func pure() throws {
        let level = try TestLevel.make([">.*.", "#..G"])
        let a = try TestLevel.run(level, "forward forward right forward left forward")
        let b = try TestLevel.run(level, "forward forward right forward left forward")
        #expect(a.steps == b.steps)
        #expect(a.result == b.result)
    }
}
