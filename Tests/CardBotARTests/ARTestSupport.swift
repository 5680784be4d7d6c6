import CardBotAR
import CardBotGeometry
import CardBotImaging
import CardBotLesson
import CardBotSynth
import CardBotTestSupport
import CardBotTracking
import CardBotVision
import Foundation

/// Synthesized table scenes whose truth knows the camera, and the AR pipeline run on them.
enum ARTestSupport {
    /// A run attempt of `trace`, as a session's run holds it: attempt `number`, its program as `cardNames` (default:
    /// the trace's cards), `markers` read in its frame.
    static func attempt(_ trace: Trace, number: Int = 1, markers: [Int] = [], cardNames: [String]? = nil) -> SessionRun.Attempt {
        SessionRun.Attempt(
            number: number, signal: .runMarks, frame: 0, frameName: "f", seconds: 0, markers: markers,
            cardNames: cardNames ?? trace.program.cards.map(\.name), outcome: .ran(trace))
    }

    /// The package root (the folder holding Package.swift).
    static let packageRoot: URL = PackageRoot.url

    /// The default deck.
    static let deck: Deck = try! Deck.load(packageRoot.appendingPathComponent("Cards/deck.json").path)

    /// The synthesizer's card: 64 mm wide, marker 48 mm (the proportions `cards print` uses).
    static let geometry = CardGeometry(width: CardDesign.standard.width)

    /// The deck's cards as synthesizer faces.
    static let faces: [CardFace] = deck.cards.enumerated().map { index, card in
        CardFace(id: card.marker, gridSize: card.code!.size, isWhite: card.code!.isWhite, title: card.title,
                 accent: CardFace.accent(forIndex: index))
    }

    /// A level map of `columns` x `rows`: walls around floor, the start at the west and the goal at the east.
    static func map(columns: Int = 7, rows: Int = 5) -> LevelMap {
        var tiles = [Tile](repeating: .floor, count: columns * rows)
        for y in 0..<rows {
            for x in 0..<columns where x == 0 || y == 0 || x == columns - 1 || y == rows - 1 { tiles[y * columns + x] = .wall }
        }
        tiles[(rows / 2) * columns + columns - 2] = .goal
        return LevelMap(width: columns, height: rows, tiles: tiles, start: GridPoint(x: 1, y: rows / 2), startFacing: .east,
                        goal: GridPoint(x: columns - 2, y: rows / 2), gems: [])
    }

    /// A scene of `program` (rows of marker ids) from the scene generator, with every card in view.
    static func scene(program: [[Int]], seed: UInt64, difficulty: SynthDifficulty = .easy) throws -> SynthScene {
        let options = SceneOptions(width: 1280, height: 720, program: program, difficulty: difficulty, keepAllInView: true)
        return try SceneGenerator(faces: faces, options: options).scene(seed: seed)
    }

    /// `scene` seen from a camera tilted `degrees` from straight down, moved back until every card is in view.
    static func tilted(_ scene: SynthScene, degrees: Double) -> SynthScene {
        var scene = scene
        scene.camera.tilt = degrees * Double.pi / 180
        scene.camera.roll = 0
        scene.camera.target = TablePoint(0, 0)
        let corners = scene.cards.flatMap { cardCorners($0, design: scene.design) }
        for _ in 0..<200 {
            let inside = corners.allSatisfy { point in
                guard let p = scene.camera.project(point) else { return false }
                return p.x > 40 && p.y > 40 && p.x < Double(scene.camera.width) - 40 && p.y < Double(scene.camera.height) - 40
            }
            if inside { break }
            scene.camera.distance *= 1.04
        }
        return scene
    }

    /// A card's outline on the synthesizer's table.
    static func cardCorners(_ card: SceneCard, design: CardDesign) -> [TablePoint] {
        let w = design.width / 2, h = design.height / 2
        return [(-w, -h), (w, -h), (w, h), (-w, h)].map { local in
            TablePoint(card.center.x + cos(card.rotation) * local.0 - sin(card.rotation) * local.1,
                       card.center.y + sin(card.rotation) * local.0 + cos(card.rotation) * local.1)
        }
    }

    /// The centre of a card's marker on the synthesizer's table.
    static func markerCentre(_ card: SceneCard, design: CardDesign) -> SIMD2<Double> {
        let offset = -design.height / 2 + design.markerTop + design.markerSize / 2
        return SIMD2(card.center.x - sin(card.rotation) * offset, card.center.y + cos(card.rotation) * offset)
    }

    /// The frame as the camera records it (JPEG at the scene's quality) in colour and in grey.
    static func render(_ scene: SynthScene, renderer: FrameRenderer = FrameRenderer()) throws -> (rgb: RGBImage, gray: GrayImage) {
        let frame = renderer.render(scene)
        let bytes = try JPEGCodec.encode(frame.rgb, quality: scene.effects.jpegQuality)
        return (try ImageReader.decodeRGB(bytes), try ImageReader.decodeGray(bytes))
    }

    /// The true map from the fitted plane's table frame to image pixels: the frame is rebuilt from the true poses of
    /// the cards the fit used (centroid of their markers, their mean direction) and seen by the true camera.
    static func truthProjector(plane: TablePlane, detections: [Detection], scene: SynthScene) -> (SIMD2<Double>) -> ImagePoint? {
        var centre = SIMD2<Double>(0, 0)
        var sumCos = 0.0, sumSin = 0.0, count = 0.0
        for (placed, detection) in zip(plane.cards, detections) where placed.inlier {
            // The scene card under this detection: the one whose marker centre the true camera puts nearest.
            let seen = detection.quad.center
            let card = scene.cards.min { a, b in
                distance(scene.camera, markerCentre(a, design: scene.design), seen)
                    < distance(scene.camera, markerCentre(b, design: scene.design), seen)
            }!
            centre += markerCentre(card, design: scene.design)
            sumCos += cos(card.rotation)
            sumSin += sin(card.rotation)
            count += 1
        }
        centre /= count
        let angle = atan2(sumSin, sumCos)
        return { q in
            let p = SIMD2(centre.x + cos(angle) * q.x - sin(angle) * q.y, centre.y + sin(angle) * q.x + cos(angle) * q.y)
            return scene.camera.project(TablePoint(p.x, p.y))
        }
    }

    private static func distance(_ camera: SynthCamera, _ point: SIMD2<Double>, _ seen: ImagePoint) -> Double {
        camera.project(TablePoint(point.x, point.y)).map { $0.distance(to: seen) } ?? .infinity
    }

    /// The test points of a layout: every tile corner, and the corners of the region of cards and map together.
    static func testPoints(layout: OverlayLayout, cards: [[SIMD2<Double>]]) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        for y in 0...layout.rows {
            for x in 0...layout.columns { points.append(layout.table(Double(x), Double(y))) }
        }
        let all = cards.joined() + layout.corners
        var low = all.first!, high = all.first!
        for p in all {
            low = pointwiseMin(low, p)
            high = pointwiseMax(high, p)
        }
        points += [low, SIMD2(high.x, low.y), high, SIMD2(low.x, high.y)]
        return points
    }
}
