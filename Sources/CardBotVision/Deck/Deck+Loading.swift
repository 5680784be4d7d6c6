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
                throw DeckError(.notFound, file: path, said: Messages.later("no such deck file"))
            case .isDirectory:
                throw DeckError(.unreadable, file: path, said: Messages.later("is a directory; give the path of its deck.json"))
            default:
                throw DeckError(.unreadable, file: path, said: error.said)
            }
        }
        let document = try DeckDocument.parse(bytes, file: path)
        guard document.format == Deck.format else {
            throw DeckError(
                .malformed, file: path,
                said: Messages.later(
                    "the format is '%1$s', but this CardBot reads '%2$s'", .plain(TerminalText.truncated(document.format, width: 40)),
                    .plain(Deck.format)))
        }
        guard document.cards.count <= 4096 else {
            throw DeckError(.malformed, file: path, said: tooManyCards(document.cards.count))
        }
        let folder = Self.folder(of: path)
        var cards: [DeckCard] = []
        cards.reserveCapacity(document.cards.count)
        for (index, entry) in document.cards.enumerated() {
            guard entry.marker >= 0 else {
                throw DeckError(
                    .malformed, file: path, said: Messages.later("cards[%1$s]: the marker id %2$s is negative", .number(index), .number(entry.marker)))
            }
            guard Self.isValidName(entry.name) else {
                throw DeckError(
                    .malformed, file: path,
                    said: Messages.later(
                        "cards[%1$s]: the name '%2$s' must be 1 to 64 lower-case letters, digits and dashes", .number(index),
                        .plain(TerminalText.truncated(entry.name, width: 70))))
            }
            guard !entry.image.isEmpty else {
                throw DeckError(
                    .malformed, file: path,
                    said: Messages.later("cards[%1$s] ('%2$s'): the image path is empty", .number(index), .plain(entry.name)))
            }
            let kind: DeckCard.Kind
            if let text = entry.kind {
                guard let known = DeckCard.Kind(rawValue: text) else {
                    throw DeckError(
                        .malformed, file: path,
                        said: Messages.later(
                            "cards[%1$s] ('%2$s'): the kind '%3$s' is not \"code\" or \"picture\"", .number(index), .plain(entry.name),
                            .plain(TerminalText.truncated(text, width: 40))))
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

    /// Why a deck of `count` cards is refused: "the deck lists 5000 cards; at most 4096 are allowed".
    static func tooManyCards(_ count: Int) -> MessageText {
        Messages.later("the deck lists %1$s cards; at most %2$s are allowed", .number(count), .number(4096))
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    }
}
