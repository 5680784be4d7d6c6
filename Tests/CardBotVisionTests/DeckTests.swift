import CardBotImaging
import CardBotSupport
import CardBotVision
import Foundation
import Testing

@Suite("Deck: loading and checking deck.json")
struct DeckTests {
    static let names = [
        "forward", "left", "right", "jump", "repeat-2", "repeat-3", "repeat-4", "repeat-5", "repeat-until-goal",
        "if-path-ahead", "if-path-left", "if-path-right", "else", "end", "define-a", "call-a", "define-b", "call-b",
        "go",
    ]

    @Test("the default deck has the 18 cards of the card language, ids 0 to 17, and the GO card, id 18, 4x4 markers")
    func defaultDeck() throws {
        let deck = try Deck.load(DeckTestSupport.defaultDeckPath)
        #expect(deck.cards.map(\.marker) == Array(0..<19))
        #expect(deck.cards.map(\.name) == Self.names)
        #expect(deck.gridSize == 4)
        #expect(deck.cards.allSatisfy { !$0.title.isEmpty && $0.description.hasSuffix(".") })
        // DICT_4X4_50 ids 0...13 differ in at least 5 cells in every rotation: one misread cell may be corrected.
        #expect(deck.minimumDistance == 5)
        #expect(deck.errorBudget == 1)
        #expect(deck.card(marker: 8)?.name == "repeat-until-goal")
        #expect(deck.card(named: "end")?.marker == 13)
        #expect(deck.card(named: "call-b")?.marker == 17)
        #expect(deck.card(named: "go")?.marker == 18)
        #expect(deck.card(marker: 19) == nil)
    }

    @Test("marker 0 of DICT_4X4_50 reads as OpenCV draws it")
    func knownCode() throws {
        let deck = try Deck.load(DeckTestSupport.defaultDeckPath)
        // OpenCV's DICT_4X4_50 id 0, inner rows top to bottom ('#' black, '.' white), as cv2.aruco draws it.
        #expect(deck.cards[0].code?.description == ".#../#.#./##../##.#")
        #expect(deck.cards[0].code == DeckTestSupport.code([".#..", "#.#.", "##..", "##.#"]))
    }

    @Test("a marker turned four quarter turns is itself, and a quarter turn moves the top row to the right column")
    func rotation() {
        let code = DeckTestSupport.code(["....", "####", "####", "####"])
        let turned = code.rotatedClockwise()
        #expect(turned == DeckTestSupport.code(["###.", "###.", "###.", "###."]))
        #expect(code.rotated(quarterTurns: 4) == code)
        #expect(code.rotated(quarterTurns: 3) == turned.rotated(quarterTurns: 2))
        #expect(code.closestRotation(of: turned.rotated(quarterTurns: 1)).quarterTurns == 2)
    }

    @Test("grid sizes 4 to 8 are read from the image, with or without a white margin", arguments: 4...8)
    func gridSizes(size: Int) throws {
        var bits: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(size)
        bits ^= bits >> 17
        let code = MarkerCode(size: size, bits: bits)
        for margin in [0, 7] {
            let image = DeckTestSupport.markerImage(code, cell: 9, margin: margin)
            #expect(try MarkerReference.code(of: image, file: "m.png") == code)
        }
    }

    @Test("the 6x6 test deck loads with 17 cards")
    func sixBySix() throws {
        let deck = try Deck.load(DeckTestSupport.sixBySixDeckPath)
        #expect(deck.gridSize == 6)
        #expect(deck.cards.count == 17)
        #expect(deck.errorBudget >= 2)
    }

    // MARK: - Rejections

    @Test("a rotationally symmetric marker is rejected, naming the card")
    func symmetric() throws {
        let symmetric = DeckTestSupport.code(["#..#", ".##.", ".##.", "#..#"])
        let path = try DeckTestSupport.writeDeck([
            .init(0, "forward", code: DeckTestSupport.defaultDeck.cards[0].code!), .init(7, "spin", code: symmetric),
        ])
        defer { DeckTestSupport.removeFolder(of: path) }
        let error = try #require(throws: DeckError.self) { try Deck.load(path) }
        #expect(error.kind == .ambiguous)
        #expect(error.file == path)
        #expect(error.reason.contains("'spin'") && error.reason.contains("marker 7"))
    }

    @Test("two markers that differ in too few cells in some rotation are rejected, naming both")
    func tooClose() throws {
        let base = DeckTestSupport.defaultDeck.cards[3].code!
        // The same marker turned half round, with one cell flipped: 1 cell from the first in that rotation.
        let turned = base.rotated(quarterTurns: 2)
        let near = MarkerCode(size: 4, bits: turned.bits ^ 1)
        let path = try DeckTestSupport.writeDeck([.init(3, "jump", code: base), .init(20, "hop", code: near)])
        defer { DeckTestSupport.removeFolder(of: path) }
        let error = try #require(throws: DeckError.self) { try Deck.load(path) }
        #expect(error.kind == .ambiguous)
        #expect(error.reason.contains("'jump'") && error.reason.contains("'hop'"))
        #expect(error.reason.contains("180 degrees"))
    }

