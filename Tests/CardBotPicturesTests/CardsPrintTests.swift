import CardBotImaging
import CardBotPictures
import CardBotPrint
import CardBotSynth
import CardBotVision
import Foundation
import Testing

@Suite("Card library: printed sheets")
struct CardsPrintTests {
    @Test("sheets hold a grid of cards that fits the paper", arguments: [
        (PaperSize.a4, 60.0, 3, 3), (PaperSize.letter, 60.0, 3, 3), (PaperSize.a4, 90.0, 2, 2), (PaperSize.a4, 180.0, 1, 1),
    ])
    func layout(paper: PaperSize, width: Double, columns: Int, rows: Int) throws {
        let layout = try #require(SheetLayout(paper: paper, cardWidth: width))
        #expect(layout.columns == columns)
        #expect(layout.rows == rows)
        let last = layout.origin(ofSlot: layout.cardsPerSheet - 1)
        #expect(last.x + layout.cardWidth <= paper.width - layout.margin + 1e-9)
        #expect(last.y + layout.cardHeight <= paper.height - layout.margin + 1e-9)
        #expect(layout.origin(ofSlot: 0).x >= layout.margin)
    }

    @Test("a card too big for the paper has no layout")
    func tooBig() {
        #expect(SheetLayout(paper: .letter, cardWidth: 200) == nil)
    }

    @Test("every card of the default deck has a pictogram; other names have none")
    func pictograms() {
        for card in PrintTestSupport.defaultDeck.cards {
            #expect(CardPictogram.exists(for: card.name), "\(card.name)")
        }
        #expect(!CardPictogram.exists(for: "m17"))
        #expect(CardPictogram.familyColor(for: "repeat-3") == CardPictogram.familyColor(for: "repeat-until-goal"))
        #expect(CardPictogram.familyColor(for: "forward") != CardPictogram.familyColor(for: "else"))
    }

    @Test("a sheet is 300 dpi paper with the markers printed at the card layout's size")
    func sheetPixels() throws {
        let layout = try #require(SheetLayout(paper: .a4, cardWidth: 60))
        let printer = CardSheetPrinter(layout: layout, deckName: "test")
        let cards = PrintTestSupport.defaultDeck.cards
        #expect(printer.sheetCount(cards: cards.count) == 3)
        let sheet = printer.renderSheet(0, of: cards)
        #expect(sheet.width == 2480 && sheet.height == 3508)
        // The first card's marker: black at its border, and its corner cell where the code says.
        let origin = layout.origin(ofSlot: 0)
        let box = CardSheetPrinter.markerBox(cardWidth: 60)
        let pixel = 300 / 25.4
        func at(_ x: Double, _ y: Double) -> RGB { sheet[Int(x * pixel), Int(y * pixel)] }
        let cell = box.side / 6
        #expect(at(origin.x + box.left + cell / 2, origin.y + box.top + cell / 2) == RGB(0, 0, 0))
        #expect(at(origin.x + box.left - 1, origin.y + box.top + 10) == RGB(255, 255, 255))
        // forward's first cell (row 0, column 0) is white, its second black.
        #expect(at(origin.x + box.left + 1.5 * cell, origin.y + box.top + 1.5 * cell) == RGB(255, 255, 255))
        #expect(at(origin.x + box.left + 2.5 * cell, origin.y + box.top + 1.5 * cell) == RGB(0, 0, 0))
    }

    @Test(
        "round trip: a printed sheet photographed on a table is read back, every card found and none wrong",
        arguments: [
            PrintTestSupport.Pose(tilt: 0, heading: 0, rotation: 0, blur: 0.8, noise: 2, quality: 90),
            PrintTestSupport.Pose(tilt: 35, heading: 25, rotation: 8, blur: 1.2, noise: 4, quality: 80),
            PrintTestSupport.Pose(tilt: 45, heading: 200, rotation: -5, blur: 1.5, noise: 5, quality: 70),
        ])
    func roundTrip(pose: PrintTestSupport.Pose) throws {
        let deck = PrintTestSupport.defaultDeck
        let layout = try #require(SheetLayout(paper: .a4, cardWidth: 60))
        let printer = CardSheetPrinter(layout: layout, dpi: 300, deckName: deck.name)
        let detector = MarkerDetector(deck: deck)
        for sheet in 0..<printer.sheetCount(cards: deck.cards.count) {
            let printed = printer.cards(ofSheet: sheet, from: deck.cards).map(\.marker)
            let photo = try PrintTestSupport.photograph(printer.renderSheet(sheet, of: deck.cards), paper: .a4, pose: pose)
            let found = detector.detect(photo).map(\.marker)
            #expect(found.sorted() == printed.sorted(), "sheet \(sheet + 1) at \(pose)")
        }
    }

