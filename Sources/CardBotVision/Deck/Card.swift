/// One card of a deck: its marker, the word it means by default, and how a child would describe it.
public struct Card: Sendable, Hashable {
    /// The marker id printed on the card (unique in its deck).
    public var marker: Int
    /// The card-language word the card means by default, for example `forward`.
    public var name: String
    /// A short title for people, for example `Forward`.
    public var title: String
    /// One sentence a child understands.
    public var description: String
    /// The reference image's path as written in deck.json (relative to deck.json's folder).
    public var image: String
    /// The marker's inner cells, derived from the reference image.
    public var code: MarkerCode

    /// Creates a card.
    public init(marker: Int, name: String, title: String, description: String, image: String, code: MarkerCode) {
        self.marker = marker
        self.name = name
        self.title = title
        self.description = description
        self.image = image
        self.code = code
    }
}
