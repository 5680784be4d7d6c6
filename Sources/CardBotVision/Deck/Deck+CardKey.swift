import CardBotSupport

extension Deck {
    /// The card named `key` (its name in deck.json, or its keyword in the reader's language: `frem` in Danish), or
    /// with marker id `key`.
    /// - Throws: a ``Problem`` naming deck.json and listing the deck's cards in the reader's language (first the
    ///   likely one, when the key is a typo of a name) when there is no such card.
    public func card(key: String) throws -> DeckCard {
        let lowered = key.lowercased()
        if let card = card(named: key) ?? Int(key).flatMap({ card(marker: $0) })
            ?? cards.first(where: { Self.typedName($0.name).lowercased() == lowered })
        {
            return card
        }
        let names = cards.map { Self.typedName($0.name) }
        let shown = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", ..." : "")
        let typed = TerminalText.truncated(key, width: 40)
        if let near = NameSuggestion.nearest(to: key, in: names) {
            throw Problem(file: file, Messages.text("no card named '%1$s'; did you mean '%2$s'? The deck's cards are: %3$s", typed, near, shown))
        }
        throw Problem(file: file, Messages.text("no card named '%1$s'; the deck's cards are: %2$s", typed, shown))
    }

    /// A card's name as the reader may type it: the card language's keyword in the reader's language (the
    /// catalog's "card" context: `frem`), else the name deck.json gives it.
    static func typedName(_ name: String) -> String {
        Messages.current.text(name, context: "card")
    }
}
