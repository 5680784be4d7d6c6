import CardBotImaging
import CardBotSynth
import CardBotVision
import Foundation
import CardBotTestSupport
import Testing

@Suite("Detector: synthesized frames with ground truth")
struct DetectorSynthTests {
    @Test("easy frames: every visible card found in reading order in at least 99% of frames, corners within 0.5 px")
    func easy() throws {
        let tally = try DetectorTestSupport.run(difficulty: .easy, count: 100, seed: 11)
        #expect(tally.exactRate >= 0.99, "\(tally.failures.prefix(5))")
        #expect(tally.wrong == 0, "\(tally.failures.prefix(5))")
        #expect(tally.meanCornerError <= 0.5)
        #expect(tally.visible > 300)
    }

    @Test("hard frames (strong tilt, small markers, blur, noise, shadows): at least 90% of visible cards, none wrong")
    func hard() throws {
        let tally = try DetectorTestSupport.run(difficulty: .hard, count: 60, seed: 12)
        #expect(tally.recall >= 0.9, "\(tally.failures.prefix(5))")
        #expect(tally.wrong == 0, "\(tally.failures.prefix(5))")
        #expect(tally.visible > 150)
    }

    @Test("frames with a hand over the cards: no wrong card, and the uncovered cards are found")
    func occluded() throws {
        let tally = try DetectorTestSupport.run(difficulty: .occluded, count: 40, seed: 13)
        #expect(tally.wrong == 0, "\(tally.failures.prefix(5))")
        #expect(tally.recall >= 0.9, "\(tally.failures.prefix(5))")
    }

    @Test("small frames (640x480): the easy bar holds")
    func small() throws {
        let tally = try DetectorTestSupport.run(difficulty: .easy, count: 30, seed: 14, width: 640, height: 480)
        #expect(tally.exactRate >= 0.96, "\(tally.failures.prefix(5))")
        #expect(tally.wrong == 0, "\(tally.failures.prefix(5))")
        #expect(tally.meanCornerError <= 0.5)
    }

    @Test("a single card turned on the table reports its rotation and its corners in upright order", arguments: [0, 90, 180, 270])
    func rotation(degrees: Int) throws {
        let deck = DeckTestSupport.defaultDeck
        let face = DetectorTestSupport.faces(of: deck)[3]
        // Turning the card by +angle on the table turns it clockwise in the image (the table's y axis points down it).
        var scene = SynthTestSupport.singleCard(face: face, rotation: Double(degrees) * Double.pi / 180)
        scene.effects = CameraEffects(blur: 0.5, noise: 1, jpegQuality: 92)
        let (image, truth) = try DetectorTestSupport.frame(scene, renderer: FrameRenderer())
        let detections = MarkerDetector(deck: deck).detect(image)
        try #require(detections.count == 1)
        let detection = detections[0]
        #expect(detection.marker == 3)
        #expect(detection.name == "jump")
        let expected = truth.cards[0].corners
        for (corner, truthCorner) in zip(detection.corners, expected) {
            #expect(corner.distance(to: truthCorner) < 0.5)
        }
        // The rotation agrees with where the top-left corner is.
        let up = detection.quad.up
        let measured = (Int((atan2(up.x, -up.y) * 180 / Double.pi).rounded()) + 360) % 360
        let nearest = ((measured + 45) / 90 * 90) % 360
        #expect(detection.rotation == nearest)
        #expect(detection.confidence > 0.9)
    }

    @Test("blank, tiny and noise frames have no cards")
    func nothing() {
        let detector = MarkerDetector(deck: DeckTestSupport.defaultDeck)
        #expect(detector.detect(GrayImage(width: 0, height: 0)).isEmpty)
        #expect(detector.detect(GrayImage(width: 5, height: 3, fill: 0)).isEmpty)
        #expect(detector.detect(GrayImage(width: 640, height: 480, fill: 200)).isEmpty)
        var random = SystemRandomNumberGenerator()
        var noise = GrayImage(width: 320, height: 240)
        for index in 0..<noise.count { noise.pixels[index] = UInt8.random(in: 0...255, using: &random) }
        #expect(detector.detect(noise).isEmpty)
        // A checkerboard of dark squares is clutter, not cards.
        var board = GrayImage(width: 400, height: 400, fill: 230)
        for y in 0..<400 { for x in 0..<400 where (x / 40 + y / 40) % 2 == 0 { board[x, y] = 20 } }
        #expect(detector.detect(board).isEmpty)
    }

    @Test("the same detector reads frames of different sizes one after another")
    func reuse() throws {
        let deck = DeckTestSupport.defaultDeck
        let detector = MarkerDetector(deck: deck)
        let faces = DetectorTestSupport.faces(of: deck)
        for (width, height) in [(320, 240), (1280, 720), (160, 120), (640, 480)] {
            var scene = SynthTestSupport.singleCard(face: faces[5], size: (width, height))
            scene.camera.focalLength = Double(width) * 1.2
            let (image, _) = try DetectorTestSupport.frame(scene, renderer: FrameRenderer())
            #expect(detector.detect(image).map(\.marker) == [5], "\(width)x\(height)")
        }
    }
}
