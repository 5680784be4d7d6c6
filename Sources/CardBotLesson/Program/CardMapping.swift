import CardBotSupport

/// Turns what children laid on the table (marker ids read from a camera frame) or typed (card names or ids)
/// into the cards of a level.
///
/// A level's `cards` maps marker ids to cards; a card it does not list is not available in it.
/// The deck's names (marker id to default card name) are passed in as plain data so that this layer needs
/// no vision; they only make messages clearer ("the jump card is not used in this level").
public struct CardMapping: Sendable {
    /// The level's cards by marker id.
    public let levelCards: [Int: Card]
    /// The deck's default card names by marker id.
    public let deckNames: [Int: String]

    public init(level: Level, deckNames: [Int: String]) {
        self.levelCards = level.cards
        self.deckNames = deckNames
    }

    /// Maps marker ids read in order (from a frame) to the level's cards.
    /// - Throws: ``CardMappingError`` for the first id the deck lacks or the level does not use, with its position.
    public func cards(markerIDs: [Int]) throws(CardMappingError) -> [Card] {
        var cards: [Card] = []
        cards.reserveCapacity(markerIDs.count)
        for (i, id) in markerIDs.enumerated() {
            cards.append(try card(markerID: id, position: i + 1))
        }
        return cards
    }

    /// Maps marker ids read in order to a runnable program.
    /// - Throws: ``CardMappingError`` or ``ProgramError``.
    public func program(markerIDs: [Int]) throws -> CardProgram {
        try CardProgram(cards(markerIDs: markerIDs))
    }

    /// Reads a typed program: card names or marker ids separated by spaces or commas.
    /// - Throws: ``CardMappingError`` for the first token that is not a card of this level.
    public func cards(text: String) throws(CardMappingError) -> [Card] {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        var cards: [Card] = []
        for (i, token) in tokens.enumerated() {
            let position = i + 1
            if let id = Int(token) {
                cards.append(try card(markerID: id, position: position))
                continue
            }
            let name = token.lowercased()
            // A card's name, or its keyword in the reader's language (`frem hop frem` in Danish).
            guard let card = Card(typed: name) else {
                let known = Card.allNames + Card.allCases.map(\.localizedName).filter { !Card.allNames.contains($0) }
                let reason = NameSuggestion.nearest(to: name, in: known).map {
                    Messages.later("card %s '%s' is not a card; did you mean '%s'?", .number(position), .plain(String(token)), .plain($0))
                } ?? Messages.later(
                    "card %s '%s' is not a card; the cards are %s", .number(position), .plain(String(token)),
                    .cards(Card.allNames))
                throw CardMappingError(kind: .unknownName(String(token)), position: position, reason: reason)
            }
            guard levelCards.values.contains(card) else {
                throw notInLevel(card.name, position: position, id: nil)
            }
            cards.append(card)
        }
        return cards
    }

    /// The card a marker id means in this level.
    public func card(markerID id: Int, position: Int) throws(CardMappingError) -> Card {
        if let card = levelCards[id] { return card }
        guard let name = deckNames[id] else {
            throw CardMappingError(
                kind: .unknownMarker(id), position: position,
                reason: Messages.later(
                    "card %s has marker id %s, which is not a card of the deck", .number(position), .number(id)))
        }
        throw notInLevel(name, position: position, id: id)
    }

    private func notInLevel(_ name: String, position: Int, id: Int?) -> CardMappingError {
        let available = MessageText.Value.cards(Set(levelCards.values).sorted().map(\.name))
        let reason =
            if let id {
                Messages.later(
                    "card %s: the %s card (marker id %s) is not used in this level; its cards are %s", .number(position),
                    .card(name), .number(id), available)
            } else {
                Messages.later(
                    "card %s: the %s card is not used in this level; its cards are %s", .number(position), .card(name),
                    available)
            }
        return CardMappingError(kind: .notInLevel(name), position: position, reason: reason)
    }
}
