import CardBotVision

extension Deck {
    /// The deck's program cards as faces the synthesizer draws: marker (cells, or the picture in its border),
    /// title and an accent colour. The GO card is not among them: it is never laid in a program row.
    package var synthFaces: [CardFace] {
        cards.filter { $0.name != Deck.goCardName }.enumerated().map { index, card in Self.face(card, index: index) }
    }

    /// The GO card as a face the synthesizer lays beside the row, or nil when the deck has none.
    package var goFace: CardFace? {
        card(named: Deck.goCardName).map { Self.face($0, index: cards.count) }
    }

    private static func face(_ card: DeckCard, index: Int) -> CardFace {
        if let code = card.code {
            return CardFace(
                id: card.marker, gridSize: code.size, isWhite: code.isWhite, title: card.title,
                accent: CardFace.accent(forIndex: index))
        }
        return CardFace(
            id: card.marker, marker: card.markerImage(side: 96), title: card.title, accent: CardFace.accent(forIndex: index))
    }
}
