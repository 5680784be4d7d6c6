import CardBotSupport

extension Deck {
    /// The card named `key`, or with marker id `key`.
    /// - Throws: a ``Problem`` naming deck.json and listing the deck's cards (first the likely one, when the key is
    ///   a typo of a name) when there is no such card.
    public func card(key: String) throws -> DeckCard {
        if let card = card(named: key) ?? Int(key).flatMap({ card(marker: $0) }) { return card }
        let names = cards.map(\.name)
        let shown = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", ..." : "")
        if let near = NameSuggestion.nearest(to: key, in: names) {
            throw Problem(file: file, "no card named '\(key)'; did you mean '\(near)'? The deck's cards are: \(shown)")
        }
        throw Problem(file: file, "no card named '\(key)'; the deck's cards are: \(shown)")
    }
}
