/// One depth-first search for a main program of exactly `length` cards, after fixed definitions (the `prefix`).
///
/// The grammar and canonical form, the run of every prefix, the memo and the distance bound are those described
/// on ``Solver``. The engine, the memo tables and the instruction buffer are allocated once and reused by every
/// search of one solve.
struct SolverSearch {
    let level: Level
    let world: RobotWorld
    let distance: [UInt16]?
    let budget: Int
    var engine: RobotEngine
    var assembler = ProgramAssembler(reservingCapacity: 64)
    var scratch: [Instruction] = []
    /// The memo: per robot state, the fewest main cards (and then the fewest steps) it was reached with at the top
    /// level, valid while `memoGeneration[state] == generation`.
    var memoCards: [UInt8]
    var memoSteps: [Int32]
    var memoRound: [UInt8]
    var memoGeneration: [UInt32]
    var generation: UInt32 = 1
    var nodes = 0
    var exhausted = false

    // The search in progress.
    private var alphabet: [Card] = []
    private var hasLeft = false
    private var hasRight = false
    /// The most steps one main card can make (1 for a step card, a call's steps when its function has no loop and
    /// no recursion), or nil when unbounded (loops): the distance over it bounds the cards still needed.
    private var stepsPerCard: Int? = 1
    private var length = 0
    private var base = 0
    private var closedMain = false

    init(level: Level, world: RobotWorld, distance: [UInt16]?, budget: Int) {
        self.level = level
        self.world = world
        self.distance = distance
        self.budget = budget
        self.engine = RobotEngine(world: world, detectCycles: true)
        let states = world.stateCount.flatMap { $0 <= 1 << 22 ? $0 : nil } ?? 0
        memoCards = [UInt8](repeating: .max, count: states)
        memoSteps = [Int32](repeating: 0, count: states)
        memoRound = [UInt8](repeating: 0, count: states)
        memoGeneration = [UInt32](repeating: 0, count: states)
        scratch.reserveCapacity(256)
    }

    /// Starts a fresh memo: states reached by other definitions or layouts say nothing about this search.
    mutating func newMemo() {
        generation &+= 1
        if generation == 0 {
            for i in memoGeneration.indices { memoGeneration[i] = 0 }
            generation = 1
        }
    }

    /// Searches every main program of `length` cards over `alphabet`, after the cards of `prefix` (complete
    /// definitions); returns the main cards of the first that solves the level.
    /// - Parameter closed: The main program must close all its blocks itself (its `end`s are among its cards),
    ///   because a definition follows it.
    /// - Parameter stepsPerCall: The most steps a call card makes, or nil when unbounded.
    mutating func run(length: Int, alphabet: [Card], prefix: [Card] = [], closed: Bool = false, stepsPerCall: Int? = nil) -> [Card]? {
        guard length >= 1 else { return nil }
        self.length = length
        self.alphabet = alphabet
        self.hasLeft = alphabet.contains(.left)
        self.hasRight = alphabet.contains(.right)
        if alphabet.contains(where: \.isLoop) {
            stepsPerCard = nil
        } else if alphabet.contains(where: \.isCall) {
            stepsPerCard = stepsPerCall.map { max(1, $0) }
        } else {
            stepsPerCard = 1
        }
        self.closedMain = closed
        while !assembler.cards.isEmpty { assembler.removeLast() }
        for card in prefix {
            guard (try? assembler.append(card)) != nil else { preconditionFailure("definitions are well formed") }
        }
        base = prefix.count
        defer { while !assembler.cards.isEmpty { assembler.removeLast() } }
        guard let found = depthFirst() else { return nil }
        return Array(found.dropFirst(base))
    }

    private mutating func depthFirst() -> [Card]? {
        let index = assembler.cards.count
        let mainIndex = index - base
        let isLast = mainIndex == length - 1
        let previous = mainIndex >= 1 ? assembler.cards.last : nil
        let beforePrevious = mainIndex >= 2 ? assembler.cards[index - 2] : nil
        for card in alphabet {
            // Grammar and canonical form.
            if isLast && !(card.isStep || card.isCall || (closedMain && card == .end)) { continue }
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
            let remaining = length - mainIndex - 1
            if closedMain && assembler.open.count > remaining { continue }

            // Openers and else run nothing new; steps, calls and ends may.
            var recorder = NoRecorder()
            let outcome = assembler.instructions.withUnsafeBufferPointer {
                engine.execute($0, partial: true, stepLimit: level.stepLimit, detectCycles: true, recorder: &recorder)
            }
            switch outcome.end {
            case .bumped, .fell, .stuck, .stepLimit:
                continue
            case .goal:
                if isLast { return assembler.cards }
                if closedMain && remaining == assembler.open.count {
                    return assembler.cards + Array(repeating: .end, count: remaining)
                }
                continue
            case .paused, .ranOut:
                break
            }
            let state = world.stateIndex(tile: outcome.y * world.width + outcome.x, facing: outcome.facing, mask: outcome.mask)
            if let distance {
                let d = Int(distance[state])
                if d == Int(UInt16.max) { continue }
                if let most = stepsPerCard, d > remaining * most { continue }
            }
            if assembler.open.isEmpty && !memoCards.isEmpty {
                let cards = UInt8(mainIndex + 1)
                let steps = Int32(outcome.steps)
                let round = UInt8(truncatingIfNeeded: length)
                if memoGeneration[state] == generation && memoSteps[state] <= steps
                    && (memoCards[state] < cards || (memoCards[state] == cards && memoRound[state] == round))
                {
                    continue
                }
                if memoGeneration[state] != generation || cards <= memoCards[state] {
                    memoGeneration[state] = generation
                    memoCards[state] = cards
                    memoSteps[state] = steps
                    memoRound[state] = round
                }
            }
            if isLast {
                // The run paused at the end of the cards: close the open blocks, as running out of cards does.
                guard !assembler.open.isEmpty, !closedMain else { continue }
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
