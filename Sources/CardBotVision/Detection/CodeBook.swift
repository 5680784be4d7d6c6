import CardBotImaging

/// Every code card's code in all four rotations, for matching a reading against the whole deck at once.
///
/// A clean reading (every cell right, the usual case) is found with one probe of a hash table; a reading with
/// misread cells is compared with every code, stopping at the first within the error budget (there can be only
/// one). Decks of hundreds of markers (a whole ArUco dictionary) match as fast as small ones for clean readings.
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
    /// The codes, four rotations per code card, in deck order of the code cards.
    let codes: [UInt64]
    /// The deck index of each code card.
    let cardIndex: [Int]
    /// Open-addressing table of `codes` indices (-1 empty), `mask + 1` slots.
    private let slots: [Int32]
    private let mask: Int
    private let shift: UInt64

    init(deck: Deck) {
        gridSize = deck.gridSize ?? 0
        errorBudget = deck.errorBudget
        var codes: [UInt64] = []
        var cardIndex: [Int] = []
        for (index, card) in deck.cards.enumerated() {
            guard var code = card.code else { continue }
            cardIndex.append(index)
            for _ in 0..<4 {
                codes.append(code.bits)
                code = code.rotatedClockwise()
            }
        }
        var capacity = 8
        var bitsUsed: UInt64 = 3
        while capacity < codes.count * 2 {
            capacity <<= 1
            bitsUsed += 1
        }
        var slots = [Int32](repeating: -1, count: capacity)
        let shift = 64 - bitsUsed
        for (index, bits) in codes.enumerated() {
            var slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index)
        }
        self.codes = codes
        self.cardIndex = cardIndex
        self.slots = slots
        self.mask = capacity - 1
        self.shift = shift
    }

    /// Whether the deck has any code cards.
    var isEmpty: Bool { codes.isEmpty }

    /// The code that `match` found, in the reading's turn.
    func code(of match: Match) -> UInt64 {
        codes[cardIndex.firstIndex(of: match.card)! * 4 + match.quarterTurns]
    }

    /// The one card within the error budget of `bits`, or nil.
    ///
    /// The deck guarantees that codes differ in at least `2 * errorBudget + 3` cells, so at most one can be
    /// that close; a reading nearer to none of them is not a card.
    func match(_ bits: UInt64) -> Match? {
        guard !codes.isEmpty else { return nil }
        var found = -1
        var distance = 0
        slots.withUnsafeBufferPointer { slots in
            var slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while slots[slot] >= 0 {
                if codes[Int(slots[slot])] == bits {
                    found = Int(slots[slot])
                    return
                }
                slot = (slot + 1) & mask
            }
        }
        if found < 0 && errorBudget > 0 {
            let budget = errorBudget
            codes.withUnsafeBufferPointer { codes in
                for index in 0..<codes.count {
                    let d = (codes[index] ^ bits).nonzeroBitCount
                    if d <= budget {
                        found = index
                        distance = d
                        return
                    }
                }
            }
        }
        guard found >= 0 else { return nil }
        return Match(card: cardIndex[found / 4], quarterTurns: found % 4, distance: distance)
    }

    /// The one card that `bits` matches with the cells of `erasures` left open, or nil.
    ///
    /// An erased cell costs half a misread one: `2 * misread + erased` may be at most `2 * errorBudget`, so a
    /// reading still lies at least three cells nearer its card than any other. The match's distance counts the
    /// misread and the erased cells that differ.
    func match(_ bits: UInt64, erasures: UInt64) -> Match? {
        let erased = erasures.nonzeroBitCount
        guard !codes.isEmpty, erased <= 2 * errorBudget else { return nil }
        let known = ~erasures
        for index in 0..<codes.count {
            let misread = ((codes[index] ^ bits) & known).nonzeroBitCount
            if 2 * misread + erased <= 2 * errorBudget {
                return Match(
                    card: cardIndex[index / 4], quarterTurns: index % 4, distance: (codes[index] ^ bits).nonzeroBitCount)
            }
        }
        return nil
    }
}
