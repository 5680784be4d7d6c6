import CardBotSynth
import CardBotVision

extension Deck {
    /// The deck's cards as faces the synthesizer draws: marker pattern, title and an accent colour.
    var synthFaces: [CardFace] {
        cards.enumerated().map { index, card in
            CardFace(
                id: card.marker, gridSize: card.code.size, isWhite: card.code.isWhite, title: card.title,
                accent: CardFace.accent(forIndex: index))
        }
    }
}
