import CardBotSupport

/// The cards CardBot can recognise, each with its marker's code or picture.
///
/// A deck is accepted only when every marker can be told apart from every other one and from itself turned
/// (see `DeckCheck`): no code marker may read the same after a quarter, half or three-quarter turn, any two code
/// markers must differ in at least `Deck.requiredDistance` cells however they are turned, and no two pictures
/// (or a picture and itself turned) may correlate at `Deck.maximumPictureSimilarity` or more. From the smallest
/// difference between codes the deck derives how many misread cells the detector may correct while still never
/// mistaking one card for another.
public struct Deck: Sendable {
    /// The value of deck.json's `format` field.
    public static let format = "cardbot-deck/1"
    /// The fewest cells in which two markers (in any rotation), or a marker and itself turned, must differ.
    public static let requiredDistance = 3
    /// The highest correlation two pictures (in any rotation), or a picture and itself turned, may have.
    public static let maximumPictureSimilarity = 0.6

    /// The deck's name, for people.
    public let name: String
    /// The deck file it came from (or `<memory>`).
    public let file: String
    /// The cards in the order deck.json lists them.
    public let cards: [DeckCard]
    /// The marker grid size shared by all code cards (4...8), or nil when every card is a picture.
    public let gridSize: Int?
    /// The smallest number of differing cells between two code cards in any rotation, or a code card and itself
    /// turned (0 when the deck has no code cards).
    public let minimumDistance: Int
    /// How many misread cells a reading may have and still count as a card: `(minimumDistance - 3) / 2`,
    /// at most an eighth of the cells, so that a reading is always at least three cells nearer its card than
    /// any other card.
    public let errorBudget: Int

    private let byMarker: [Int: Int]

    /// Checks and creates a deck.
    /// - Parameter file: Where the cards came from, for error messages.
    /// - Throws: `DeckError` naming `file` and the cards at fault (the first problem `DeckCheck` finds).
    public init(name: String, cards: [DeckCard], file: String = "<memory>") throws {
        guard !cards.isEmpty else {
            throw DeckError(.malformed, file: file, said: Messages.later("the deck has no cards; list at least one under '%s'", .plain("cards")))
        }
        let check = DeckCheck(cards: cards)
        if let problem = check.problems.first {
            throw DeckError(problem.kind, file: file, said: problem.said)
        }
        self.name = name
        self.file = file
        self.cards = cards
        let size = cards.lazy.compactMap(\.code).first?.size
        self.gridSize = size
        self.minimumDistance = check.minimumCodeDistance ?? 0
        self.errorBudget = size.map { Self.errorBudget(minimumDistance: check.minimumCodeDistance ?? 0, gridSize: $0) } ?? 0
        self.byMarker = Dictionary(uniqueKeysWithValues: cards.enumerated().map { ($1.marker, $0) })
    }

    /// The error budget for codes whose smallest difference is `minimumDistance` cells.
    static func errorBudget(minimumDistance: Int, gridSize: Int) -> Int {
        max(0, min((minimumDistance - 3) / 2, gridSize * gridSize / 8))
    }

    /// Each card's name by its marker id: the names levels and programs are checked against.
    public var namesByMarker: [Int: String] {
        Dictionary(uniqueKeysWithValues: cards.map { ($0.marker, $0.name) })
    }

    /// The card with marker id `marker`, if the deck has one.
    public func card(marker: Int) -> DeckCard? {
        byMarker[marker].map { cards[$0] }
    }

    /// The card named `name`, if the deck has one.
    public func card(named name: String) -> DeckCard? {
        cards.first { $0.name == name }
    }

    /// Whether some card's marker is a picture.
    public var hasPictures: Bool { cards.contains { $0.picture != nil } }
}

extension Deck {
    /// The name of the card a child taps to run the program; it lies beside the row and is never part of it.
    public static let goCardName = "go"

    /// The marker id of the deck's GO card (the card named ``goCardName``), or nil when the deck has none.
    public var goMarker: Int? { card(named: Self.goCardName)?.marker }
}
