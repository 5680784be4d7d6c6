import CardBotSupport

/// Turns cards into instructions one at a time, matching blocks; can take cards back (the solver backtracks).
struct ProgramAssembler {
    /// A block opened and not yet closed.
    struct OpenBlock {
        var opener: Int
        var elseAt: Int?
    }

    private(set) var cards: [Card] = []
    private(set) var instructions: [Instruction] = []
    private(set) var open: [OpenBlock] = []
    /// Blocks closed by an `end`, kept so that taking the `end` back can reopen them.
    private var closed: [OpenBlock] = []
    /// The index of the `define-a` and `define-b` cards, or -1 when not laid (yet).
    private(set) var definitions: (Int, Int) = (-1, -1)

    init() {}

    init(reservingCapacity capacity: Int) {
        cards.reserveCapacity(capacity)
        instructions.reserveCapacity(capacity * 2)
        open.reserveCapacity(capacity)
        closed.reserveCapacity(capacity)
    }

    /// The index of function `f`'s define card, or -1.
    func definition(_ f: Int) -> Int { f == 0 ? definitions.0 : definitions.1 }

    private mutating func setDefinition(_ f: Int, _ index: Int) {
        if f == 0 { definitions.0 = index } else { definitions.1 = index }
    }

    /// The index of the first call card whose function has no define card, if any.
    func firstUndefinedCall() -> Int? {
        for (i, card) in cards.enumerated() {
            if let f = card.function, card.isCall, definition(f) < 0 { return i }
        }
        return nil
    }

    /// Adds a card.
    /// - Throws: ``ProgramError`` for an `end` with nothing to close, an `else` outside an if, a second `else`,
    ///   a definition inside another block, or a second definition of the same function.
    mutating func append(_ card: Card) throws(ProgramError) {
        let index = cards.count
        let position = index + 1
        switch card {
        case .defineA, .defineB:
            let f = card.function!
            if let top = open.last {
                let opener = cards[top.opener]
                throw ProgramError(
                    position: position,
                    reason: Messages.later(
                        "card %1$s (%2$s) is inside the %3$s block of card %4$s; a definition stands on its own: close that block with %5$s first, or move %2$s out of it",
                        .number(position), .card(card.name), .card(opener.name), .number(top.opener + 1), .card("end")))
            }
            let first = definition(f)
            if first >= 0 {
                throw ProgramError(
                    position: position,
                    reason: Messages.later(
                        "card %s is a second %s (the first is card %s); each function is defined once: remove one of them",
                        .number(position), .card(card.name), .number(first + 1)))
            }
            instructions.append(.defineStart(function: f, end: Instruction.unresolved))
            open.append(OpenBlock(opener: index))
            setDefinition(f, index)
            for (i, earlier) in cards.enumerated() where earlier.isCall && earlier.function == f {
                instructions[i] = .call(function: f, body: index + 1)
            }
        case .callA, .callB:
            let f = card.function!
            let start = definition(f)
            instructions.append(.call(function: f, body: start >= 0 ? start + 1 : Instruction.unresolved))
        case .forward, .left, .right, .jump:
            instructions.append(.step(card))
        case .repeat2, .repeat3, .repeat4, .repeat5:
            instructions.append(.repeatStart(count: card.repeatCount!, end: Instruction.unresolved))
            open.append(OpenBlock(opener: index))
        case .repeatUntilGoal:
            instructions.append(.untilStart(end: Instruction.unresolved))
            open.append(OpenBlock(opener: index))
        case .ifPathAhead, .ifPathLeft, .ifPathRight:
            let direction: RelativeDirection = card == .ifPathAhead ? .ahead : card == .ifPathLeft ? .left : .right
            instructions.append(.ifStart(direction, otherwise: Instruction.unresolved))
            open.append(OpenBlock(opener: index))
        case .else:
            guard let top = open.last else {
                throw ProgramError(
                    position: position,
                    reason: Messages.later(
                        "card %1$s (%2$s) has no if before it to belong to; remove it or put an if card before it",
                        .number(position), .card("else")))
            }
            let opener = cards[top.opener]
            guard opener.isIf else {
                throw ProgramError(
                    position: position,
                    reason: Messages.later(
                        "card %1$s (%2$s) is inside the %3$s block of card %4$s, which is not an if; close that block with %5$s first",
                        .number(position), .card("else"), .card(opener.name), .number(top.opener + 1), .card("end")))
            }
            if let first = top.elseAt {
                throw ProgramError(
                    position: position,
                    reason: Messages.later(
                        "card %1$s is a second %2$s for the %3$s of card %4$s (its %2$s is card %5$s); an if has at most one %2$s",
                        .number(position), .card("else"), .card(opener.name), .number(top.opener + 1), .number(first + 1)))
            }
            instructions.append(.jump(to: Instruction.unresolved))
            open[open.count - 1].elseAt = index
            if case .ifStart(let direction, _) = instructions[top.opener] {
                instructions[top.opener] = .ifStart(direction, otherwise: index + 1)
            }
        case .end:
            guard let top = open.popLast() else {
                throw ProgramError(
                    position: position,
                    reason: Messages.later(
                        "card %s (%s) has no repeat, if or definition to close; remove it", .number(position), .card("end")))
            }
            closed.append(top)
            instructions.append(close(top, at: index))
        }
        cards.append(card)
    }

