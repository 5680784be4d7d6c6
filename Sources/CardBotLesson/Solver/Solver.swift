/// Finds the program with the fewest cards that solves a level with its available cards, loops and ifs included.
///
/// The search is iterative deepening on the card count, so the first program found is minimal. It enumerates
/// only well-formed programs and prunes:
/// - grammar: no `end`/`else` out of place, no empty block or branch, the last card is a step (blocks close
///   by themselves at the end, so a trailing `end` only costs a card), no `left right`, no three equal turns
///   when the other turn card exists;
/// - the robot: after each card the program so far is run (blocks not closed yet pause the run); a prefix
///   that bumps, falls, gets stuck or exceeds the step limit is dropped with everything after it;
/// - memo: between top-level blocks the rest of a run depends only on the robot's state, so a state already
///   reached with fewer (or, in this round, as many) cards and no more steps is not searched again;
/// - distance: a state from which no sequence of steps reaches the goal with every gem is dropped, and
///   without loops every remaining card makes at most one step, so the steps still needed bound the cards.
/// The shortest straight program (steps only, found by breadth-first search) bounds the depth from above.
/// The search stops at ``SolverOptions/nodeBudget`` partial programs; the answer then says what was proven.
public enum Solver {
    /// Solves `level`.
    public static func solve(_ level: Level, options: SolverOptions = SolverOptions()) -> Solution {
        let world = RobotWorld(level.map)
        let alphabet = level.availableCards
        let bound = min(options.maxCards ?? level.maxCards ?? SolverOptions.defaultBound, LevelLimits.maximumMaxCards)
        let graph = StateGraph(world: world, cards: alphabet)
        let distance = graph.distancesToSuccess()

        // The straight program is an upper bound, and proven minimal if nothing shorter exists.
        var straight: CardProgram?
        if let distance, let cards = graph.straightProgram(distance: distance), cards.count <= level.stepLimit,
            let program = try? CardProgram(cards), Robot.run(program, on: level).success
        {
            straight = program
        }
        if let distance, distance[world.stateIndex(tile: world.start, facing: world.startFacing, mask: 0)] == .max {
            // No sequence of steps at all reaches the goal with every gem: nothing to search.
            return Solution(program: nil, isProven: true, searchedUpTo: bound, bound: bound, nodes: 0, budgetExhausted: false)
        }
        let deepest = min(bound, (straight?.count).map { $0 - 1 } ?? bound)

        var search = Search(level: level, world: world, alphabet: alphabet, distance: distance, budget: options.nodeBudget)
        var searched = 0
        if deepest >= 1 {
            for length in 1...deepest {
                if let found = search.run(length: length) {
                    let program = try? CardProgram(found)
                    return Solution(
                        program: program, isProven: true, searchedUpTo: length - 1, bound: bound, nodes: search.nodes,
                        budgetExhausted: false)
                }
                if search.exhausted {
                    let best = straight.flatMap { $0.count <= bound ? $0 : nil }
                    return Solution(
                        program: best, isProven: false, searchedUpTo: searched, bound: bound, nodes: search.nodes,
                        budgetExhausted: true)
                }
                searched = length
            }
        }
        if let straight, straight.count <= bound {
            return Solution(
                program: straight, isProven: true, searchedUpTo: straight.count - 1, bound: bound, nodes: search.nodes,
                budgetExhausted: false)
        }
        return Solution(program: nil, isProven: true, searchedUpTo: bound, bound: bound, nodes: search.nodes, budgetExhausted: false)
    }
}

/// Limits of a ``Solver`` search.
public struct SolverOptions: Sendable {
    /// The card bound when neither the options nor the level set one.
    public static let defaultBound = 20
    /// The default budget of partial programs looked at (about a second in a release build).
    public static let defaultNodeBudget = 3_000_000

    /// The most cards a program may have; nil means the level's `maxCards`, else ``defaultBound``.
    public var maxCards: Int?
    /// The most partial programs looked at before the search gives up proving.
    public var nodeBudget: Int

    public init(maxCards: Int? = nil, nodeBudget: Int = SolverOptions.defaultNodeBudget) {
        self.maxCards = maxCards
        self.nodeBudget = nodeBudget
    }
}

