import CardBotImaging
import CardBotSupport

extension Deck {
    /// Loads and checks the deck described by the deck.json file at `path`.
    ///
    /// Each card's `image` is resolved relative to the folder holding deck.json (absolute paths are kept),
    /// and its code is derived from that image.
    /// - Throws: `DeckError` naming deck.json or the reference image, and the reason.
    public static func load(_ path: String) throws -> Deck {
        let (name, cards) = try readCards(path)
        return try Deck(name: name, cards: cards, file: path)
    }

    /// Reads the deck file at `path` and its reference images without checking that the cards can be told apart
    /// (`cardbot cards check` reports all such problems at once with `DeckCheck`).
    /// - Returns: The deck's name (its path when it has none) and its cards.
    /// - Throws: `DeckError` naming deck.json or the reference image, and the reason.
    public static func readCards(_ path: String) throws -> (name: String, cards: [DeckCard]) {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: 16 << 20)
        } catch let error as ImageError {
            switch error.kind {
            case .notFound:
                throw DeckError(.notFound, file: path, reason: "no such deck file")
            case .isDirectory:
                throw DeckError(.unreadable, file: path, reason: "is a directory; give the path of its deck.json")
            default:
                throw DeckError(.unreadable, file: path, reason: error.reason)
            }
        }
        let document = try DeckDocument.parse(bytes, file: path)
        guard document.format == Deck.format else {
            throw DeckError(
                .malformed, file: path,
                reason: "the format is '\(document.format)', but this CardBot reads '\(Deck.format)'")
        }
        guard document.cards.count <= 4096 else {
            throw DeckError(.malformed, file: path, reason: "the deck lists \(document.cards.count) cards; at most 4096 are allowed")
        }
        let folder = Self.folder(of: path)
        var cards: [DeckCard] = []
        cards.reserveCapacity(document.cards.count)
        for (index, entry) in document.cards.enumerated() {
            guard entry.marker >= 0 else {
                throw DeckError(.malformed, file: path, reason: "cards[\(index)]: the marker id \(entry.marker) is negative")
            }
            guard Self.isValidName(entry.name) else {
                throw DeckError(
                    .malformed, file: path,
                    reason: "cards[\(index)]: the name '\(TerminalText.truncated(entry.name, width: 70))' must be 1 to 64 lower-case letters, digits and dashes")
            }
            guard !entry.image.isEmpty else {
                throw DeckError(.malformed, file: path, reason: "cards[\(index)] ('\(entry.name)'): the image path is empty")
            }
            let kind: DeckCard.Kind
            if let text = entry.kind {
                guard let known = DeckCard.Kind(rawValue: text) else {
                    throw DeckError(
                        .malformed, file: path,
                        reason: "cards[\(index)] ('\(entry.name)'): the kind '\(text)' is not \"code\" or \"picture\"")
                }
                kind = known
            } else {
                kind = .code
            }
            let imagePath = entry.image.hasPrefix("/") ? entry.image : folder + entry.image
            let title = entry.title?.resolved(language: document.language) ?? (text: entry.name, translations: [:])
            let description = entry.description?.resolved(language: document.language) ?? (text: "", translations: [:])
            switch kind {
            case .code:
                let code = try MarkerReference.code(ofFile: imagePath)
                var card = DeckCard(
                    marker: entry.marker, name: entry.name, title: title.text, description: description.text, image: entry.image,
                    code: code)
                card.titleTranslations = title.translations
                card.descriptionTranslations = description.translations
                cards.append(card)
            case .picture:
                let picture = try MarkerPicture(image: MarkerReference.readImage(imagePath), file: imagePath)
                var card = DeckCard(
                    marker: entry.marker, name: entry.name, title: title.text, description: description.text,
                    image: entry.image, picture: picture)
                card.titleTranslations = title.translations
                card.descriptionTranslations = description.translations
                cards.append(card)
            }
        }
        return (document.name ?? path, cards)
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    }
}
