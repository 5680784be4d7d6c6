import CardBotLesson

/// Builds small levels for tests from tiles and card names.
enum TestLevel {
    /// The default deck's names by marker id.
    static let deck: [Int: String] = [
        0: "forward", 1: "left", 2: "right", 3: "jump", 4: "repeat-2", 5: "repeat-3", 6: "repeat-4", 7: "repeat-5",
        8: "repeat-until-goal", 9: "if-path-ahead", 10: "if-path-left", 11: "if-path-right", 12: "else", 13: "end",
        14: "define-a", 15: "call-a", 16: "define-b", 17: "call-b",
    ]

    /// Every card of the loops-and-ifs language (no function cards), under the default deck's ids.
    static let allCards = Array(0...13)

    /// The four function cards: define-a, call-a, define-b, call-b.
    static let functionCards = Array(14...17)

    /// The JSON text of a level.
    static func text(_ tiles: [String], cards: [Int] = allCards, maxCards: Int? = nil, stepLimit: Int? = nil, number: Int = 1) -> String {
        let cardsJSON = cards.map { "\"\($0)\": \"\(deck[$0]!)\"" }.joined(separator: ", ")
        var fields = [
            "\"format\": 1", "\"number\": \(number)", "\"name\": \"Test\"", "\"description\": \"A test level.\"",
            "\"cards\": {\(cardsJSON)}",
        ]
        if let maxCards { fields.append("\"maxCards\": \(maxCards)") }
        if let stepLimit { fields.append("\"stepLimit\": \(stepLimit)") }
        fields.append("\"tiles\": [\n" + tiles.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n  ]")
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    /// A level; fails the test when it does not load.
    static func make(_ tiles: [String], cards: [Int] = allCards, maxCards: Int? = nil, stepLimit: Int? = nil) throws -> Level {
        try LevelLoader.load(text: text(tiles, cards: cards, maxCards: maxCards, stepLimit: stepLimit), file: "test.json", deckNames: deck)
    }

    /// Runs card names on a level.
    static func run(_ level: Level, _ program: String) throws -> Trace {
        let cards = program.split(separator: " ").map { Card(name: String($0))! }
        return Robot.run(try CardProgram(cards), on: level)
    }
}
