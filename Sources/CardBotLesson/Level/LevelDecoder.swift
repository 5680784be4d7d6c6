import CardBotSupport

/// Turns a parsed level file into a ``Level``, reporting every problem with its position.
///
/// Checks: required fields, types, unknown fields (with the nearest known name), the map (characters, equal rows,
/// one start, one goal, size limits) and the card table (known names, and marker ids the deck has).
public enum LevelDecoder {
    /// The fields of formats 1 and 2, with what each holds (for "missing field" messages).
    public static let fields: [(name: String, required: Bool, about: String)] = [
        ("$schema", false, "the schema editors check the file against"),
        ("format", true, "the file format version, 1 or 2"),
        ("language", false, "the language of the texts when they are given in several (format 2)"),
        ("number", true, "the level's number"),
        ("name", true, "a short title"),
        ("description", true, "what to do, for children"),
        ("hint", false, "a nudge for children who are stuck"),
        ("unlocks", false, "the number of the level this one unlocks"),
        ("cards", true, "an object from marker id to card name"),
        ("maxCards", false, "the most cards a program may use"),
        ("stepLimit", false, "the most steps a run may take"),
        ("tiles", true, "the map as an array of equal-length strings"),
    ]

    /// The most problems reported for one map before the rest are summarised.
    static let maximumTileDiagnostics = 20

