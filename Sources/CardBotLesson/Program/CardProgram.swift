import CardBotSupport

/// A sequence of cards read as a program: blocks matched, ready to run.
///
/// A repeat or an if opens a block that `end` closes; `else` splits an if into two branches. Blocks still open
/// when the cards run out are closed there and reported in ``notes``. Every card counts, `end` and `else` included.
public struct CardProgram: Sendable {
    /// The cards in reading order.
    public let cards: [Card]
    /// The 1-based positions of the cards whose blocks were still open at the end and were closed there, outermost first.
    public let closedAtEnd: [Int]
    /// The compiled program (closing instructions for open blocks appended).
    let instructions: [Instruction]

    /// Reads `cards` as a program.
    /// - Throws: ``ProgramError`` naming the position of a misplaced `end` or `else`, or a program over
    ///   ``LevelLimits/maximumProgramCards`` cards.
    public init(_ cards: [Card]) throws(ProgramError) {
        guard cards.count <= LevelLimits.maximumProgramCards else {
            throw ProgramError(
                position: 0,
                message: "the program has \(cards.count) cards; at most \(LevelLimits.maximumProgramCards) are allowed")
        }
        var assembler = ProgramAssembler(reservingCapacity: cards.count)
        for card in cards { try assembler.append(card) }
        self.cards = cards
        self.closedAtEnd = assembler.open.map { $0.opener + 1 }
        self.instructions = assembler.closedInstructions()
    }

    /// Reads card names (e.g. `["forward", "repeat-2", "left"]`) as a program.
    /// - Throws: ``ProgramError`` for an unknown name (with its position) or a misplaced `end`/`else`.
    public init(names: [String]) throws(ProgramError) {
        var cards: [Card] = []
        for (i, name) in names.enumerated() {
            guard let card = Card(name: name) else {
                throw ProgramError(
                    position: i + 1,
                    message: "card \(i + 1) '\(name)' is not a card\(NameSuggestion.suffix(for: name, in: Card.allNames))")
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
        guard !closedAtEnd.isEmpty else { return [] }
        let described = closedAtEnd.map { Messages.text("%1$s (card %2$s)", cards[$0 - 1].name, $0) }
        return [
            Messages.plural(
                "%1$s block was still open when the cards ran out and closed there: %2$s",
                "%1$s blocks were still open when the cards ran out and closed there: %2$s", count: closedAtEnd.count,
                closedAtEnd.count, described.joined(separator: ", "))
        ]
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
            lines.append("\(pad)\(number)  \(String(repeating: "  ", count: min(depth, 40)))\(card.name)")
            if card.opensBlock || card == .else { depth += 1 }
        }
        return lines
    }
}
