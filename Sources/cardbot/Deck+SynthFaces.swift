import CardBotSynth
import CardBotVision

extension Deck {
    /// The deck's cards as faces the synthesizer draws: marker (cells, or the picture in its border), title and
    /// an accent colour.
    var synthFaces: [CardFace] {
        cards.enumerated().map { index, card in
            if let code = card.code {
                return CardFace(
                    id: card.marker, gridSize: code.size, isWhite: code.isWhite, title: card.title,
                    accent: CardFace.accent(forIndex: index))
            }
            return CardFace(
                id: card.marker, marker: card.markerImage(side: 96), title: card.title,
                accent: CardFace.accent(forIndex: index))
        }
    }
}
