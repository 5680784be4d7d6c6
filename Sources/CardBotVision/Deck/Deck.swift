/// The cards CardBot can recognise, each with its marker's code.
///
/// A deck is accepted only when every marker can be told apart from every other one and from itself turned:
/// no marker may read the same after a quarter, half or three-quarter turn, and any two markers must differ in
/// at least `Deck.requiredDistance` cells however they are turned. From the smallest such difference the deck
/// derives how many misread cells the detector may correct while still never mistaking one card for another.
public struct Deck: Sendable {
    /// The value of deck.json's `format` field.
    public static let format = "cardbot-deck/1"
    /// The fewest cells in which two markers (in any rotation), or a marker and itself turned, must differ.
    public static let requiredDistance = 3

    /// The deck's name, for people.
    public let name: String
    /// The deck file it came from (or `<memory>`).
    public let file: String
    /// The cards in the order deck.json lists them.
    public let cards: [Card]
    /// The marker grid size shared by all cards (4...8).
    public let gridSize: Int
    /// The smallest number of differing cells between two cards in any rotation, or a card and itself turned.
    public let minimumDistance: Int
    /// How many misread cells a reading may have and still count as a card: `(minimumDistance - 3) / 2`,
    /// at most an eighth of the cells, so that a reading is always at least three cells nearer its card than
    /// any other card.
    public let errorBudget: Int

    private let byMarker: [Int: Int]

    /// Checks and creates a deck.
    /// - Parameter file: Where the cards came from, for error messages.
    /// - Throws: `DeckError` naming `file` and the cards at fault.
    public init(name: String, cards: [Card], file: String = "<memory>") throws {
        guard let first = cards.first else {
            throw DeckError(.malformed, file: file, reason: "the deck has no cards; list at least one under \"cards\"")
        }
        var byMarker: [Int: Int] = [:]
        var byName: [String: Int] = [:]
        for (index, card) in cards.enumerated() {
            if let other = byMarker[card.marker] {
                throw DeckError(
                    .duplicate, file: file,
                    reason: "cards '\(cards[other].name)' and '\(card.name)' both use marker \(card.marker); give each card its own marker")
            }
            if let other = byName[card.name] {
                throw DeckError(
                    .duplicate, file: file,
                    reason: "markers \(cards[other].marker) and \(card.marker) are both named '\(card.name)'; names must be unique")
            }
            if card.code.size != first.code.size {
                throw DeckError(
                    .badMarker, file: file,
                    reason: """
                        card '\(card.name)' (marker \(card.marker)) has a \(card.code.size)x\(card.code.size) grid but \
                        '\(first.name)' has \(first.code.size)x\(first.code.size); all markers of a deck must use one grid size
                        """)
            }
            byMarker[card.marker] = index
            byName[card.name] = index
        }
        var minimum = Int.max
        for card in cards {
            let selfDistance = card.code.rotationalDistance
            if selfDistance < Self.requiredDistance {
                let what = selfDistance == 0 ? "reads the same when turned" : "reads almost the same when turned (\(selfDistance) cells differ)"
                throw DeckError(
                    .ambiguous, file: file,
                    reason: """
                        card '\(card.name)' (marker \(card.marker)) \(what), so which way is up cannot be told; \
                        choose a marker that is not rotationally symmetric
                        """)
            }
            minimum = min(minimum, selfDistance)
        }
        for i in cards.indices {
            for j in cards.indices where j > i {
                let (distance, turns) = cards[i].code.closestRotation(of: cards[j].code)
                if distance < Self.requiredDistance {
                    let turned = turns == 0 ? "" : " when '\(cards[j].name)' is turned \(turns * 90) degrees"
                    throw DeckError(
                        .ambiguous, file: file,
                        reason: """
                            cards '\(cards[i].name)' (marker \(cards[i].marker)) and '\(cards[j].name)' (marker \
                            \(cards[j].marker)) differ in only \(distance) cell\(distance == 1 ? "" : "s")\(turned); \
                            markers must differ in at least \(Self.requiredDistance) cells in every rotation so that a \
                            misread cell cannot turn one card into another
                            """)
                }
                minimum = min(minimum, distance)
            }
        }
        self.name = name
        self.file = file
        self.cards = cards
        self.gridSize = first.code.size
        self.minimumDistance = minimum
        self.errorBudget = min((minimum - 3) / 2, first.code.size * first.code.size / 8)
        self.byMarker = byMarker
    }

    /// The card with marker id `marker`, if the deck has one.
    public func card(marker: Int) -> Card? {
        byMarker[marker].map { cards[$0] }
    }

    /// The card named `name`, if the deck has one.
    public func card(named name: String) -> Card? {
        cards.first { $0.name == name }
    }
}
