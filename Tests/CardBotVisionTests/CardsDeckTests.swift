import CardBotImaging
import CardBotSynth
import CardBotVision
import Foundation
import Testing

@Suite("Card library: decks from ArUco dictionaries and patterns files")
struct CardsDeckTests {
    @Test("the default deck's reference images are DICT_4X4_50's markers 0 to 18 (14 to 17: the function cards; 18: GO)")
    func defaultDeckIsArUco() throws {
        let deck = DeckTestSupport.defaultDeck
        #expect(deck.cards.map(\.marker) == Array(0...18))
        for card in deck.cards {
            let expected = MarkerCode(size: 4, cells: try #require(ArUcoDictionary.dict4X4_50.cells(of: card.marker)))
            #expect(card.code == expected, "marker \(card.marker)")
        }
    }

    @Test("the shipped dictionaries have the sizes and counts of their names", arguments: [
        ("DICT_4X4_50", 4, 50), ("dict_5x5_100", 5, 100), ("6X6_250", 6, 250),
    ])
    func dictionaries(name: String, size: Int, count: Int) throws {
        let dictionary = try #require(ArUcoDictionary.named(name))
        #expect(dictionary.gridSize == size)
        #expect(dictionary.codes.count == count)
        #expect(ArUcoDictionary.named("DICT_7X7_1000") == nil)
    }

    @Test("a deck of all of DICT_6X6_250 is written, loads back with the dictionary's cells, and is told apart")
    func wholeSixBySix() throws {
        let folder = try CardsTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cards = try DeckMaker.cards(dictionary: .dict6X6_250, ids: nil, names: nil)
        let path = try DeckWriter.write(name: "six", cards: cards, to: folder)
        let deck = try Deck.load(path)
        #expect(deck.cards.count == 250)
        #expect(deck.gridSize == 6)
        #expect(deck.errorBudget >= 2)
        #expect(deck.card(marker: 249)?.name == "m249")
        for id in [0, 17, 128, 249] {
            let expected = MarkerCode(size: 6, cells: try #require(ArUcoDictionary.dict6X6_250.cells(of: id)))
            #expect(deck.card(marker: id)?.code == expected)
        }
        // Writing again without replacing is refused; with it, allowed.
        #expect(throws: DeckError.self) { try DeckWriter.write(name: "six", cards: cards, to: folder) }
        #expect(try DeckWriter.write(name: "six", cards: cards, to: folder, replace: true) == path)
    }

    @Test("ids and names are chosen with lists; a missing id or a miscount is refused")
    func idsAndNames() throws {
        #expect(DeckMaker.ids("0-3,7") == [0, 1, 2, 3, 7])
        #expect(DeckMaker.ids("3-1") == nil)
        #expect(DeckMaker.ids("a") == nil)
        let cards = try DeckMaker.cards(dictionary: .dict5X5_100, ids: [4, 9], names: ["go", "stop"])
        #expect(cards.map(\.name) == ["go", "stop"])
        #expect(cards.map(\.marker) == [4, 9])
        let missing = try #require(throws: DeckError.self) {
            try DeckMaker.cards(dictionary: .dict4X4_50, ids: [3, 50], names: nil)
        }
        #expect(missing.reason.contains("no marker 50"))
        let miscount = try #require(throws: DeckError.self) {
            try DeckMaker.cards(dictionary: .dict4X4_50, ids: [1, 2], names: ["one"])
        }
        #expect(miscount.reason.contains("2 markers but 1 name"))
    }

    @Test("a patterns file gives one marker per line; symmetric and too similar markers are refused by name")
    func patterns() throws {
        let codes = try DeckMaker.patterns("# two markers\n1011 0101 0011 0010\n\n0001/0001/1010/0111  # end\n", file: "p.txt")
        #expect(codes.count == 2)
        #expect(codes[0] == DeckTestSupport.defaultDeck.cards[0].code)
        #expect(codes[1].bitString == "0001000110100111")
        #expect(MarkerCode(bitString: codes[1].bitString) == codes[1])

        let short = try #require(throws: DeckError.self) { try DeckMaker.patterns("1011010100110010\n101\n", file: "p.txt") }
        #expect(short.file == "p.txt:2")
        #expect(short.reason.contains("3 digits"))
        let mixed = try #require(throws: DeckError.self) {
            try DeckMaker.patterns("1011010100110010\n101101010011001010110101001100101\n", file: "p.txt")
        }
        #expect(mixed.file == "p.txt:2")

        let folder = try CardsTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/patterns.txt"
        // m1 reads the same turned; m2 is m0 with one cell flipped.
        try "1011010100110010\n1001011001101001\n1011010100110011\n".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try #require(throws: DeckError.self) { try DeckMaker.cards(patternsFile: file, ids: nil, names: nil) }
        #expect(refused.kind == .ambiguous)
        #expect(refused.reason.contains("2 problems"))
        #expect(refused.reason.contains("'m1'") && refused.reason.contains("turned"))
        #expect(refused.reason.contains("'m0'") && refused.reason.contains("'m2'"))
    }

    @Test("with all 250 DICT_6X6_250 markers in the deck, frames of them are read with no wrong card")
    func sixBySixFrames() throws {
        let tally = try CardsTestSupport.run(deck: CardsTestSupport.sixBySixDeck, difficulty: .easy, count: 12, seed: 21)
        #expect(tally.wrong == 0, "\(tally.failures.prefix(3))")
        #expect(tally.recall >= 0.98, "\(tally.failures.prefix(3))")
        #expect(tally.visible > 30)
    }

    @Test("the marker preview draws the border and cells with blocks")
    func preview() throws {
        let card = try #require(DeckTestSupport.defaultDeck.card(named: "forward"))
        let lines = MarkerPreview.lines(for: card)
        #expect(lines.count == 8)
        #expect(lines[1] == "  ████████████  ")
        // Row 1 of forward's cells is .#.. (white, black, white, white).
        #expect(lines[2] == "  ██  ██    ██  ")
    }
}