    @Test("round trip with a DICT_6X6_250 deck and with the picture deck")
    func roundTripOtherDecks() throws {
        let six = try Deck(name: "six", cards: DeckMaker.cards(dictionary: .dict6X6_250, ids: Array(100..<109), names: nil))
        let pose = PrintTestSupport.Pose(tilt: 30, heading: 70, rotation: 3, blur: 1.1, noise: 3, quality: 85)
        for deck in [six, PrintTestSupport.pictureDeck] {
            let layout = try #require(SheetLayout(paper: .letter, cardWidth: 60))
            let printer = CardSheetPrinter(layout: layout, deckName: deck.name)
            let photo = try PrintTestSupport.photograph(printer.renderSheet(0, of: deck.cards), paper: .letter, pose: pose)
            let found = MarkerDetector(deck: deck).detect(photo).map(\.marker)
            #expect(found.sorted() == deck.cards.prefix(9).map(\.marker).sorted(), "\(deck.name)")
        }
    }

    /// Titles and descriptions a hostile deck.json may hold (each at most 1000 characters, as the loader allows).
    static let hostileTexts = [
        String(repeating: "W", count: 1000), String(repeating: "Turn left ", count: 100),
        "a" + String(repeating: "\u{301}", count: 400), (1...100).map { "line \($0)" }.joined(separator: "\n"),
        String(repeating: "\u{5E9}\u{5DC}\u{5D5}\u{5DD}", count: 250), String(repeating: "\u{8DF3}", count: 1000),
    ]

