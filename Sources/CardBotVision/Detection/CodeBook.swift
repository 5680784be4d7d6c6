import CardBotImaging

/// Every card's code in all four rotations, for matching a reading against the whole deck at once.
struct CodeBook {
    /// The result of a match.
    struct Match {
        /// The index of the card in the deck.
        var card: Int
        /// Clockwise quarter turns of the card's upright code that give the reading.
        var quarterTurns: Int
        /// Cells that differ.
        var distance: Int
    }

    let gridSize: Int
    let errorBudget: Int
    private let codes: [UInt64]

    init(deck: Deck) {
        gridSize = deck.gridSize
        errorBudget = deck.errorBudget
        var codes: [UInt64] = []
        codes.reserveCapacity(deck.cards.count * 4)
        for card in deck.cards {
            var code = card.code
            for _ in 0..<4 {
                codes.append(code.bits)
                code = code.rotatedClockwise()
            }
        }
        self.codes = codes
    }

    /// The one card within the error budget of `bits`, or nil.
    ///
    /// The deck guarantees that codes differ in at least `2 * errorBudget + 3` cells, so at most one can be
    /// that close; a reading nearer to none of them is not a card.
    func match(_ bits: UInt64) -> Match? {
        var best = Int.max
        var bestIndex = -1
        codes.withUnsafeBufferPointer { codes in
            for index in 0..<codes.count {
                let distance = (codes[index] ^ bits).nonzeroBitCount
                if distance < best {
                    best = distance
                    bestIndex = index
                }
            }
        }
        guard bestIndex >= 0, best <= errorBudget else { return nil }
        return Match(card: bestIndex / 4, quarterTurns: bestIndex % 4, distance: best)
    }
}
