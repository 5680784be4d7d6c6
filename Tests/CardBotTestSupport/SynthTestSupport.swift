import CardBotGeometry
import CardBotImaging
import CardBotSynth

/// Card faces and scenes shared by the synthesizer tests.
public enum SynthTestSupport {
    /// `count` 4x4 marker faces with fixed, varied cell patterns, ids 0..<count.
    public static func faces(count: Int = 8) -> [CardFace] {
        (0..<count).map { id in
            var random = SynthRandom(seed: UInt64(100 + id))
            let bits = random.next()
            return CardFace(id: id, gridSize: 4, isWhite: { row, column in bits >> UInt64(row * 4 + column) & 1 == 1 },
                            title: "card \(id)", accent: CardFace.accent(forIndex: id))
        }
    }

    /// A face whose marker is solid black inside its border (one dark square).
    public static let solidFace = CardFace(id: 42, gridSize: 4, isWhite: { _, _ in false })

    /// A clean scene of one card: even light, no blur, no noise, no hand.
    public static func singleCard(face: CardFace = solidFace, center: TablePoint = TablePoint(0, 0), rotation: Double = 0,
                           tilt: Double = 0, heading: Double = 0, roll: Double = 0, distance: Double = 400,
                           size: (Int, Int) = (320, 240)) -> SynthScene {
        let camera = SynthCamera(
            width: size.0, height: size.1, focalLength: 420, target: TablePoint(0, 0), distance: distance, tilt: tilt,
            heading: heading, roll: roll)
        return SynthScene(
            faces: [face], cards: [SceneCard(face: 0, center: center, rotation: rotation)],
            table: TableStyle(surface: .cloth, color: RGB(60, 90, 70), contrast: 0.2, seed: 3), camera: camera,
            lighting: Lighting(exposure: 1, vignette: 0), effects: CameraEffects(blur: 0, noise: 0))
    }

    /// The fraction of pixels covered by the polygon, weighted by `mask` (0...255), over its area.
    public static func maskedFraction(_ polygon: [ImagePoint], mask: GrayImage) -> Double {
        var rasterizer = PolygonRasterizer()
        var area = 0.0
        var covered = 0.0
        rasterizer.rasterize([polygon], width: mask.width, height: mask.height) { y, x0, coverage in
            for i in 0..<coverage.count {
                area += Double(coverage[i])
                covered += Double(coverage[i]) * Double(mask[x0 + i, y]) / 255
            }
        }
        return area > 0 ? covered / area : 0
    }
}
