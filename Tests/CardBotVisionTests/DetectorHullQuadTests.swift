import CardBotGeometry
import CardBotImaging
import CardBotSynth
import CardBotVision
import Foundation
import Testing

/// Markers whose outline a highlight bit into are found from their contour's convex hull, and the rules that keep
/// hull quads from reading wrong cards hold on the frames each rule was made for.
@Suite("Detector: quads from convex hulls (glare)")
struct DetectorHullQuadTests {
    /// A card's marker drawn at `side` px, turned by `degrees` about the centre of a light `size` x `size` frame,
    /// with a saturated highlight of `radius` px centred on `highlight` (in the marker's own unit square, 0...1
    /// across, y down). Pixels are 4x4 supersampled; the highlight's edge is soft over 3 px.
    static func bittenMarker(
        card: DeckCard, size: Int, side: Double, degrees: Double, highlight: (Double, Double), radius: Double
    ) -> (GrayImage, [ImagePoint]) {
        let code = card.code!
        let across = Double(code.size + 2)
        let angle = degrees * Double.pi / 180
        let (c, s) = (cos(angle), sin(angle))
        let centre = Double(size) / 2
        func toImage(_ u: Double, _ v: Double) -> ImagePoint {
            let x = (u - 0.5) * side, y = (v - 0.5) * side
            return ImagePoint(x: centre + c * x - s * y, y: centre + s * x + c * y)
        }
        let spot = toImage(highlight.0, highlight.1)
        var pixels = [UInt8](repeating: 0, count: size * size)
        for py in 0..<size {
            for px in 0..<size {
                let mean = DetectorTestSupport.pixelMean(x: px, y: py) { sampleX, sampleY in
                    let x = sampleX - centre, y = sampleY - centre
                    // Back into the marker's unit square.
                    let u = (c * x + s * y) / side + 0.5, v = (-s * x + c * y) / side + 0.5
                    guard u >= 0, u < 1, v >= 0, v < 1 else { return 210 }
                    let column = Int(u * across), row = Int(v * across)
                    let inner = row > 0 && column > 0 && row < code.size + 1 && column < code.size + 1
                    return inner && code.isWhite(row: row - 1, column: column - 1) ? 210 : 30
                }
                let distance = ImagePoint(x: Double(px) + 0.5, y: Double(py) + 0.5).distance(to: spot)
                let glow = max(0, min(1, (radius + 1.5 - distance) / 3))
                let value = mean * (1 - glow) + 255 * glow
                pixels[py * size + px] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        return (GrayImage(width: size, height: size, pixels: pixels), [toImage(0, 0), toImage(1, 0), toImage(1, 1), toImage(0, 1)])
    }

    @Test(
        "a marker whose black border a highlight cut at a corner or along a side is found, corners within 1 px",
        arguments: [(0.0, 0.0, 0.2), (1.0, 0.05, 0.18), (0.5, 1.0, 0.15), (0.95, 0.95, 0.25)])
    func bittenMarkerFound(u: Double, v: Double, radiusShare: Double) throws {
        let deck = DeckTestSupport.defaultDeck
        let card = deck.cards[3]
        let side = 84.0
        let (image, corners) = Self.bittenMarker(
            card: card, size: 160, side: side, degrees: 17, highlight: (u, v), radius: radiusShare * side)
        let found = MarkerDetector(deck: deck).detect(image)
        #expect(found.map(\.marker) == [card.marker])
        if let detection = found.first {
            for corner in corners {
                let nearest = detection.corners.map { $0.distance(to: corner) }.min()!
                #expect(nearest < 1.0, "corner \(corner) vs \(detection.corners)")
            }
        }
    }

    /// Frames (1280x720, the condition's default card count) on which a hull quad once read a wrong card: the
    /// default deck's cards, or DICT_6X6_250 markers (`foreign`), the seed and the scene index, and the rule that
    /// now refuses it.
    static let wrongOnce: [(rule: String, foreign: Bool, difficulty: SynthDifficulty, seed: UInt64, index: Int)] = [
        ("clean local reading", false, .motionBlur, 2, 11),
        ("clean local reading", true, .motionBlur, 3, 55),
        ("clean local reading", true, .steep, 5, 40),
        ("clean local reading", true, .steep, 5, 53),
        ("two pixels a cell", true, .dim, 5, 13),
        ("contour follows the outline", false, .dim, 1, 11),
        ("contour follows the outline", true, .motionBlur, 4, 57),
    ]

    @Test("no wrong card where a hull quad inside a smeared marker or on a noisy cloth once read as one", arguments: wrongOnce)
    func noWrongCard(_ example: (rule: String, foreign: Bool, difficulty: SynthDifficulty, seed: UInt64, index: Int))
        throws
    {
        let deck = DeckTestSupport.defaultDeck
        let faces = example.foreign ? try DetectorForeignMarkerTests.dictionaryDeckFaces() : DetectorTestSupport.faces(of: deck)
        let generator = try SceneGenerator(faces: faces, options: SceneOptions(difficulty: example.difficulty))
        let (image, truth) = try DetectorTestSupport.frame(
            generator.scene(seed: example.seed, index: example.index), renderer: FrameRenderer())
        var tally = DetectorTestSupport.Tally()
        let detections = MarkerDetector(deck: deck).detect(image)
        if example.foreign {
            #expect(detections.isEmpty, "\(example.rule): \(detections.map(\.name))")
        } else {
            tally.add(detections, truth: truth, label: example.rule)
            #expect(tally.wrong == 0, "\(example.rule): \(tally.failures)")
        }
    }
}
