/// The search of programs with definitions (`define-a`, `define-b`) for ``Solver``, one total card count at a time.
///
/// The cards are searched in the order main program, then each definition (`define-a` and its body, then
/// `define-b` and its body), and every prefix is run as the main search runs it: until the first call, the main
/// cards run as usual; from there on, the run pauses at that call (its function is not laid yet) until the
/// definition is, and then every body card laid runs at once, from the very state of the call, so bodies are
/// pruned by what they do where they are called. Reading order does not change what the robot does (definitions
/// never run where they lie), so only the card count depends on the layout: each block still open at the end of
/// the main program or of a body costs an `end`, each definition its own `end`, except that the part laid last
/// (the main program, or one definition) needs none of its closing `end`s. The search counts the cheapest layout
/// and writes the program in it. Two functions are searched as a then b (renaming them gives the rest).
struct FunctionSearch {
    let level: Level
    let world: RobotWorld
    let distance: [UInt16]?
    let budget: Int
    /// The most robot steps all the runs of the search may take together (``SolverOptions/stepBudget``).
    let stepBudget: Int
    /// The functions whose define and call cards the level offers: 0 for a, 1 for b.
    let functions: [Int]
    /// The level's cards that are not definitions or calls.
    let plain: [Card]
    var engine: RobotEngine
    var assembler = ProgramAssembler(reservingCapacity: 64)
    var scratch: [Instruction] = []
    var nodes = 0
    /// Robot steps taken by every run so far: a node whose loops walk far costs more than one that stops soon.
    var steps = 0
    var exhausted = false
    private var memoCards: [UInt8]
    private var memoSteps: [Int32]
    private var memoGeneration: [UInt32]
    private var generation: UInt32 = 0

    // The search in progress.
    private var total = 0
    /// The functions in use, in the order their definitions are laid.
    private var inUse: [Int] = []
    private var alphabet: [Card] = []
    private var hasLeft = false
    private var hasRight = false
    /// Which part is being laid: 0 the main program, then 1 + the index in `inUse` of the body being laid.
    private var phase = 0
    /// Cards chosen so far (the `end`s laid automatically when a part is closed do not count).
    private var paid = 0
    /// Where each body starts in the cards, and each part's open blocks when it was closed.
    private var bodyStarts: [Int] = []
    private var closedOpen: [Int] = []
    private var callsInMain = 0

    init(level: Level, world: RobotWorld, distance: [UInt16]?, budget: Int, stepBudget: Int) {
        self.level = level
        self.world = world
        self.distance = distance
        self.budget = budget
        self.stepBudget = stepBudget
        let available = level.availableCards
        functions = [0, 1].filter { available.contains(Card.define($0)) && available.contains(Card.call($0)) }
        plain = available.filter { !$0.isDefine && !$0.isCall }
        engine = RobotEngine(world: world, detectCycles: true)
        let states = world.stateCount.flatMap { $0 <= 1 << 22 ? $0 : nil } ?? 0
        memoCards = [UInt8](repeating: .max, count: states)
        memoSteps = [Int32](repeating: 0, count: states)
        memoGeneration = [UInt32](repeating: 0, count: states)
    }

    /// The first program of `total` cards (in its cheapest layout) that uses functions and solves the level.
    mutating func run(total: Int) -> [Card]? {
        guard let first = functions.first else { return nil }
        self.total = total
        var choices = [[first]]
        if functions.count == 2 { choices.append([0, 1]) }
        for choice in choices {
            inUse = choice
            alphabet = plain + choice.map(Card.call)
            hasLeft = alphabet.contains(.left)
            hasRight = alphabet.contains(.right)
            phase = 0
            paid = 0
            callsInMain = 0
            bodyStarts = []
            closedOpen = []
            generation &+= 1
            if generation == 0 {
                for i in memoGeneration.indices { memoGeneration[i] = 0 }
                generation = 1
            }
            while !assembler.cards.isEmpty { assembler.removeLast() }
            if let found = depthFirst() { return found }
            if exhausted { return nil }
        }
        return nil
    }

    /// The cheapest cost of the cards laid, once the last body is done: chosen cards, plus the closing `end`s of
    /// every part except the one laid last in the written program.
    private func cost(lastBodyOpen: Int) -> (cost: Int, trailing: [Int]) {
        let trailing = [closedOpen[0]] + closedOpen.dropFirst().map { $0 + 1 } + [lastBodyOpen + 1]
        return (paid + trailing.reduce(0, +) - trailing.max()!, trailing)
    }

    /// The program as written: every part closed except the one with the most closing `end`s, laid last.
    private func written(lastBodyOpen: Int) -> [Card] {
        let cards = assembler.cards
        // The parts: main (with its ends), each definition (define, body, its ends and its end).
        var parts: [[Card]] = []
        var starts = bodyStarts.map { $0 - 1 }  // the define cards
        starts.append(cards.count)
        parts.append(Array(cards[0..<starts[0]]))
        for i in 0..<(starts.count - 1) { parts.append(Array(cards[starts[i]..<starts[i + 1]])) }
        parts[parts.count - 1] += Array(repeating: .end, count: lastBodyOpen + 1)
        let (_, trailing) = cost(lastBodyOpen: lastBodyOpen)
        let last = trailing.indices.max { trailing[$0] < trailing[$1] }!
        var program: [Card] = []
        for (i, part) in parts.enumerated() where i != last { program += part }
        program += parts[last].dropLast(trailing[last])
        return program
    }