/// One depth-first search for a program of exactly `length` cards.
private struct Search {
    let level: Level
    let world: RobotWorld
    let alphabet: [Card]
    let hasLoops: Bool
    let hasLeft: Bool
    let hasRight: Bool
    let distance: [UInt16]?
    let budget: Int
    var engine: RobotEngine
    var assembler = ProgramAssembler(reservingCapacity: 64)
    var scratch: [Instruction] = []
    var memoCards: [UInt8]
    var memoSteps: [Int32]
    var memoRound: [UInt8]
    var nodes = 0
    var exhausted = false
    var length = 0

    init(level: Level, world: RobotWorld, alphabet: [Card], distance: [UInt16]?, budget: Int) {
        self.level = level
        self.world = world
        self.alphabet = alphabet
        self.hasLoops = alphabet.contains(where: \.isLoop)
        self.hasLeft = alphabet.contains(.left)
        self.hasRight = alphabet.contains(.right)
        self.distance = distance
        self.budget = budget
        self.engine = RobotEngine(world: world, detectCycles: true)
        let states = world.stateCount.flatMap { $0 <= 1 << 22 ? $0 : nil } ?? 0
        memoCards = [UInt8](repeating: .max, count: states)
        memoSteps = [Int32](repeating: 0, count: states)
        memoRound = [UInt8](repeating: 0, count: states)
        scratch.reserveCapacity(256)
    }

    /// Searches every program of `length` cards; returns the first that solves the level.
    mutating func run(length: Int) -> [Card]? {
        self.length = length
        return depthFirst()
    }

    private mutating func depthFirst() -> [Card]? {
        let index = assembler.cards.count
        let isLast = index == length - 1
        let previous = assembler.cards.last
        let beforePrevious = index >= 2 ? assembler.cards[index - 2] : nil
        for card in alphabet {
            // Grammar and canonical form.
            if isLast && !card.isStep { continue }
            switch card {
            case .end:
                guard let top = assembler.open.last, top.opener != index - 1, previous != .else else { continue }
            case .else:
                guard let top = assembler.open.last, assembler.cards[top.opener].isIf, top.elseAt == nil else { continue }
            case .left:
                if previous == .right { continue }
                if hasRight && previous == .left && beforePrevious == .left { continue }
            case .right:
                if previous == .left { continue }
                if hasLeft && previous == .right && beforePrevious == .right { continue }
            default:
                break
            }
            nodes += 1
            if nodes > budget {
                exhausted = true
                return nil
            }
            guard (try? assembler.append(card)) != nil else { continue }
            defer { assembler.removeLast() }

            // Openers and else run nothing new; steps and ends may.
            var recorder = NoRecorder()
            let outcome = assembler.instructions.withUnsafeBufferPointer {
                engine.execute($0, partial: true, stepLimit: level.stepLimit, detectCycles: true, recorder: &recorder)
            }
            switch outcome.end {
            case .bumped, .fell, .stuck, .stepLimit:
                continue
            case .goal:
                if isLast { return assembler.cards }
                continue
            case .paused, .ranOut:
                break
            }
            let state = world.stateIndex(tile: outcome.y * world.width + outcome.x, facing: outcome.facing, mask: outcome.mask)
            let remaining = length - index - 1
            if let distance {
                let d = Int(distance[state])
                if d == Int(UInt16.max) { continue }
                if !hasLoops && d > remaining { continue }
            }
            if assembler.open.isEmpty && !memoCards.isEmpty {
                let cards = UInt8(index + 1)
                let steps = Int32(outcome.steps)
                let round = UInt8(truncatingIfNeeded: length)
                if memoSteps[state] <= steps && (memoCards[state] < cards || (memoCards[state] == cards && memoRound[state] == round)) {
                    continue
                }
                if cards <= memoCards[state] {
                    memoCards[state] = cards
                    memoSteps[state] = steps
                    memoRound[state] = round
                }
            }
            if isLast {
                // The run paused at the end of the cards: close the open blocks, as running out of cards does.
                guard !assembler.open.isEmpty else { continue }
                scratch = assembler.closedInstructions()
                let full = scratch.withUnsafeBufferPointer {
                    engine.execute($0, partial: false, stepLimit: level.stepLimit, detectCycles: true, recorder: &recorder)
                }
                if full.end == .goal { return assembler.cards }
                continue
            }
            if let found = depthFirst() { return found }
            if exhausted { return nil }
        }
        return nil
    }
}