    /// Takes back the last card added.
    mutating func removeLast() {
        let card = cards.removeLast()
        let index = cards.count
        instructions.removeLast()
        switch card {
        case .forward, .left, .right, .jump, .callA, .callB:
            break
        case .defineA, .defineB:
            open.removeLast()
            let f = card.function!
            setDefinition(f, -1)
            for (i, earlier) in cards.enumerated() where earlier.isCall && earlier.function == f {
                instructions[i] = .call(function: f, body: Instruction.unresolved)
            }
        case .repeat2, .repeat3, .repeat4, .repeat5, .repeatUntilGoal, .ifPathAhead, .ifPathLeft, .ifPathRight:
            open.removeLast()
        case .else:
            let top = open[open.count - 1]
            open[open.count - 1].elseAt = nil
            if case .ifStart(let direction, _) = instructions[top.opener] {
                instructions[top.opener] = .ifStart(direction, otherwise: Instruction.unresolved)
            }
        case .end:
            let block = closed.removeLast()
            reopen(block)
            open.append(block)
        }
        _ = index
    }

    /// The instructions with every open block closed after the last card, as running out of cards does.
    func closedInstructions() -> [Instruction] {
        var copy = self
        for block in open.reversed() {
            let index = copy.instructions.count
            copy.instructions.append(copy.close(block, at: index))
        }
        return copy.instructions
    }

    /// Writes the closing instruction's targets into the opener (and else) and returns the closing instruction.
    private mutating func close(_ block: OpenBlock, at index: Int) -> Instruction {
        switch instructions[block.opener] {
        case .repeatStart(let count, _):
            instructions[block.opener] = .repeatStart(count: count, end: index)
            return .repeatEnd(start: block.opener)
        case .untilStart:
            instructions[block.opener] = .untilStart(end: index)
            return .untilEnd(start: block.opener)
        case .ifStart(let direction, let otherwise):
            if let elseAt = block.elseAt {
                instructions[elseAt] = .jump(to: index)
            } else {
                instructions[block.opener] = .ifStart(direction, otherwise: index)
            }
            _ = otherwise
            return .ifEnd
        case .defineStart(let function, _):
            instructions[block.opener] = .defineStart(function: function, end: index)
            return .functionEnd(function: function)
        default:
            preconditionFailure("an open block starts with an opener")
        }
    }

    private mutating func reopen(_ block: OpenBlock) {
        switch instructions[block.opener] {
        case .repeatStart(let count, _):
            instructions[block.opener] = .repeatStart(count: count, end: Instruction.unresolved)
        case .untilStart:
            instructions[block.opener] = .untilStart(end: Instruction.unresolved)
        case .ifStart(let direction, _):
            if let elseAt = block.elseAt {
                instructions[elseAt] = .jump(to: Instruction.unresolved)
            } else {
                instructions[block.opener] = .ifStart(direction, otherwise: Instruction.unresolved)
            }
        case .defineStart(let function, _):
            instructions[block.opener] = .defineStart(function: function, end: Instruction.unresolved)
        default:
            preconditionFailure("an open block starts with an opener")
        }
    }
}