    /// The pixels of `a` and `b` that differ outside `room` (millimetres on a card drawn at `dpi`), give or take
    /// a pixel at its edges.
    static func differences(_ a: RGBImage, _ b: RGBImage, outside room: TextRectangle, dpi: Int) -> Int {
        let pixel = Double(dpi) / 25.4
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                let mmX = (Double(x) + 0.5) / pixel
                let mmY = (Double(y) + 0.5) / pixel
                let slack = 1.5 / pixel
                let inRoom = mmX >= room.x - slack && mmX <= room.maxX + slack && mmY >= room.y - slack
                    && mmY <= room.maxY + slack
                if !inRoom { count += 1 }
            }
        }
        return count
    }

    @Test(
        "a hostile title stays in its row beside the pictogram: the marker, its quiet zone and the rest are untouched",
        arguments: hostileTexts)
    func hostileTitle(title: String) throws {
        var blank = PrintTestSupport.defaultDeck.cards[0]
        blank.title = ""
        var hostile = blank
        hostile.title = title
        let width = 60.0
        let box = CardSheetPrinter.markerBox(cardWidth: width)
        // The title's row, and the sliver a letter may reach past a line's ends at its largest size.
        let bearing = TextBox.sideBearing(for: TextStyle(size: 0.075 * width))
        let row = TextRectangle(
            x: box.left - bearing, y: box.top + box.side + CardLayout.quietZone * width, width: box.side + 2 * bearing,
            height: CardLayout.titleRow * width)
        let plain = CardSheetPrinter.renderFace(blank, width: width, dpi: 150)
        let drawn = CardSheetPrinter.renderFace(hostile, width: width, dpi: 150)
        #expect(Self.differences(plain, drawn, outside: row, dpi: 150) == 0, "\(title.prefix(12))")
        #expect(plain != drawn, "the title is drawn")
    }

    @Test("a hostile description stays between the title row and the band", arguments: hostileTexts)
    func hostileDescription(description: String) throws {
        var blank = PrintTestSupport.defaultDeck.cards[3]
        blank.description = "x"
        var hostile = blank
        hostile.description = description
        let width = 60.0
        let box = CardSheetPrinter.markerBox(cardWidth: width)
        let top = box.top + box.side + (CardLayout.quietZone + CardLayout.titleRow) * width
        let bottom = width * CardLayout.heightRatio - CardLayout.band * width
        let bearing = TextBox.sideBearing(for: TextStyle(size: 0.042 * width))
        let room = TextRectangle(x: box.left - bearing, y: top, width: box.side + 2 * bearing, height: bottom - top)
        let plain = CardSheetPrinter.renderFace(blank, width: width, dpi: 150)
        let drawn = CardSheetPrinter.renderFace(hostile, width: width, dpi: 150)
        #expect(Self.differences(plain, drawn, outside: room, dpi: 150) == 0, "\(description.prefix(12))")
    }

    @Test("on a sheet of hostile titles every title and description is drawn in a box on its card, clear of the marker")
    func hostileSheet() throws {
        let layout = try #require(SheetLayout(paper: .a4, cardWidth: 60))
        let cards = PrintTestSupport.defaultDeck.cards.prefix(layout.cardsPerSheet).enumerated().map { index, card in
            var card = card
            // Each card's texts end in its own number, so its blocks are told from the other cards'.
            card.title = Self.hostileTexts[index % Self.hostileTexts.count] + "#\(index)"
            card.description = Self.hostileTexts[(index + 1) % Self.hostileTexts.count] + "#\(index)"
            return card
        }
        let canvas = Canvas(paperWidthMM: PaperSize.a4.width, heightMM: PaperSize.a4.height, dpi: 30)
        let printer = CardSheetPrinter(layout: layout, deckName: String(repeating: "D", count: 1000))
        printer.drawSheet(0, of: cards, on: canvas)
        let marker = CardSheetPrinter.markerBox(cardWidth: 60)
        for slot in cards.indices {
            let origin = layout.origin(ofSlot: slot)
            let card = TextRectangle(x: origin.x, y: origin.y, width: layout.cardWidth, height: layout.cardHeight)
            let quiet = CardLayout.quietZone * 60
            let markerZone = TextRectangle(
                x: origin.x + marker.left - quiet, y: origin.y, width: marker.side + 2 * quiet,
                height: marker.top + marker.side + quiet)
            let blocks = canvas.drawnText.filter { $0.text == cards[slot].title || $0.text == cards[slot].description }
            #expect(blocks.count == 2)
            for block in blocks {
                let box = try #require(block.box, "\(block.text.prefix(12)) has no box")
                let clip = try #require(block.clip)
                #expect(card.contains(clip), "\(clip)")
                #expect(!clip.intersects(markerZone), "\(clip) reaches the marker")
                #expect(box.rectangle.contains(block.logical, tolerance: 0.01), "\(block.logical) outside \(box)")
            }
        }
        let page = TextRectangle(x: 0, y: 0, width: PaperSize.a4.width, height: PaperSize.a4.height)
        let footer = try #require(canvas.drawnText.first { $0.text.hasPrefix("DDD") })
        #expect(page.contains(try #require(footer.clip)))
        #expect(footer.lines == 1 && footer.ellipsized)
    }

    @Test("the default deck's titles and descriptions are whole: none is cut short, their ink inside their boxes")
    func defaultDeckWhole() throws {
        let layout = try #require(SheetLayout(paper: .a4, cardWidth: 60))
        let printer = CardSheetPrinter(layout: layout, deckName: PrintTestSupport.defaultDeck.name)
        let cards = PrintTestSupport.defaultDeck.cards
        for sheet in 0..<printer.sheetCount(cards: cards.count) {
            let canvas = Canvas(paperWidthMM: PaperSize.a4.width, heightMM: PaperSize.a4.height, dpi: 30)
            printer.drawSheet(sheet, of: cards, on: canvas)
            #expect(canvas.drawnText.contains { $0.clip != nil })
            for block in canvas.drawnText {
                guard let clip = block.clip else { continue }
                #expect(!block.ellipsized, "\(block.text)")
                #expect(clip.contains(block.ink, tolerance: 0.01), "\(block.text): \(block.ink) outside \(clip)")
            }
        }
    }
}
