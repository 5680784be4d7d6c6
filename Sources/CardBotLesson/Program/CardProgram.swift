import CardBotSupport

/// A sequence of cards read as a program: blocks matched, ready to run.
///
/// A repeat, an if or a definition (`define-a`, `define-b`) opens a block that `end` closes; `else` splits an if
/// into two branches. Blocks still open when the cards run out are closed there and reported in ``notes``.
/// A definition does not run where it lies: the main program is every card outside the definitions, in reading
/// order, and `call-a` runs the cards of `define-a`. Every card counts, `end`, `else`, definitions and calls included.
public struct CardProgram: Sendable {
    /// The cards in reading order.
    public let cards: [Card]
    /// The 1-based positions of the cards whose blocks were still open at the end and were closed there, outermost first.
    public let closedAtEnd: [Int]
    /// The compiled program (closing instructions for open blocks appended).
    let instructions: [Instruction]

    /// Reads `cards` as a program.
    /// - Throws: ``ProgramError`` naming the position of a misplaced `end` or `else`, a definition inside another
    ///   block, a second definition of a function, a call of a function that is not defined, or a program over
    ///   ``LevelLimits/maximumProgramCards`` cards.
    public init(_ cards: [Card]) throws(ProgramError) {
        guard cards.count <= LevelLimits.maximumProgramCards else {
            throw ProgramError(
                position: 0,
                reason: Messages.later(
                    "the program has %s cards; at most %s are allowed", .number(cards.count),
                    .number(LevelLimits.maximumProgramCards)))
        }
        var assembler = ProgramAssembler(reservingCapacity: cards.count)
        for card in cards { try assembler.append(card) }
        if let call = assembler.firstUndefinedCall() {
            let card = cards[call]
            let define = Card.define(card.function!).name
            throw ProgramError(
                position: call + 1,
                reason: Messages.later(
                    "card %s (%s) calls a function that is not defined: lay a %s card somewhere with the cards it should run, closed by %s",
                    .number(call + 1), .card(card.name), .card(define), .card("end")))
        }
        self.cards = cards
        self.closedAtEnd = assembler.open.map { $0.opener + 1 }
        self.instructions = assembler.closedInstructions()
        self.uncalled = Self.uncalledDefinitions(cards: cards, instructions: instructions)
    }

    /// The 1-based positions of the define cards whose function the main program never calls (not even through
    /// another function).
    public let uncalled: [Int]

    private static func uncalledDefinitions(cards: [Card], instructions: [Instruction]) -> [Int] {
        var ranges: [Int: (start: Int, end: Int)] = [:]
        for (i, instruction) in instructions.enumerated() {
            if case .defineStart(let f, let end) = instruction { ranges[f] = (i, end) }
        }
        guard !ranges.isEmpty else { return [] }
        // Calls made by the main program (cards outside every definition) and by each function's body.
        var callsFrom: [Int: Set<Int>] = [:]
        var mainCalls = Set<Int>()
        for (i, card) in cards.enumerated() where card.isCall {
            let owner = ranges.first(where: { $0.value.start < i && i < $0.value.end })?.key
            if let owner { callsFrom[owner, default: []].insert(card.function!) } else { mainCalls.insert(card.function!) }
        }
        var reached = mainCalls
        var queue = Array(mainCalls)
        while let f = queue.popLast() {
            for g in callsFrom[f] ?? [] where !reached.contains(g) {
                reached.insert(g)
                queue.append(g)
            }
        }
        return ranges.filter { !reached.contains($0.key) }.map { $0.value.start + 1 }.sorted()
    }

    /// Reads card names (e.g. `["forward", "repeat-2", "left"]`) as a program.
    /// - Throws: ``ProgramError`` for an unknown name (with its position) or a misplaced `end`/`else`.
    public init(names: [String]) throws(ProgramError) {
        var cards: [Card] = []
        for (i, name) in names.enumerated() {
            guard let card = Card(name: name) else {
                throw ProgramError(
                    position: i + 1,
                    reason: NameSuggestion.nearest(to: name, in: Card.allNames).map {
                        Messages.later("card %s '%s' is not a card; did you mean '%s'?", .number(i + 1), .plain(name), .plain($0))
                    } ?? Messages.later("card %s '%s' is not a card", .number(i + 1), .plain(name)))
            }
            cards.append(card)
        }
        try self.init(cards)
    }

    /// The number of cards, `end` and `else` included.
    public var count: Int { cards.count }

    /// The card names in order.
    public var names: [String] { cards.map(\.name) }

    /// Notes for the reader, such as blocks closed because the cards ran out.
    public var notes: [String] {
        var notes: [String] = []
        if !closedAtEnd.isEmpty {
            let described = closedAtEnd.map { Messages.text("%1$s (card %2$s)", cards[$0 - 1].localizedName, $0) }
            notes.append(
                Messages.plural(
                    "%1$s block was still open when the cards ran out and closed there: %2$s",
                    "%1$s blocks were still open when the cards ran out and closed there: %2$s", count: closedAtEnd.count,
                    closedAtEnd.count, described.joined(separator: ", ")))
        }
        for position in uncalled {
            let define = cards[position - 1]
            let call = Card.call(define.function!).localizedName
            notes.append(
                Messages.text(
                    "%1$s (card %2$s) is never called, so its cards never run; lay a %3$s card to use it", define.localizedName,
                    position, call))
        }
        return notes
    }

    /// The cards one per line, indented by block depth, each with its 1-based position.
    public var indentedLines: [String] {
        var depth = 0
        var lines: [String] = []
        let width = String(cards.count).count
        for (i, card) in cards.enumerated() {
            if card == .end || card == .else { depth = max(0, depth - 1) }
            let number = String(i + 1)
            let pad = String(repeating: " ", count: width - number.count)
            lines.append("\(pad)\(number)  \(String(repeating: "  ", count: min(depth, 40)))\(card.localizedName)")
            if card.opensBlock || card == .else { depth += 1 }
        }
        return lines
    }
}
