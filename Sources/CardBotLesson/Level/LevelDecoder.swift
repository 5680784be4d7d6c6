import CardBotSupport

/// Turns a parsed level file into a ``Level``, reporting every problem with its position.
///
/// Checks: required fields, types, unknown fields (with the nearest known name), the map (characters, equal rows,
/// one start, one goal, size limits) and the card table (known names, and marker ids the deck has). Every message
/// is a ``MessageText``: printed in the reader's language, kept in English in JSON.
public enum LevelDecoder {
    /// The fields of formats 1 and 2, with what each holds (for "missing field" messages).
    public static let fields: [(name: String, required: Bool, about: MessageText)] = [
        ("$schema", false, Messages.later("the schema editors check the file against")),
        ("format", true, Messages.later("the file format version, 1 or 2")),
        ("language", false, Messages.later("the language of the texts when they are given in several (format 2)")),
        ("number", true, Messages.later("the level's number")),
        ("name", true, Messages.later("a short title")),
        ("description", true, Messages.later("what to do, for children")),
        ("hint", false, Messages.later("a nudge for children who are stuck")),
        ("unlocks", false, Messages.later("the number of the level this one unlocks")),
        ("cards", true, Messages.later("an object from marker id to card name")),
        ("maxCards", false, Messages.later("the most cards a program may use")),
        ("stepLimit", false, Messages.later("the most steps a run may take")),
        ("tiles", true, Messages.later("the map as an array of equal-length strings")),
    ]

    /// The most problems reported for one map before the rest are summarised.
    static let maximumTileDiagnostics = 20

    /// Decodes `json` read from `file`.
    /// - Parameters:
    ///   - deckNames: the deck's cards by marker id; a marker id missing from it is an error. `nil` skips that check.
    /// - Returns: the level when there were no errors, and every diagnostic found.
    public static func decode(_ json: JSONValue, file: String, deckNames: [Int: String]?) -> (level: Level?, diagnostics: [LevelProblem]) {
        var context = Context(file: file)
        guard let members = json.members else {
            context.error(
                at: json.position, Messages.later("a level file must hold one JSON object ({ ... }), not %s", .said(json.typeSaid)))
            return (nil, context.diagnostics)
        }
        var source = LevelSource(file: file)
        source.object = json.position

        var values: [String: JSONValue] = [:]
        let known = fields.map(\.name)
        for member in members {
            if values[member.key] != nil {
                context.error(at: member.keyPosition, Messages.later("the field '%s' appears twice; keep one", .plain(member.key)))
                continue
            }
            guard known.contains(member.key) else {
                let said = NameSuggestion.nearest(to: member.key, in: known).map {
                    Messages.later("unknown field '%1$s'; did you mean '%2$s'?", .plain(member.key), .plain($0))
                } ?? Messages.later("unknown field '%s'", .plain(member.key))
                context.error(at: member.keyPosition, said)
                continue
            }
            values[member.key] = member.value
            source.fields[member.key] = member.value.position
        }
        for field in fields where field.required && values[field.name] == nil {
            context.error(at: json.position, Messages.later("missing field '%1$s' (%2$s)", .plain(field.name), .said(field.about)))
        }

        if let schema = values["$schema"], schema.stringValue == nil {
            context.error(at: schema.position, Messages.later("'$schema' must be a string, not %s", .said(schema.typeSaid)))
        }
        let format = context.integer(values["format"], "format", in: 1...Int.max)
        if let format, !(1...2).contains(format), let value = values["format"] {
            context.error(
                at: value.position, Messages.later("unsupported format %s; this cardbot reads formats 1 and 2", .number(format)))
        }
        var language: String?
        if let value = values["language"] {
            if format == 1 {
                context.error(at: value.position, Messages.later("'language' needs \"format\": 2"))
            } else if let code = value.stringValue, Translations.isLanguageCode(code) {
                language = code
            } else {
                context.error(at: value.position, Messages.later("'language' must be a language code such as \"en\" or \"da\""))
            }
        }
        let number = context.integer(values["number"], "number", in: 1...9999)
        let name = context.translatedText(values["name"], "name", format: format, language: language)
        let description = context.translatedText(values["description"], "description", format: format, language: language)
        let hint = values["hint"].flatMap { context.translatedText($0, "hint", format: format, language: language) }
        let unlocks = values["unlocks"].flatMap { context.integer($0, "unlocks", in: 1...9999) }
        let maxCards = values["maxCards"].flatMap { context.integer($0, "maxCards", in: 1...LevelLimits.maximumMaxCards) }
        let stepLimit = values["stepLimit"].flatMap { context.integer($0, "stepLimit", in: 1...LevelLimits.maximumStepLimit) }
        let cards = values["cards"].flatMap { decodeCards($0, deckNames: deckNames, context: &context) }
        let map = values["tiles"].flatMap { decodeTiles($0, source: &source, context: &context) }

        guard context.diagnostics.allSatisfy({ $0.severity != .error }),
            let format, let number, let name, let description, let cards, let map
        else { return (nil, context.diagnostics) }
        var level = Level(
            format: format, number: number, name: name.text, description: description.text, hint: hint?.text,
            unlocks: unlocks, cards: cards, maxCards: maxCards, stepLimit: stepLimit ?? Level.defaultStepLimit, map: map,
            source: source)
        level.language = language ?? name.language
        level.nameTranslations = name.translations
        level.descriptionTranslations = description.translations
        level.hintTranslations = hint?.translations ?? [:]
        return (level, context.diagnostics)
    }