    private mutating func depthFirst() -> [Card]? {
        let index = assembler.cards.count
        let partStart = phase == 0 ? 0 : bodyStarts[phase - 1]
        let inPart = index - partStart
        let previous = inPart >= 1 ? assembler.cards.last : nil
        let beforePrevious = inPart >= 2 ? assembler.cards[index - 2] : nil
        let remaining = total - paid
        guard remaining >= 1 else { return nil }
        // Room needed after this card: each definition still to come needs its define card and two body cards.
        let functionsLeft = inUse.count - phase
        for option in 0...alphabet.count {
            let card: Card
            if option < alphabet.count {
                card = alphabet[option]
                // The last card of the last body must be a step or a call.
                if phase == inUse.count && remaining == 1 && !(card.isStep || card.isCall) { continue }
                if remaining - 1 < 3 * functionsLeft { continue }
            } else {
                // Close this part and start the next definition.
                guard phase < inUse.count, inPart >= (phase == 0 ? 1 : 2), remaining >= 3 * functionsLeft,
                    previous != .end, previous?.opensBlock != true, previous != .else
                else { continue }
                if phase == 0 && callsInMain == 0 { continue }
                if phase > 0 && !(previous!.isStep || previous!.isCall) { continue }
                card = Card.define(inUse[phase])
            }
            guard CanonicalOrder.admits(
                card, after: assembler, previous: previous, beforePrevious: beforePrevious, hasLeft: hasLeft,
                hasRight: hasRight, partStart: partStart)
            else { continue }
            nodes += 1
            if nodes > budget {
                exhausted = true
                return nil
            }
            if card.isDefine {
                // The open blocks of the part just finished are closed by ends laid for free here (their cost is
                // counted at the end, when the layout is known), and a body's definition by its own end.
                let open = assembler.open.count
                let ends = open
                for _ in 0..<ends { try? assembler.append(.end) }
                guard (try? assembler.append(card)) != nil else {
                    for _ in 0..<ends { assembler.removeLast() }
                    continue
                }
                closedOpen.append(phase == 0 ? open : open - 1)
                phase += 1
                paid += 1
                bodyStarts.append(assembler.cards.count)
                let found = depthFirst()
                bodyStarts.removeLast()
                paid -= 1
                phase -= 1
                closedOpen.removeLast()
                assembler.removeLast()
                for _ in 0..<ends { assembler.removeLast() }
                if let found { return found }
                if exhausted { return nil }
                continue
            }
            guard (try? assembler.append(card)) != nil else { continue }
            paid += 1
            if phase == 0 && card.isCall { callsInMain += 1 }
            defer {
                assembler.removeLast()
                paid -= 1
                if phase == 0 && card.isCall { callsInMain -= 1 }
            }
            var recorder = NoRecorder()
            let outcome = assembler.instructions.withUnsafeBufferPointer {
                engine.execute($0, partial: true, stepLimit: level.stepLimit, detectCycles: true, recorder: &recorder)
            }
            steps += outcome.steps
            if steps > stepBudget {
                exhausted = true
                return nil
            }
            let lastBody = phase == inUse.count
            let bodyOpen = assembler.open.count - 1  // the define's own block is not the body's
            let complete = lastBody && index + 1 - bodyStarts[phase - 1] >= 2 && (card.isStep || card.isCall)
            switch outcome.end {
            case .bumped, .fell, .stuck, .stepLimit:
                continue
            case .goal:
                if complete && cost(lastBodyOpen: bodyOpen).cost <= total { return written(lastBodyOpen: bodyOpen) }
                continue
            case .paused, .ranOut:
                break
            }
            let state = world.stateIndex(tile: outcome.y * world.width + outcome.x, facing: outcome.facing, mask: outcome.mask)
            if let distance, distance[state] == .max { continue }
            if phase == 0 && outcome.pausedAtEnd && assembler.open.isEmpty && !memoCards.isEmpty {
                let cards = UInt8(min(paid, 255))
                let steps = Int32(outcome.steps)
                if memoGeneration[state] == generation && memoSteps[state] <= steps && memoCards[state] <= cards { continue }
                if memoGeneration[state] != generation || cards <= memoCards[state] {
                    memoGeneration[state] = generation
                    memoCards[state] = cards
                    memoSteps[state] = steps
                }
            }
            if complete && cost(lastBodyOpen: bodyOpen).cost <= total {
                scratch = assembler.closedInstructions()
                let full = scratch.withUnsafeBufferPointer {
                    engine.execute($0, partial: false, stepLimit: level.stepLimit, detectCycles: true, recorder: &recorder)
                }
                steps += full.steps
                if full.end == .goal { return written(lastBodyOpen: bodyOpen) }
            }
            if paid < total, let found = depthFirst() { return found }
            if exhausted { return nil }
        }
        return nil
    }
}