    @Test("duplicate ids and duplicate names are rejected")
    func duplicates() throws {
        let cards = DeckTestSupport.defaultDeck.cards
        let sameId = try DeckTestSupport.writeDeck([
            .init(1, "left", code: cards[1].code!), .init(1, "right", code: cards[2].code!),
        ])
        defer { DeckTestSupport.removeFolder(of: sameId) }
        let idError = try #require(throws: DeckError.self) { try Deck.load(sameId) }
        #expect(idError.kind == .duplicate && idError.reason.contains("marker 1"))
        let sameName = try DeckTestSupport.writeDeck([
            .init(1, "left", code: cards[1].code!), .init(2, "left", code: cards[2].code!),
        ])
        defer { DeckTestSupport.removeFolder(of: sameName) }
        let nameError = try #require(throws: DeckError.self) { try Deck.load(sameName) }
        #expect(nameError.kind == .duplicate && nameError.reason.contains("'left'"))
    }

    @Test("markers of different grid sizes in one deck are rejected")
    func mixedSizes() throws {
        let six = MarkerCode(size: 6, bits: 0x0F0F_3C3C_A5A5)
        let path = try DeckTestSupport.writeDeck([
            .init(0, "forward", code: DeckTestSupport.defaultDeck.cards[0].code!), .init(1, "big", code: six),
        ])
        defer { DeckTestSupport.removeFolder(of: path) }
        let error = try #require(throws: DeckError.self) { try Deck.load(path) }
        #expect(error.kind == .badMarker && error.reason.contains("'big'"))
    }

    @Test("a reference image that is not a marker is rejected, naming the image")
    func notAMarker() throws {
        var gray = GrayImage(width: 60, height: 60, fill: 128)
        gray[5, 5] = 130
        var stripes = GrayImage(width: 60, height: 60, fill: 255)
        for y in 0..<60 { for x in 0..<60 where (x / 7) % 2 == 0 { stripes[x, y] = 0 } }
        for image in [gray, stripes] {
            let path = try DeckTestSupport.writeDeck([.init(0, "forward", image: image)])
            defer { DeckTestSupport.removeFolder(of: path) }
            let error = try #require(throws: DeckError.self) { try Deck.load(path) }
            #expect(error.kind == .badMarker)
            #expect(error.file.hasSuffix("markers/0-forward.png"))
        }
    }

    @Test("a missing reference image names its path")
    func missingImage() throws {
        let path = try DeckTestSupport.writeDeck([.init(0, "forward", image: nil)])
        defer { DeckTestSupport.removeFolder(of: path) }
        let error = try #require(throws: DeckError.self) { try Deck.load(path) }
        #expect(error.kind == .notFound)
        #expect(error.file.hasSuffix("markers/0-forward.png"))
    }

    @Test(
        "malformed deck files are rejected with the reason",
        arguments: [
            ("{", "malformed JSON"),
            ("[]", "should be an object"),
            ("{\"format\": \"cardbot-deck/1\"}", "'cards' is missing"),
            ("{\"format\": \"cardbot-deck/9\", \"cards\": []}", "cardbot-deck/9"),
            ("{\"format\": \"cardbot-deck/1\", \"cards\": []}", "no cards"),
            ("{\"format\": \"cardbot-deck/1\", \"cards\": [{\"marker\": \"x\", \"name\": \"a\", \"image\": \"a.png\"}]}",
             "cards[0].marker should be a whole number"),
            ("{\"format\": \"cardbot-deck/1\", \"cards\": [{\"marker\": 0, \"name\": \"Go Now\", \"image\": \"a.png\"}]}",
             "lower-case"),
            (#"{"format": "cardbot-deck/1", "cards": [{"marker": 0, "name": "go", "title": "Go\u0000on", "image": "a.png"}]}"#,
             "cards[0].title holds the control character U+0000 (character 3); delete it"),
            (#"{"format": "cardbot-deck/1", "cards": [{"marker": 0, "name": "go", "title": {"da": "\u0085"}, "image": "a"}]}"#,
             "cards[0].title.da holds the control character U+0085 (character 1)"),
            (#"{"format": "cardbot-deck/1", "name": "Deck\u001b[2J", "cards": []}"#,
             "name holds the control character U+001B (character 5)"),
        ])
    func malformed(text: String, reason: String) throws {
        let path = try DeckTestSupport.writeDeckJSON(text)
        defer { DeckTestSupport.removeFolder(of: path) }
        let error = try #require(throws: DeckError.self) { try Deck.load(path) }
        #expect(error.file == path)
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test("a missing deck file is reported as not found")
    func missingDeck() {
        let error = #expect(throws: DeckError.self) { try Deck.load("/nonexistent/deck.json") }
        #expect(error?.kind == .notFound)
        #expect(error?.file == "/nonexistent/deck.json")
    }

    // MARK: - Locating the deck

    @Test("--deck wins, then $CARDBOT_DECK, then the resource home's Cards/deck.json; no deck names where it looked")
    func locator() throws {
        let root = DeckTestSupport.packageRoot
        let home = ResourceHome(path: root, origin: .checkout, searched: [root])
        #expect(try DeckLocator.locate(explicit: "x.json", environment: ["CARDBOT_DECK": "y.json"], home: home) == "x.json")
        #expect(try DeckLocator.locate(explicit: nil, environment: ["CARDBOT_DECK": "y.json"], home: home) == "y.json")
        #expect(try DeckLocator.locate(explicit: nil, environment: [:], home: home) == root + "/Cards/deck.json")
        let none = ResourceHome(path: "/nowhere/share/cardbot", origin: .installed, searched: ["/nowhere/share/cardbot"])
        let error = #expect(throws: DeckError.self) { try DeckLocator.locate(explicit: nil, environment: [:], home: none) }
        #expect(error?.kind == .notFound)
        #expect(error?.reason.contains("pass --deck PATH") == true)
        #expect(error?.reason.contains("(looked in: /nowhere/share/cardbot/Cards/deck.json)") == true)
    }
}