    /// Decodes `json` read from `file`.
    /// - Parameters:
    ///   - deckNames: the deck's cards by marker id; a marker id missing from it is an error. `nil` skips that check.
    /// - Returns: the level when there were no errors, and every diagnostic found.
    public static func decode(_ json: JSONValue, file: String, deckNames: [Int: String]?) -> (level: Level?, diagnostics: [Diagnostic]) {
        var context = Context(file: file)
        guard let members = json.members else {
            context.error(at: json.position, "a level file must hold one JSON object ({ ... }), not \(json.typeDescription)")
            return (nil, context.diagnostics)
        }
        var source = LevelSource(file: file)
        source.object = json.position

        var values: [String: JSONValue] = [:]
        let known = fields.map(\.name)
        for member in members {
            if values[member.key] != nil {
                context.error(at: member.keyPosition, "the field '\(member.key)' appears twice; keep one")
                continue
            }
            guard known.contains(member.key) else {
                context.error(at: member.keyPosition, "unknown field '\(member.key)'\(NameSuggestion.suffix(for: member.key, in: known))")
                continue
            }
            values[member.key] = member.value
            source.fields[member.key] = member.value.position
        }
        for field in fields where field.required && values[field.name] == nil {
            context.error(at: json.position, "missing field '\(field.name)' (\(field.about))")
        }

        if let schema = values["$schema"], schema.stringValue == nil {
            context.error(at: schema.position, "'$schema' must be a string, not \(schema.typeDescription)")
        }
        let format = context.integer(values["format"], "format", in: 1...Int.max)
        if let format, !(1...2).contains(format), let value = values["format"] {
            context.error(at: value.position, "unsupported format \(format); this cardbot reads formats 1 and 2")
        }
        var language: String?
        if let value = values["language"] {
            if format == 1 {
                context.error(at: value.position, "'language' needs \"format\": 2")
            } else if let code = value.stringValue, Translations.isLanguageCode(code) {
                language = code
            } else {
                context.error(at: value.position, "'language' must be a language code such as \"en\" or \"da\"")
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

    private static func decodeCards(_ value: JSONValue, deckNames: [Int: String]?, context: inout Context) -> [Int: Card]? {
        guard let members = value.members else {
            context.error(at: value.position, "'cards' must be an object from marker id to card name, like {\"0\": \"forward\"}, not \(value.typeDescription)")
            return nil
        }
        var cards: [Int: Card] = [:]
        var ok = true
        for member in members {
            guard let id = Int(member.key), id >= 0, String(id) == member.key else {
                context.error(at: member.keyPosition, "marker id '\(member.key)' must be a whole number such as \"0\" or \"12\"")
                ok = false
                continue
            }
            if cards[id] != nil {
                context.error(at: member.keyPosition, "marker id \(id) appears twice in 'cards'; keep one")
                ok = false
                continue
            }
            if let deckNames, deckNames[id] == nil {
                let ids = deckNames.keys.sorted()
                let range = ids.isEmpty ? "the deck is empty" : "the deck has ids \(describeIDs(ids))"
                context.error(at: member.keyPosition, "marker id \(id) is not in the deck (\(range))")
                ok = false
            }
            guard let name = member.value.stringValue else {
                context.error(at: member.value.position, "the card for marker id \(id) must be a card name in quotes, not \(member.value.typeDescription)")
                ok = false
                continue
            }
            guard let card = Card(name: name) else {
                let help = NameSuggestion.nearest(to: name, in: Card.allNames).map { "did you mean '\($0)'?" }
                    ?? "the cards are \(Card.allNames.joined(separator: ", "))"
                context.error(at: member.value.position, "unknown card '\(name)'; \(help)")
                ok = false
                continue
            }
            cards[id] = card
        }
        if members.isEmpty {
            context.error(at: value.position, "'cards' is empty: list at least one card, like {\"0\": \"forward\"}")
            ok = false
        }
        return ok ? cards : nil
    }

    private static func describeIDs(_ ids: [Int]) -> String {
        if let first = ids.first, let last = ids.last, last - first + 1 == ids.count { return "\(first)-\(last)" }
        return ids.map(String.init).joined(separator: ", ")
    }

    // MARK: - Tiles

    private static func decodeTiles(_ value: JSONValue, source: inout LevelSource, context: inout Context) -> LevelMap? {
        guard let elements = value.elements else {
            context.error(at: value.position, "'tiles' must be an array of strings, one per row, not \(value.typeDescription)")
            return nil
        }
        guard !elements.isEmpty else {
            context.error(at: value.position, "'tiles' is empty: draw the map as rows of characters (\(Tile.legend))")
            return nil
        }
        var rows: [[Unicode.Scalar]] = []
        var ok = true
        for (y, element) in elements.enumerated() {
            guard case .string(let text, let verbatim) = element.kind else {
                context.error(at: element.position, "row \(y) of 'tiles' must be a string, not \(element.typeDescription)")
                ok = false
                rows.append([])
                source.rows.append((element.position, false))
                continue
            }
            rows.append(Array(text.unicodeScalars.prefix(LevelLimits.maximumSide + 1)))
            source.rows.append((element.position, verbatim))
        }
        guard ok else { return nil }
        let width = rows[0].count
        let height = rows.count
        let widest = max(width, rows.map(\.count).max() ?? 0)
        if height > LevelLimits.maximumSide || widest > LevelLimits.maximumSide {
            let shownWidth = widest > LevelLimits.maximumSide ? "more than \(LevelLimits.maximumSide)" : "\(widest)"
            context.error(
                at: value.position,
                "the map is \(shownWidth) tiles wide and \(height) tall; at most \(LevelLimits.maximumSide)x\(LevelLimits.maximumSide) tiles are allowed")
            return nil
        }
        if width == 0 {
            context.error(at: elements[0].position, "row 0 of 'tiles' is empty")
            return nil
        }
        for (y, row) in rows.enumerated() where row.count != width {
            context.error(at: elements[y].position, "row \(y) has \(row.count) tiles but row 0 has \(width); every row must have the same length")
            ok = false
        }
        // Characters, starts and goals are still checked in ragged rows, so that one run reports everything.

        var tiles: [Tile] = []
        tiles.reserveCapacity(width * height)
        var starts: [(GridPoint, Facing)] = []
        var goals: [GridPoint] = []
        var gems: [GridPoint] = []
        var reported = 0
        for (y, row) in rows.enumerated() {
            for (x, scalar) in row.enumerated() {
                let point = GridPoint(x: x, y: y)
                switch scalar {
                case "#": tiles.append(.wall)
                case ".": tiles.append(.floor)
                case "~": tiles.append(.water)
                case "*":
                    tiles.append(.floor)
                    gems.append(point)
                case "G":
                    tiles.append(.goal)
                    goals.append(point)
                case "^", ">", "v", "<":
                    tiles.append(.floor)
                    starts.append((point, Facing(symbol: Character(scalar))!))
                default:
                    tiles.append(.floor)
                    ok = false
                    reported += 1
                    if reported <= maximumTileDiagnostics {
                        context.error(
                            at: source.position(ofTile: point),
                            "unknown tile '\(scalar.escaped(asASCII: false))' at (\(x), \(y)) (row \(y), column \(x)); use \(Tile.legend)")
                    }
                }
            }
        }
        if reported > maximumTileDiagnostics {
            context.error(at: value.position, "\(reported - maximumTileDiagnostics) more unknown tiles not listed")
        }
        if starts.isEmpty {
            context.error(at: value.position, "the map has no start: mark the robot's tile with ^ (north), > (east), v (south) or < (west)")
            ok = false
        }
        for extra in starts.dropFirst() {
            context.error(at: source.position(ofTile: extra.0), "a second start at \(extra.0); the first is at \(starts[0].0); a map has exactly one start")
            ok = false
        }
        if goals.isEmpty {
            context.error(at: value.position, "the map has no goal: mark it with G")
            ok = false
        }
        for extra in goals.dropFirst() {
            context.error(at: source.position(ofTile: extra), "a second goal at \(extra); the first is at \(goals[0]); a map has exactly one goal")
            ok = false
        }
        if gems.count > LevelLimits.maximumGems {
            context.error(at: source.position(ofTile: gems[LevelLimits.maximumGems]), "the map has \(gems.count) gems; at most \(LevelLimits.maximumGems) are allowed")
            ok = false
        }
        guard ok, tiles.count == width * height else { return nil }
        return LevelMap(
            width: width, height: height, tiles: tiles, start: starts[0].0, startFacing: starts[0].1, goal: goals[0], gems: gems)
    }

    // MARK: - Scalars

    struct Context {
        let file: String
        var diagnostics: [Diagnostic] = []

        mutating func error(at position: SourcePosition, _ message: String) {
            diagnostics.append(Diagnostic(file: file, position: position, message: message))
        }

        mutating func integer(_ value: JSONValue?, _ name: String, in range: ClosedRange<Int>) -> Int? {
            guard let value else { return nil }
            guard let int = value.intValue else {
                if let text = value.numberText, value.isWholeNumber {
                    // A whole number too long for 64 bits: say which bound it breaks, never "not a whole number".
                    let negative = text.hasPrefix("-")
                    let bound = negative ? "at least \(range.lowerBound)" : "at most \(range.upperBound)"
                    error(at: value.position, "'\(name)' is too \(negative ? "small" : "large") a number; it must be \(bound)")
                    return nil
                }
                error(at: value.position, "'\(name)' must be a whole number, not \(value.typeDescription)")
                return nil
            }
            guard range.contains(int) else {
                let upper = range.upperBound == Int.max ? "" : " and at most \(range.upperBound)"
                error(at: value.position, "'\(name)' is \(int); it must be at least \(range.lowerBound)\(upper)")
                return nil
            }
            return int
        }

        /// A text field: a string, or (format 2) an object from language code to string. The default is the
        /// `language`'s text, else English's, else the first given.
        mutating func translatedText(_ value: JSONValue?, _ name: String, format: Int?, language: String?)
            -> (text: String, language: String?, translations: [String: String])?
        {
            guard let value else { return nil }
            guard let members = value.members else {
                return text(value, name).map { ($0, nil, [:]) }
            }
            guard format == 2 else {
                error(at: value.position, "'\(name)' in several languages needs \"format\": 2; or write one string")
                return nil
            }
            var translations: [String: String] = [:]
            var order: [String] = []
            for member in members {
                guard Translations.isLanguageCode(member.key) else {
                    error(at: member.keyPosition, "'\(member.key)' in '\(name)' is not a language code such as \"en\" or \"da\"")
                    continue
                }
                guard translations[member.key] == nil else {
                    error(at: member.keyPosition, "the language '\(member.key)' appears twice in '\(name)'; keep one")
                    continue
                }
                guard let string = text(member.value, "\(name).\(member.key)") else { continue }
                translations[member.key] = string
                order.append(member.key)
            }
            guard let first = order.first else {
                if members.isEmpty { error(at: value.position, "'\(name)' is empty; give it in at least one language") }
                return nil
            }
            if let language, translations[language] == nil {
                error(at: value.position, "'\(name)' has no text in the level's language '\(language)'")
                return nil
            }
            let chosen = language ?? (translations["en"] != nil ? "en" : first)
            return (translations[chosen]!, chosen, translations)
        }

        mutating func text(_ value: JSONValue?, _ name: String) -> String? {
            guard let value else { return nil }
            guard let string = value.stringValue else {
                error(at: value.position, "'\(name)' must be a string, not \(value.typeDescription)")
                return nil
            }
            guard !string.allSatisfy(\.isWhitespace) else {
                error(at: value.position, "'\(name)' is empty; write a few words")
                return nil
            }
            guard string.count <= LevelLimits.maximumTextLength else {
                error(
                    at: value.position,
                    "'\(name)' is \(string.count) characters long; at most \(LevelLimits.maximumTextLength) are allowed")
                return nil
            }
            // Refused rather than shown as U+FFFD: the teacher learns where it is before a stack of worksheets
            // is printed, and the text is the same on paper, on screen and in reports.
            if let problem = ControlCharacters.problem(in: string, field: "'\(name)'") {
                error(at: value.position, problem)
                return nil
            }
            return string
        }
    }
}
