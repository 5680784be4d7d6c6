import CardBotImaging
import CardBotPrint
import CardBotSynth
import CardBotVision
import Foundation

/// Decks made for the card-library tests, synthesized frames of any deck, and photographed printed sheets.
enum CardsTestSupport {
    /// The example picture deck, Cards/examples/picture-deck/deck.json.
    static var pictureDeckPath: String { DeckTestSupport.packageRoot + "/Cards/examples/picture-deck/deck.json" }

    /// The example picture deck, loaded once.
    static let pictureDeck: Deck = {
        do { return try Deck.load(pictureDeckPath) } catch { fatalError("the picture deck does not load: \(error)") }
    }()

    /// All 250 markers of DICT_6X6_250, named m0 ... m249.
    static let sixBySixDeck: Deck = {
        do {
            return try Deck(
                name: "DICT_6X6_250", cards: DeckMaker.cards(dictionary: .dict6X6_250, ids: nil, names: nil))
        } catch {
            fatalError("DICT_6X6_250 does not make a deck: \(error)")
        }
    }()

    /// A new empty temporary folder.
    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-cards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// Scores the detector for `deck` on `count` synthesized frames of `faces` (default: the deck's own).
    static func run(
        deck: Deck, faces: [CardFace]? = nil, difficulty: SynthDifficulty, count: Int, seed: UInt64
    ) throws -> DetectorTestSupport.Tally {
        let generator = try SceneGenerator(
            faces: faces ?? DetectorTestSupport.faces(of: deck), options: SceneOptions(difficulty: difficulty))
        let renderer = FrameRenderer()
        let detector = MarkerDetector(deck: deck)
        var tally = DetectorTestSupport.Tally()
        for index in 0..<count {
            let (image, truth) = try DetectorTestSupport.frame(generator.scene(seed: seed, index: index), renderer: renderer)
            tally.add(ReadingOrder.sequence(detector.detect(image)), truth: truth, label: "\(difficulty) #\(index)")
        }
        return tally
    }

    /// A drawing on white, `side` pixels: the shapes `draw` paints (in black) on a canvas in pixels.
    static func drawing(side: Int = 200, _ draw: (Canvas) -> Void) -> GrayImage {
        let canvas = Canvas(pixelsWide: side, high: side, background: RGB(255, 255, 255))
        draw(canvas)
        return canvas.grayImage
    }
}
