import CardBotImaging
import CardBotPrint
import CardBotSynth
import CardBotVision
import Foundation
import CardBotTestSupport
import Testing

@Suite("Picture decks: any picture inside the black border")
struct PictureDeckTests {
    @Test("the example picture deck loads as six picture cards with no code grid")
    func loads() throws {
        let deck = CardsTestSupport.pictureDeck
        #expect(deck.cards.map(\.name) == ["house", "tree", "fish", "boat", "cup", "key"])
        #expect(deck.cards.allSatisfy { $0.kind == .picture && $0.code == nil })
        #expect(deck.gridSize == nil)
        #expect(deck.hasPictures)
        let check = DeckCheck(cards: deck.cards)
        #expect(check.problems.isEmpty)
        #expect(check.pictureNeighbours.allSatisfy { $0.correlation < Deck.maximumPictureSimilarity })
    }

    @Test("synthesized frames of picture cards: every card found, none wrong", arguments: [SynthDifficulty.easy, .hard])
    func frames(difficulty: SynthDifficulty) throws {
        let tally = try CardsTestSupport.run(
            deck: CardsTestSupport.pictureDeck, difficulty: difficulty, count: difficulty == .easy ? 16 : 20, seed: 31)
        #expect(tally.wrong == 0, "\(tally.failures.prefix(3))")
        #expect(tally.recall >= (difficulty == .easy ? 0.99 : 0.75), "\(tally.failures.prefix(3))")
    }

    @Test("a picture card turned on the table is read with its rotation and upright corners", arguments: [0, 90, 180, 270])
    func rotation(degrees: Int) throws {
        let deck = CardsTestSupport.pictureDeck
        let face = DetectorTestSupport.faces(of: deck)[2]
        var scene = SynthTestSupport.singleCard(face: face, rotation: Double(degrees) * Double.pi / 180)
        scene.effects = CameraEffects(blur: 0.7, noise: 2, jpegQuality: 90)
        let (image, truth) = try DetectorTestSupport.frame(scene, renderer: FrameRenderer())
        let detections = MarkerDetector(deck: deck).detect(image)
        try #require(detections.count == 1)
        #expect(detections[0].name == "fish")
        for (corner, expected) in zip(detections[0].corners, truth.cards[0].corners) {
            #expect(corner.distance(to: expected) < 1)
        }
    }

    @Test("a picture that is not in the deck is rejected, not guessed")
    func unknownPicture() throws {
        // The deck without the key: frames of all six cards never report the key's place as another card.
        let full = CardsTestSupport.pictureDeck
        let withoutKey = try Deck(name: "five", cards: full.cards.filter { $0.name != "key" })
        let tally = try CardsTestSupport.run(
            deck: withoutKey, faces: DetectorTestSupport.faces(of: full), difficulty: .easy, count: 16, seed: 32)
        #expect(tally.wrong == 0, "\(tally.failures.prefix(3))")
        // And drawings the deck never saw: a ring of dots and a stick figure, printed in the border.
        let ink = RGB(0, 0, 0)
        let figure = CardsTestSupport.drawing { canvas in
            canvas.fillCircle(100.5, 40.5, radius: 25, color: ink)
            canvas.stroke([(100.5, 60.5), (100.5, 140.5)], width: 14, color: ink)
            canvas.stroke([(50.5, 90.5), (150.5, 90.5)], width: 12, color: ink)
            canvas.stroke([(100.5, 140.5), (60.5, 195.5)], width: 12, color: ink)
            canvas.stroke([(100.5, 140.5), (140.5, 195.5)], width: 12, color: ink)
        }
        let stranger = try MarkerPicture(image: figure, file: "figure.png")
        let face = CardFace(id: 99, marker: stranger.markerImage(side: 96), title: "Stranger")
        for degrees in [0, 90, 180, 270] {
            var scene = SynthTestSupport.singleCard(face: face, rotation: Double(degrees) * Double.pi / 180)
            scene.effects = CameraEffects(blur: 0.6, noise: 2, jpegQuality: 90)
            let (image, _) = try DetectorTestSupport.frame(scene, renderer: FrameRenderer())
            #expect(MarkerDetector(deck: full).detect(image).isEmpty, "turned \(degrees)")
        }
    }

    @Test("pictures too alike, or alike when turned, are refused naming them; check lists them all")
    func tooAlike() throws {
        let house = try #require(CardsTestSupport.pictureDeck.card(named: "house")?.picture)
        let tree = try #require(CardsTestSupport.pictureDeck.card(named: "tree")?.picture)
        // The same house drawn a little bolder is still the house.
        let bolder = try MarkerPicture(
            image: CardsTestSupport.drawing(side: 240) { canvas in
                let ink = RGB(0, 0, 0)
                canvas.fill([(28.5, 112.5), (120.5, 22.5), (212.5, 112.5)], color: ink)
                canvas.stroke([(50.5, 110.5), (190.5, 110.5), (190.5, 215.5), (50.5, 215.5)], width: 18, color: ink, closed: true)
                canvas.fillRectangle(100, 150, 141, 216, color: ink)
            }, file: "house2.png")
        #expect(house.closestRotation(of: bolder).correlation >= Deck.maximumPictureSimilarity)
        // A ring looks the same however it is turned.
        let ring = try MarkerPicture(
            image: CardsTestSupport.drawing { $0.strokeCircle(100.5, 100.5, radius: 60, width: 16, color: RGB(0, 0, 0)) },
            file: "ring.png")
        #expect(ring.rotationalSimilarity >= Deck.maximumPictureSimilarity)
        func card(_ marker: Int, _ name: String, _ picture: MarkerPicture) -> DeckCard {
            DeckCard(marker: marker, name: name, title: name, description: "", image: "\(name).png", picture: picture)
        }
        let cards = [card(0, "house", house), card(1, "tree", tree), card(2, "house-two", bolder), card(3, "ring", ring)]
        let error = try #require(throws: DeckError.self) { try Deck(name: "alike", cards: cards) }
        #expect(error.kind == .ambiguous)
        let problems = DeckCheck(cards: cards).problems
        #expect(problems.count == 2)
        #expect(problems.contains { $0.cards == ["ring"] })
        #expect(problems.contains { Set($0.cards) == ["house", "house-two"] })
        #expect(!problems.contains { $0.cards.contains("tree") })
    }

    @Test("a blank picture is refused with the file named")
    func blank() {
        let error = #expect(throws: DeckError.self) {
            try MarkerPicture(image: GrayImage(width: 50, height: 50, fill: 255), file: "blank.png")
        }
        #expect(error?.file == "blank.png")
        #expect(error?.reason.contains("blank") == true)
    }

    @Test("a deck mixing code cards and pictures reads both in one frame")
    func mixed() throws {
        let codes = try DeckMaker.cards(dictionary: .dict6X6_250, ids: [10, 11, 12], names: ["forward", "left", "right"])
        let pictures = CardsTestSupport.pictureDeck.cards.prefix(3).enumerated().map { index, card in
            var moved = card
            moved.marker = 20 + index
            return moved
        }
        let deck = try Deck(name: "mixed", cards: codes + pictures)
        #expect(deck.gridSize == 6)
        let tally = try CardsTestSupport.run(deck: deck, difficulty: .easy, count: 12, seed: 33)
        #expect(tally.wrong == 0, "\(tally.failures.prefix(3))")
        #expect(tally.recall >= 0.98, "\(tally.failures.prefix(3))")
    }
}
