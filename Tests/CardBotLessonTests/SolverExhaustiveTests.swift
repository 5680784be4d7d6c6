import CardBotLesson
import Testing

/// Checks the solver's pruning against brute force: on small random levels, the fewest cards found by trying
/// every card sequence must equal the solver's answer.
@Suite("The solver agrees with brute force on small levels")
struct SolverExhaustiveTests {
    /// A small deterministic random generator (no dependence on the platform's generator).
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// A random 5x3 level with a start, a goal, a little water and wall, up to two gems, and a random set of cards.
    static func randomLevel(seed: UInt64) throws -> Level? {
        var random = Random(state: seed)
        var tiles = (0..<3).map { _ in (0..<5).map { _ -> Character in [".", ".", ".", ".", ".", "#", "~"][random.next(7)] } }
        let cells = (0..<15).map { ($0 % 5, $0 / 5) }
        var free = cells
        func take() -> (Int, Int) { free.remove(at: random.next(free.count)) }
        let start = take(), goal = take()
        tiles[start.1][start.0] = [">", "<", "^", "v"][random.next(4)]
        tiles[goal.1][goal.0] = "G"
        for _ in 0..<random.next(3) {
            let gem = take()
            tiles[gem.1][gem.0] = "*"
        }
        var cards = [0]
        for id in 1...13 where random.next(3) == 0 { cards.append(id) }
        return try TestLevel.make(tiles.map { String($0) }, cards: cards, stepLimit: 200)
    }

    /// The fewest cards of any sequence of at most `limit` cards that solves `level`, by trying them all.
    static func bruteForce(_ level: Level, limit: Int) -> Int? {
        let alphabet = level.availableCards
        var sequence: [Card] = []
        func search(_ length: Int) -> Bool {
            if sequence.count == length {
                guard let program = try? CardProgram(sequence) else { return false }
                return Robot.run(program, on: level).success
            }
            for card in alphabet {
                sequence.append(card)
                defer { sequence.removeLast() }
                if search(length) { return true }
            }
            return false
        }
        for length in 1...limit where search(length) { return length }
        return nil
    }

    @Test("random levels", arguments: 1...100)
    func agrees(seed: Int) throws {
        guard let level = try Self.randomLevel(seed: UInt64(seed) &* 7919) else { return }
        // As long as trying every sequence stays around 20,000 runs.
        let k = level.availableCards.count
        let limit = (1...6).last { length in (0..<length).reduce(1) { result, _ in result * k } <= 20_000 } ?? 1
        let brute = Self.bruteForce(level, limit: limit)
        let solution = Solver.solve(level, options: SolverOptions(maxCards: limit))
        #expect(solution.isProven)
        #expect(solution.program?.count == brute, "level \(level.map.rows), cards \(level.availableCards.map(\.name)): solver \(solution.program?.names ?? []), brute force \(brute.map(String.init) ?? "none")")
    }

    /// A random 5x3 level offering define-a and call-a (and sometimes end, define-b, call-b) besides a few cards.
    static func randomFunctionLevel(seed: UInt64) throws -> Level? {
        var random = Random(state: seed)
        var tiles = (0..<3).map { _ in (0..<5).map { _ -> Character in [".", ".", ".", ".", "#"][random.next(5)] } }
        let cells = (0..<15).map { ($0 % 5, $0 / 5) }
        var free = cells
        func take() -> (Int, Int) { free.remove(at: random.next(free.count)) }
        let start = take(), goal = take()
        tiles[start.1][start.0] = [">", "<", "^", "v"][random.next(4)]
        tiles[goal.1][goal.0] = "G"
        var cards = [0, 14, 15]
        for id in [1, 2, 4, 9, 13] where random.next(3) == 0 { cards.append(id) }
        if random.next(4) == 0 { cards += [16, 17] }
        return try TestLevel.make(tiles.map { String($0) }, cards: cards, stepLimit: 100)
    }

    @Test("random levels with function cards", arguments: 1...40)
    func agreesWithFunctions(seed: Int) throws {
        guard let level = try Self.randomFunctionLevel(seed: UInt64(seed) &* 104_729) else { return }
        let k = level.availableCards.count
        let limit = (1...7).last { length in (0..<length).reduce(1) { result, _ in result * k } <= 40_000 } ?? 1
        let brute = Self.bruteForce(level, limit: limit)
        let solution = Solver.solve(level, options: SolverOptions(maxCards: limit))
        #expect(solution.isProven)
        #expect(solution.program?.count == brute, "level \(level.map.rows), cards \(level.availableCards.map(\.name)): solver \(solution.program?.names ?? []), brute force \(brute.map(String.init) ?? "none")")
        if let program = solution.program { #expect(Robot.run(program, on: level).success) }
    }

    @Test("corridors where a function is shortest", arguments: 4...9)
    func corridorsWithFunctions(length: Int) throws {
        let level = try TestLevel.make([">" + String(repeating: ".", count: length - 1) + "G"], cards: [0, 13, 14, 15], stepLimit: 100)
        let brute = Self.bruteForce(level, limit: 7)
        let solution = Solver.solve(level, options: SolverOptions(maxCards: 7))
        #expect(solution.isProven)
        #expect(solution.program?.count == brute, "length \(length): solver \(solution.program?.names ?? [])")
        // A recursive forward reaches any goal straight ahead in 4 cards: call-a define-a forward call-a.
        if length >= 4 { #expect(brute == 4) }
    }
}
