import CardBotPictures
import CardBotLesson
import CardBotPrint
import CardBotSupport
import CardBotTestSupport
import CardBotVision
import Testing

/// Worksheets of levels whose texts are as hostile as a level file allows (1000 characters each): every text
/// block stays in its box, inside the page's margins, clear of the others.
@Suite("Level worksheets: hostile names, descriptions, hints and card titles")
struct LevelWorksheetTests {
    /// A level with `name`, `description` and `hint`, offering every card of the language.
    static func level(name: String, description: String, hint: String?) throws -> Level {
        let names = Card.allNames
        let cards = names.indices.map { "\"\($0)\": \"\(names[$0])\"" }.joined(separator: ", ")
        let hintField = hint.map { "\"hint\": \(JSONText.quote($0)), " } ?? ""
        let text = """
            {"format": 1, "number": 7, "name": \(JSONText.quote(name)), "description": \(JSONText.quote(description)), \
            \(hintField)"cards": {\(cards)}, "maxCards": 10, "tiles": ["#######", "#>..*G#", "#######"]}
            """
        return try LevelLoader.load(
            text: text, file: "hostile.json",
            deckNames: Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0, $1) }))
    }

    /// What a block of text painted: its ink, cut to its clip when it has one.
    static func painted(_ block: DrawnText) -> TextRectangle {
        guard let box = block.clip else { return block.ink }
        let x = max(box.x, block.ink.x)
        let y = max(box.y, block.ink.y)
        return TextRectangle(
            x: x, y: y, width: max(0, min(box.maxX, block.ink.maxX) - x),
            height: max(0, min(box.maxY, block.ink.maxY) - y))
    }

    /// Draws `level`'s worksheet on `paper` and checks that every block of text stays inside the margins, in its box,
    /// and clear of every other block; returns the blocks.
    @discardableResult
    static func check(
        _ level: Level, titles: [Card: String], paper: PaperSize, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [DrawnText] {
        let sheet = LevelWorksheet(paper: paper)
        let canvas = Canvas(paperWidthMM: paper.width, heightMM: paper.height, dpi: 30)
        sheet.draw(level, cardTitles: titles, on: canvas)
        // Inside the margins, but for the sliver the hook of a J may reach past the start of a line (the name is
        // 10 mm high).
        let bearing = TextBox.sideBearing(for: TextStyle(size: 10))
        let inside = TextRectangle(
            x: sheet.margin - bearing, y: sheet.margin, width: paper.width - 2 * sheet.margin + 2 * bearing,
            height: paper.height - 2 * sheet.margin)
        let blocks = canvas.drawnText
        for block in blocks {
            let painted = Self.painted(block)
            #expect(
                inside.contains(painted, tolerance: 0.01),
                "'\(block.text.prefix(12))' at \(painted) leaves the margins",
                sourceLocation: sourceLocation)
            if let box = block.box {
                #expect(
                    box.rectangle.contains(block.logical, tolerance: 0.01),
                    "'\(block.text.prefix(12))' overflows \(box)",
                    sourceLocation: sourceLocation)
            }
        }
        for (index, block) in blocks.enumerated() {
            for other in blocks[(index + 1)...] where Self.painted(block).intersects(Self.painted(other)) {
                Issue.record(
                    "'\(block.text.prefix(12))' and '\(other.text.prefix(12))' overlap", sourceLocation: sourceLocation)
            }
        }
        return blocks
    }

    static let titles = Dictionary(uniqueKeysWithValues: Card.allCases.map { ($0, $0.name) })

    @Test(
        "a 1000-character hint without a space is cut to a few lines ending in …; the cards and the limit stay on the page",
        arguments: PaperSize.allCases)
    func unbrokenHint(paper: PaperSize) throws {
        let level = try Self.level(
            name: "Gems", description: "Collect the gem.", hint: String(repeating: "H", count: 1000))
        let blocks = Self.check(level, titles: Self.titles, paper: paper)
        let hint = try #require(blocks.first { $0.text.contains("HHHH") })
        #expect(hint.ellipsized)
        #expect(hint.lines <= 6)
        #expect(blocks.contains { $0.text == "Use at most 10 cards." })
        #expect(blocks.contains { $0.text == "call-b" })
    }

    @Test(
        "names, descriptions and hints of 1000 letters, of many lines or piled with accents stay in their boxes",
        arguments: [
            (
                String(repeating: "W", count: 1000), String(repeating: "lorem ipsum ", count: 83),
                String(repeating: "a long hint ", count: 83)
            ),
            (
                "a" + String(repeating: "\u{301}", count: 400), "b" + String(repeating: "\u{301}", count: 300),
                "x" + String(repeating: "\u{301}", count: 500)
            ),
            (
                (1...100).map { "N\($0)" }.joined(separator: "\n"), (1...200).map { "d\($0)" }.joined(separator: "\n"),
                (1...200).map { "h\($0)" }.joined(separator: "\n")
            ),
        ])
    func hostileTexts(name: String, description: String, hint: String) throws {
        let level = try Self.level(name: name, description: description, hint: hint)
        for paper in PaperSize.allCases {
            let blocks = Self.check(level, titles: Self.titles, paper: paper)
            for text in [name, description] {
                let block = try #require(blocks.first { $0.text == text })
                #expect(block.box != nil)
            }
            #expect(try #require(blocks.first { $0.text.hasSuffix(hint) }).box != nil)
        }
    }

    @Test("card titles of 1000 letters, of many lines or piled with accents stay in their cells beside the pictogram")
    func hostileCardTitles() throws {
        let hostile = [
            String(repeating: "W", count: 1000), "a" + String(repeating: "\u{301}", count: 400),
            (1...100).map { "line \($0)" }.joined(separator: "\n"), String(repeating: "Turn left ", count: 100),
        ]
        let titles = Dictionary(
            uniqueKeysWithValues: Card.allCases.enumerated().map { ($1, hostile[$0 % hostile.count]) })
        let level = try Self.level(name: "Gems", description: "Collect the gem.", hint: "Take the gem first.")
        for paper in PaperSize.allCases {
            let blocks = Self.check(level, titles: titles, paper: paper)
            #expect(blocks.filter { hostile.contains($0.text) && $0.box != nil }.count == Card.allCases.count)
        }
    }

    @Test("the curriculum's worksheets in English and Danish are whole: nothing is cut short or clipped")
    func curriculumWhole() throws {
        let deck = try Deck.load(PackageRoot.path("Cards/deck.json"))
        for file in try LevelLoader.levelFiles(in: PackageRoot.path("Levels")) {
            let level = try LevelLoader.load(file, deckNames: deck.namesByMarker)
            for language in ["en", "da"] {
                let titles = Dictionary(
                    uniqueKeysWithValues: level.availableCards.compactMap { card in
                        deck.card(named: card.name).map { (card, $0.localized([language]).title) }
                    })
                let blocks = Self.check(level.localized([language]), titles: titles, paper: .a4)
                #expect(blocks.contains { $0.clip != nil })
                for block in blocks {
                    guard let clip = block.clip else { continue }
                    #expect(!block.ellipsized, "\(file): \(block.text)")
                    #expect(clip.contains(block.ink, tolerance: 0.01), "\(file): '\(block.text)' is clipped")
                }
            }
        }
    }
}