    // MARK: - Cards

    /// The card table: marker ids (whole numbers the deck has, each once) to card names, as the file writes them.
    private static func decodeCards(_ value: JSONValue, deckNames: [Int: String]?, context: inout Context) -> [Int: Card]? {
        guard let members = value.members else {
            context.error(
                at: value.position,
                Messages.later(
                    "'%1$s' must be an object from marker id to card name, like {\"0\": \"forward\"}, not %2$s",
                    .plain("cards"), .said(value.typeSaid)))
            return nil
        }
        var cards: [Int: Card] = [:]
        var ok = true
        for member in members {
            guard let id = Int(member.key), id >= 0, String(id) == member.key else {
                context.error(
                    at: member.keyPosition,
                    Messages.later("marker id '%s' must be a whole number such as \"0\" or \"12\"", .plain(member.key)))
                ok = false
                continue
            }
            if cards[id] != nil {
                context.error(
                    at: member.keyPosition,
                    Messages.later("marker id %1$s appears twice in '%2$s'; keep one", .number(id), .plain("cards")))
                ok = false
                continue
            }
            if let deckNames, deckNames[id] == nil {
                let ids = deckNames.keys.sorted()
                let said =
                    ids.isEmpty
                    ? Messages.later("marker id %s is not in the deck (the deck is empty)", .number(id))
                    : Messages.later("marker id %1$s is not in the deck (the deck has ids %2$s)", .number(id), .plain(describeIDs(ids)))
                context.error(at: member.keyPosition, said)
                ok = false
            }
            guard let name = member.value.stringValue else {
                context.error(
                    at: member.value.position,
                    Messages.later(
                        "the card for marker id %1$s must be a card name in quotes, not %2$s", .number(id), .said(member.value.typeSaid)))
                ok = false
                continue
            }
            guard let card = Card(name: name) else {
                // The names a level file takes are the cards' own (English) names, so they are given as they are.
                let said = NameSuggestion.nearest(to: name, in: Card.allNames).map {
                    Messages.later("unknown card '%1$s'; did you mean '%2$s'?", .plain(name), .plain($0))
                } ?? Messages.later("unknown card '%1$s'; the cards are %2$s", .plain(name), .plain(Card.allNames.joined(separator: ", ")))
                context.error(at: member.value.position, said)
                ok = false
                continue
            }
            cards[id] = card
        }
        if members.isEmpty {
            context.error(
                at: value.position, Messages.later("'%s' is empty: list at least one card, like {\"0\": \"forward\"}", .plain("cards")))
            ok = false
        }
        return ok ? cards : nil
    }

    /// `ids` as a range ("0-18") when they follow each other, else listed.
    private static func describeIDs(_ ids: [Int]) -> String {
        if let first = ids.first, let last = ids.last, last - first + 1 == ids.count { return "\(first)-\(last)" }
        return ids.map(String.init).joined(separator: ", ")
    }
}
