/// One depth-first search for a program without functions of exactly `length` cards.
///
/// The grammar and canonical form, the run of every prefix, the memo and the distance bound are those described
/// on ``Solver``. The engine, the memo tables and the instruction buffer are allocated once and reused by every
/// round of one solve (the memo too: see ``Solver``).
struct SolverSearch {
    let level: Level
    let world: RobotWorld
    let distance: [UInt16]?
    let budget: Int
    /// The most robot steps all the runs of the search may take together (``SolverOptions/stepBudget``).
    let stepBudget: Int
    var engine: RobotEngine
    var assembler = ProgramAssembler(reservingCapacity: 64)
    var scratch: [Instruction] = []
    /// The memo: per robot state, the fewest cards (and then the fewest steps) it was reached with at the top level.
    var memoCards: [UInt8]
    var memoSteps: [Int32]
    var memoRound: [UInt8]
    var nodes = 0
    /// Robot steps taken by every run so far: a node whose loops walk far costs more than one that stops soon.
    var steps = 0
    var exhausted = false

    // The search in progress.
    private var alphabet: [Card] = []
    private var hasLeft = false
    private var hasRight = false
    /// True when a card may make more than one step (loops): the distance then does not bound the cards.
    private var manySteps = false
    private var length = 0

    init(level: Level, world: RobotWorld, distance: [UInt16]?, budget: Int, stepBudget: Int) {
        self.level = level
        self.world = world
        self.distance = distance
        self.budget = budget
        self.stepBudget = stepBudget
        self.engine = RobotEngine(world: world, detectCycles: true)
        let states = world.stateCount.flatMap { $0 <= 1 << 22 ? $0 : nil } ?? 0
        memoCards = [UInt8](repeating: .max, count: states)
        memoSteps = [Int32](repeating: 0, count: states)
        memoRound = [UInt8](repeating: 0, count: states)
        scratch.reserveCapacity(256)
    }

    /// Searches every program of `length` cards over `alphabet` (no function cards); returns the first that
    /// solves the level.
    mutating func run(length: Int, alphabet: [Card]) -> [Card]? {
        guard length >= 1 else { return nil }
        self.length = length
        self.alphabet = alphabet
        self.hasLeft = alphabet.contains(.left)
        self.hasRight = alphabet.contains(.right)
        self.manySteps = alphabet.contains(where: \.isLoop)
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
            guard CanonicalOrder.admits(
                card, after: assembler, previous: previous, beforePrevious: beforePrevious, hasLeft: hasLeft,
                hasRight: hasRight)
            else { continue }
            nodes += 1
            if nodes > budget {
                exhausted = true
                return nil
            }
            guard (try? assembler.append(card)) != nil else { continue }
            defer { assembler.removeLast() }
            let remaining = length - index - 1

            // Openers and else run nothing new; steps and ends may.
            var recorder = NoRecorder()
            let outcome = assembler.instructions.withUnsafeBufferPointer {
                engine.execute($0, partial: true, stepLimit: level.stepLimit, detectCycles: true, recorder: &recorder)
            }
            steps += outcome.steps
            if steps > stepBudget {
                exhausted = true
                return nil
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
            if let distance {
                let d = Int(distance[state])
                if d == Int(UInt16.max) { continue }
                if !manySteps && d > remaining { continue }
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
                steps += full.steps
                if full.end == .goal { return assembler.cards }
                continue
            }
            if let found = depthFirst() { return found }
            if exhausted { return nil }
        }
        return nil
    }
}
