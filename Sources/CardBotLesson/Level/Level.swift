import CardBotSupport

/// One level: its map, the cards available in it (by marker id), and its limits.
///
/// Levels are read from `Levels/NN-slug.json` (format 1) by ``LevelLoader``; see docs/levels.md for the format.
public struct Level: Sendable {
    /// The file format version (1).
    public var format: Int
    /// The level's number, unique in its directory.
    public var number: Int
    /// A short title.
    public var name: String
    /// What to do, in words for children.
    public var description: String
    /// A nudge for children who are stuck.
    public var hint: String?
    /// The number of the level this one unlocks.
    public var unlocks: Int?
    /// Which physical card (marker id) means which card in this level, by marker id.
    public var cards: [Int: Card]
    /// The most cards a program may use, if the level sets it.
    public var maxCards: Int?
    /// The most steps a run may take before it fails with `step-limit`.
    public var stepLimit: Int
    /// The map.
    public var map: LevelMap
    /// Where the level came from and where its parts are in the file, for messages.
    public var source: LevelSource
    /// The language `name`, `description` and `hint` are in (format 2's `language`; nil when not said).
    public var language: String?
    /// `name` in other languages, by language code (format 2).
    public var nameTranslations: [String: String] = [:]
    /// `description` in other languages, by language code (format 2).
    public var descriptionTranslations: [String: String] = [:]
    /// `hint` in other languages, by language code (format 2).
    public var hintTranslations: [String: String] = [:]

    /// The default step limit when a level does not set one.
    public static let defaultStepLimit = 1000

    public init(
        format: Int = 1, number: Int, name: String, description: String, hint: String? = nil, unlocks: Int? = nil,
        cards: [Int: Card], maxCards: Int? = nil, stepLimit: Int = Level.defaultStepLimit, map: LevelMap,
        source: LevelSource = LevelSource(file: "<memory>")
    ) {
        self.format = format
        self.number = number
        self.name = name
        self.description = description
        self.hint = hint
        self.unlocks = unlocks
        self.cards = cards
        self.maxCards = maxCards
        self.stepLimit = stepLimit
        self.map = map
        self.source = source
    }

    /// This level with its name, description and hint in the first of `preferences` (language codes, most
    /// wanted first) that the file gives each in, else in the file's default language.
    public func localized(_ preferences: [String]) -> Level {
        guard !preferences.isEmpty, preferences.first != language else { return self }
        var level = self
        level.name = Translations.pick(name, nameTranslations, preferences)
        level.description = Translations.pick(description, descriptionTranslations, preferences)
        level.hint = hint.map { Translations.pick($0, hintTranslations, preferences) }
        return level
    }

    /// The distinct cards available in this level, in card order.
    public var availableCards: [Card] {
        Array(Set(cards.values)).sorted()
    }

    /// The marker ids that mean `card` in this level, smallest first.
    public func markerIDs(for card: Card) -> [Int] {
        cards.filter { $0.value == card }.map(\.key).sorted()
    }
}

/// Where a level was read from and where its parts sit in that file.
public struct LevelSource: Sendable {
    /// The file's path as given.
    public var file: String
    /// Where the top-level object starts.
    public var object: SourcePosition = .start
    /// Where the values of the top-level fields start, by field name.
    public var fields: [String: SourcePosition] = [:]
    /// Where each row string of `tiles` starts (its opening quote), and whether it had no escapes.
    public var rows: [(position: SourcePosition, verbatim: Bool)] = []

    public init(file: String) {
        self.file = file
    }

    /// The position of the tile at `point` in the file (the row's start when it had escapes).
    public func position(ofTile point: GridPoint) -> SourcePosition {
        guard point.y >= 0, point.y < rows.count else { return fields["tiles"] ?? object }
        let row = rows[point.y]
        return row.verbatim ? row.position.advanced(by: 1 + point.x) : row.position
    }

    /// The position of a field's value, or of the object when the field is absent.
    public func position(ofField name: String) -> SourcePosition {
        fields[name] ?? object
    }
}
