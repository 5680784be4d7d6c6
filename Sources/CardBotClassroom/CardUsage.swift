import CardBotLesson
import CardBotVision

/// Which levels use which cards: the join of a deck's marker ids with the levels' card maps, for
/// `cardbot cards`.
public struct CardUsage: Sendable {
    /// One level, as listed beside a card.
    public struct LevelRef: Sendable, Hashable {
        /// The level's number.
        public var number: Int
        /// The level's name.
        public var name: String
        /// The card-language word the level maps the marker to.
        public var meaning: String
    }

    /// The levels using each marker id, in the catalog's unlock order.
    public let levelsByMarker: [Int: [LevelRef]]
    /// Level files that could not be read (they are left out).
    public let problems: [String]

    /// Joins the levels of `directory` with marker ids. Levels are read without checking their marker ids
    /// against a deck, so that a level using markers a deck lacks is still listed.
    public init(levelsDirectory directory: String) {
        do {
            let catalog = try LevelCatalog(directory: directory, deckNames: nil)
            self.init(levels: catalog.levels, problems: catalog.problems.map { "\($0)" })
        } catch {
            self.init(levels: [], problems: ["\(error)"])
        }
    }

    /// Joins `levels` with marker ids.
    public init(levels: [Level], problems: [String] = []) {
        var byMarker: [Int: [LevelRef]] = [:]
        for level in levels {
            for (marker, card) in level.cards.sorted(by: { $0.key < $1.key }) {
                byMarker[marker, default: []].append(LevelRef(number: level.number, name: level.name, meaning: card.name))
            }
        }
        self.levelsByMarker = byMarker
        self.problems = problems
    }

    /// The levels using `card`'s marker id.
    public func levels(using card: DeckCard) -> [LevelRef] {
        levelsByMarker[card.marker] ?? []
    }

    /// The levels as a short list: `1 2 3 5-9 12` (numbers, runs of three or more joined with a dash), or `-`.
    public static func numbers(_ levels: [LevelRef]) -> String {
        let numbers = Array(Set(levels.map(\.number))).sorted()
        guard !numbers.isEmpty else { return "-" }
        var parts: [String] = []
        var start = numbers[0], previous = numbers[0]
        func close() {
            if previous - start >= 2 {
                parts.append("\(start)-\(previous)")
            } else {
                parts += (start...previous).map(String.init)
            }
        }
        for number in numbers.dropFirst() {
            if number == previous + 1 {
                previous = number
            } else {
                close()
                start = number
                previous = number
            }
        }
        close()
        return parts.joined(separator: " ")
    }
}
