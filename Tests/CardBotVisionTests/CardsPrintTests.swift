import CardBotImaging
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
        for card in DeckTestSupport.defaultDeck.cards {
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
        let cards = DeckTestSupport.defaultDeck.cards
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
            CardsTestSupport.Pose(tilt: 0, heading: 0, rotation: 0, blur: 0.8, noise: 2, quality: 90),
            CardsTestSupport.Pose(tilt: 35, heading: 25, rotation: 8, blur: 1.2, noise: 4, quality: 80),
            CardsTestSupport.Pose(tilt: 45, heading: 200, rotation: -5, blur: 1.5, noise: 5, quality: 70),
        ])
    func roundTrip(pose: CardsTestSupport.Pose) throws {
        let deck = DeckTestSupport.defaultDeck
        let layout = try #require(SheetLayout(paper: .a4, cardWidth: 60))
        let printer = CardSheetPrinter(layout: layout, dpi: 300, deckName: deck.name)
        let detector = MarkerDetector(deck: deck)
        for sheet in 0..<printer.sheetCount(cards: deck.cards.count) {
            let printed = printer.cards(ofSheet: sheet, from: deck.cards).map(\.marker)
            let photo = try CardsTestSupport.photograph(printer.renderSheet(sheet, of: deck.cards), paper: .a4, pose: pose)
            let found = detector.detect(photo).map(\.marker)
            #expect(found.sorted() == printed.sorted(), "sheet \(sheet + 1) at \(pose)")
        }
    }

    @Test("round trip with a DICT_6X6_250 deck and with the picture deck")
    func roundTripOtherDecks() throws {
        let six = try Deck(name: "six", cards: DeckMaker.cards(dictionary: .dict6X6_250, ids: Array(100..<109), names: nil))
        let pose = CardsTestSupport.Pose(tilt: 30, heading: 70, rotation: 3, blur: 1.1, noise: 3, quality: 85)
        for deck in [six, CardsTestSupport.pictureDeck] {
            let layout = try #require(SheetLayout(paper: .letter, cardWidth: 60))
            let printer = CardSheetPrinter(layout: layout, deckName: deck.name)
            let photo = try CardsTestSupport.photograph(printer.renderSheet(0, of: deck.cards), paper: .letter, pose: pose)
            let found = MarkerDetector(deck: deck).detect(photo).map(\.marker)
            #expect(found.sorted() == deck.cards.prefix(9).map(\.marker).sorted(), "\(deck.name)")
        }
    }
}
