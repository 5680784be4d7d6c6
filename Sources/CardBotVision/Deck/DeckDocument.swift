import CardBotSupport

/// deck.json as it is written, read with the positioned JSON parser that level files and session.json use, so
/// that every problem is reported as `FILE:LINE:COLUMN: error: message`.
struct DeckDocument {
    /// One entry of `cards`.
    struct Entry {
        var marker: Int
        var name: String
        var title: TranslatedString?
        var description: TranslatedString?
        var image: String
        var kind: String?
    }

    var format: String
    var name: String?
    /// The language of titles and descriptions given in several.
    var language: String?
    var cards: [Entry]

    /// The longest deck name, card title or description accepted, in characters.
    static let maximumTextLength = 1000

    /// Parses deck.json's bytes.
    /// - Throws: `DeckError` (`.malformed`) with the position of the first problem.
    static func parse(_ bytes: [UInt8], file: String) throws -> DeckDocument {
        func fail(_ position: SourcePosition, _ message: MessageText) -> DeckError {
            DeckError(.malformed, file: file, position: position, said: message)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw fail(error.position, Messages.later("malformed JSON: %s", .said(error.said)))
        }
        guard root.members != nil else {
            throw fail(root.position, Messages.later("the deck file should be an object, not %s", .said(root.typeSaid)))
        }
        let format = try string(root, "format", at: "the top level", file: file)
        let name = try optionalString(root, "name", file: file)
        var language: String?
        if let value = member(root, "language") {
            guard let code = value.stringValue, Translations.isLanguageCode(code) else {
                throw fail(value.position, Messages.later("'language' should be a language code such as \"en\" or \"da\""))
            }
            language = code
        }
        guard let cardsValue = member(root, "cards") else {
            throw fail(root.position, Messages.later("the field '%s' is missing", .plain("cards")))
        }
        guard let elements = cardsValue.elements else {
            throw fail(cardsValue.position, Messages.later("'cards' should be a list, not %s", .said(cardsValue.typeSaid)))
        }
        guard elements.count <= 4096 else {
            throw fail(cardsValue.position, Deck.tooManyCards(elements.count))
        }
        var cards: [Entry] = []
        for (index, element) in elements.enumerated() {
            let place = "cards[\(index)]"
            guard element.members != nil else {
                throw fail(element.position, Messages.later("%1$s should be an object, not %2$s", .plain(place), .said(element.typeSaid)))
            }
            guard let markerValue = member(element, "marker") else {
                throw fail(element.position, Messages.later("the field '%1$s' is missing in %2$s", .plain("marker"), .plain(place)))
            }
            guard let marker = markerValue.intValue else {
                throw fail(
                    markerValue.position,
                    markerValue.isWholeNumber
                        ? Messages.later("%s.marker is too large a number", .plain(place))
                        : Messages.later("%1$s.marker should be a whole number, not %2$s", .plain(place), .said(markerValue.typeSaid)))
            }
            cards.append(
                Entry(
                    marker: marker, name: try string(element, "name", at: place, file: file),
                    title: try translated(element, "title", file: file, place: place),
                    description: try translated(element, "description", file: file, place: place),
                    image: try string(element, "image", at: place, file: file),
                    kind: try optionalString(element, "kind", file: file, place: place)))
        }
        return DeckDocument(format: format, name: name, language: language, cards: cards)
    }

    /// A title or description: a string, or an object from language code to string.
    private static func translated(_ object: JSONValue, _ key: String, file: String, place: String) throws -> TranslatedString? {
        guard let value = member(object, key) else { return nil }
        guard let members = value.members else {
            return try optionalString(object, key, file: file, place: place).map { TranslatedString(single: $0) }
        }
        guard !members.isEmpty else {
            throw DeckError(
                .malformed, file: file, position: value.position,
                said: Messages.later("%s is an empty object; give a string, or the text in at least one language", .plain("\(place).\(key)")))
        }
        var texts: [String: String] = [:]
        for member in members {
            guard Translations.isLanguageCode(member.key) else {
                throw DeckError(
                    .malformed, file: file, position: member.keyPosition,
                    said: Messages.later(
                        "'%1$s' in %2$s is not a language code such as \"en\" or \"da\"", .plain(TerminalText.truncated(member.key, width: 40)),
                        .plain("\(place).\(key)")))
            }
            texts[member.key] = try text(member.value, "\(key).\(member.key)", file: file, place: place)
        }
        return TranslatedString(texts: texts)
    }

    private static func member(_ object: JSONValue, _ key: String) -> JSONValue? {
        object.members?.last(where: { $0.key == key })?.value
    }

    private static func string(_ object: JSONValue, _ key: String, at place: String, file: String) throws -> String {
        guard let value = member(object, key) else {
            throw DeckError(
                .malformed, file: file, position: object.position,
                said: place == "the top level"
                    ? Messages.later("the field '%s' is missing", .plain(key))
                    : Messages.later("the field '%1$s' is missing in %2$s", .plain(key), .plain(place)))
        }
        return try text(value, key, file: file, place: place == "the top level" ? nil : place)
    }

    private static func optionalString(_ object: JSONValue, _ key: String, file: String, place: String? = nil) throws -> String? {
        guard let value = member(object, key) else { return nil }
        if case .null = value.kind { return nil }
        return try text(value, key, file: file, place: place)
    }

    private static func text(_ value: JSONValue, _ key: String, file: String, place: String?) throws -> String {
        let field = place.map { "\($0).\(key)" } ?? key
        guard let string = value.stringValue else {
            throw DeckError(
                .malformed, file: file, position: value.position,
                said: Messages.later("%1$s should be a string, not %2$s", .plain(field), .said(value.typeSaid)))
        }
        guard string.count <= maximumTextLength else {
            throw DeckError(
                .malformed, file: file, position: value.position,
                said: Messages.later(
                    "%1$s is %2$s characters long; at most %3$s are allowed", .plain(field), .number(string.count), .number(maximumTextLength)))
        }
        if let problem = ControlCharacters.said(in: string, field: field) {
            throw DeckError(.malformed, file: file, position: value.position, said: problem)
        }
        return string
    }
}

/// A title or description in deck.json: one string, or the text in several languages (`{"en": "Jump", "da": "Hop"}`).
struct TranslatedString {
    /// The text by language code (empty for one string).
    var texts: [String: String] = [:]
    /// The one string, when not given by language.
    var single: String?

    /// The text in `language`, else English, else the first language in alphabetical order; and all of them.
    func resolved(language: String?) -> (text: String, translations: [String: String]) {
        if let single { return (single, [:]) }
        let key = language.flatMap { texts[$0] != nil ? $0 : nil } ?? (texts["en"] != nil ? "en" : texts.keys.sorted()[0])
        return (texts[key]!, texts)
    }
}
