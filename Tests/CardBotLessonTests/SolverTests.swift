import CardBotLesson
import Testing

@Suite("The solver finds the fewest cards")
struct SolverTests {
    /// Solves, checks that the answer really solves the level, and returns it.
    func solve(_ level: Level, options: SolverOptions = SolverOptions()) throws -> Solution {
        let solution = Solver.solve(level, options: options)
        if let program = solution.program {
            #expect(Robot.run(program, on: level).success, "the solver's program \(program.names) must solve the level")
        }
        return solution
    }

    @Test("a straight hall with forward only: one card per tile")
    func straight() throws {
        let solution = try solve(try TestLevel.make([">...G"], cards: [0]))
        #expect(solution.program?.names == ["forward", "forward", "forward", "forward"])
        #expect(solution.isProven)
        #expect(solution.optimalCardCount == 4)
    }

    @Test("a corner: forward, right, forward, forward (3 cards cannot turn and walk 3 tiles)")
    func corner() throws {
        let solution = try solve(try TestLevel.make([">.#", "#.#", "#G#"], cards: [0, 2]))
        #expect(solution.program?.names == ["forward", "right", "forward", "forward"])
        #expect(solution.isProven)
    }

    @Test("8 tiles with repeat-4 and no end card: repeat-4 forward forward (2 cards make at most 4 steps)")
    func repeatWithoutEnd() throws {
        let solution = try solve(try TestLevel.make([">.......G"], cards: [0, 6]))
        #expect(solution.program?.names == ["repeat-4", "forward", "forward"])
        #expect(solution.optimalCardCount == 3)
    }

    @Test("6 tiles with repeat-2 and repeat-3: 3 cards (repeat-N forward makes N = 2 or 3 steps, never 6)")
    func nestedOrDoubled() throws {
        let solution = try solve(try TestLevel.make([">.....G"], cards: [0, 4, 5]))
        #expect(solution.optimalCardCount == 3)
        #expect(solution.program?.cards.first?.isLoop == true)
    }

    @Test("a trailing end is never needed: blocks close when the cards run out")
    func noTrailingEnd() throws {
        let solution = try solve(try TestLevel.make([">....G"], cards: [0, 8, 13]))
        #expect(solution.program?.names == ["repeat-until-goal", "forward"])
    }

    @Test("puddles at irregular places: 5 cards, and the if-else loop is one answer")
    func ifElse() throws {
        // "repeat-until-goal jump if-path-ahead forward" (4 cards) lands in the water at (5, 0): after the jump
        // to (2, 0) and a forward to (3, 0), the next jump lands on (5, 0).
        let level = try TestLevel.make([">~...~..~...~.G"], cards: [0, 3, 8, 9, 12, 13])
        let solution = try solve(level)
        #expect(solution.optimalCardCount == 5)
        #expect(try TestLevel.run(level, "repeat-until-goal jump if-path-ahead forward").result.reason == .fell)
        #expect(try TestLevel.run(level, "repeat-until-goal if-path-ahead forward else jump").success)
    }

    @Test("a gem off the path costs the detour")
    func gemDetour() throws {
        // left, forward (gem), right, forward x3, right, forward: 8 cards, as counted by hand.
        let solution = try solve(try TestLevel.make(["#*...#", "#>..G#"], cards: [0, 1, 2]))
        #expect(solution.optimalCardCount == 8)
    }

    @Test("no program when the goal cannot be reached, and that is proven")
    func impossible() throws {
        let solution = try solve(try TestLevel.make([">.~G"], cards: [0]))
        #expect(solution.program == nil)
        #expect(solution.isProven)
    }

    @Test("no program within maxCards when the optimum is above it")
    func boundTooSmall() throws {
        let solution = try solve(try TestLevel.make([">.....G"], cards: [0], maxCards: 5))
        #expect(solution.program == nil)
        #expect(solution.isProven)
        #expect(solution.bound == 5)
    }

    @Test("a tiny node budget gives an honest unproven answer")
    func budget() throws {
        let level = try TestLevel.make(["#######", "#>.#..#", "##.#.##", "##...G#"], cards: Array(0...13))
        let solution = try solve(level, options: SolverOptions(nodeBudget: 50))
        #expect(solution.budgetExhausted)
        #expect(!solution.isProven)
        #expect(solution.optimalCardCount == nil)
        // The straight program is still offered as the best found.
        #expect(solution.program != nil)
    }

    /// The largest level a file may describe: 64×64 tiles, 16 gems scattered, every card, 100,000 steps.
    static func largestLevel() throws -> Level {
        var rows = (0..<64).map { y in
            Array(y == 0 || y == 63 ? String(repeating: "#", count: 64) : "#" + String(repeating: ".", count: 62) + "#")
        }
        rows[1][1] = ">"
        rows[62][62] = "G"
        for gem in 0..<16 { rows[3 + gem * 3][5 + (gem * 11) % 50] = "*" }
        return try TestLevel.make(rows.map { String($0) }, cards: Array(0...17), stepLimit: 100_000)
    }

    @Test("on the largest level loops walk far: the search stops at its budget of robot steps, unproven, not after minutes")
    func stepBudget() throws {
        let level = try Self.largestLevel()
        let budget = 2_000_000
        let solution = try solve(level, options: SolverOptions(stepBudget: budget))
        #expect(solution.budgetExhausted)
        #expect(!solution.isProven)
        #expect(solution.optimalCardCount == nil)
        // Only the run that crossed the budget may go past it, by at most the level's step limit.
        #expect(solution.steps > budget && solution.steps <= budget + 100_001)
        #expect(solution.nodes < SolverOptions.defaultNodeBudget)
    }
}
