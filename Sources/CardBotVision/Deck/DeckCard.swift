import CardBotSupport
import CardBotImaging

/// One card of a deck: its marker, the word it means by default, and how a child would describe it.
///
/// A card's marker is either a code (`kind` `.code`: a black border around N x N black and white cells, as in
/// ArUco) or a picture (`kind` `.picture`: any drawing inside a black border, matched by correlation).
public struct DeckCard: Sendable, Hashable {
    /// What kind of marker a card carries, as deck.json's `kind` field writes it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A grid of black and white cells inside the border (the default).
        case code
        /// A picture inside the border.
        case picture
    }

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
    /// The marker's inner cells, derived from the reference image (nil for a picture card).
    public var code: MarkerCode?
    /// The picture inside the border (nil for a code card).
    public var picture: MarkerPicture?
    /// `title` in other languages, by language code (deck.json's `"title": {"en": ..., "da": ...}`).
    public var titleTranslations: [String: String] = [:]
    /// `description` in other languages, by language code.
    public var descriptionTranslations: [String: String] = [:]

    /// Creates a card whose marker is a code.
    public init(marker: Int, name: String, title: String, description: String, image: String, code: MarkerCode) {
        self.marker = marker
        self.name = name
        self.title = title
        self.description = description
        self.image = image
        self.code = code
        self.picture = nil
    }

    /// Creates a card whose marker is a picture inside the black border.
    public init(
        marker: Int, name: String, title: String, description: String, image: String, picture: MarkerPicture
    ) {
        self.marker = marker
        self.name = name
        self.title = title
        self.description = description
        self.image = image
        self.code = nil
        self.picture = picture
    }

    /// This card with its title and description in the first of `preferences` (language codes, most wanted
    /// first) that deck.json gives them in, else in the deck's default language.
    public func localized(_ preferences: [String]) -> DeckCard {
        var card = self
        card.title = Translations.pick(title, titleTranslations, preferences)
        card.description = Translations.pick(description, descriptionTranslations, preferences)
        return card
    }

    /// Whether the marker is a code or a picture.
    public var kind: Kind { picture == nil ? .code : .picture }

    /// The whole marker as an image, black border included, about `side` pixels across (code markers are
    /// rounded down to whole pixels per cell, at least one): what is printed and what the synthesizer draws.
    public func markerImage(side: Int) -> GrayImage {
        if let code { return code.markerImage(cell: max(1, side / (code.size + 2))) }
        return picture?.markerImage(side: side) ?? GrayImage(width: 1, height: 1)
    }
}
