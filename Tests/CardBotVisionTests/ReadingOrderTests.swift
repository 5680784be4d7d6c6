import CardBotGeometry
import CardBotImaging
import CardBotSynth
import CardBotVision
import Foundation
import Testing

@Suite("ReadingOrder: rows in the cards' own frame")
struct ReadingOrderTests {
    /// A small deterministic generator for layouts.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + (range.upperBound - range.lowerBound) * next() }
    }

    /// Detections of cards laid in rows on a table (marker side 1), askew, unevenly spaced, then seen through
    /// `transform` (table point -> image point). Returned shuffled, with the ids in reading order.
    static func layout(
        rows: [Int], askewDegrees: Double, seed: UInt64, transform: (Double, Double) -> ImagePoint
    ) -> (detections: [Detection], order: [Int]) {
        var random = Random(state: seed)
        var detections: [Detection] = []
        var order: [Int] = []
        var id = 0
        for (row, length) in rows.enumerated() {
            var x = random.uniform(-0.3...0.3)
            let y = Double(row) * 1.9 + random.uniform(-0.15...0.15)
            for _ in 0..<length {
                let angle = random.uniform(-askewDegrees...askewDegrees) * Double.pi / 180
                let cy = y + random.uniform(-0.2...0.2)
                let corners = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map { (u, v) -> ImagePoint in
                    let tx = x + u * cos(angle) - v * sin(angle)
                    let ty = cy + u * sin(angle) + v * cos(angle)
                    return transform(tx, ty)
                }
                detections.append(
                    Detection(marker: id, name: "card-\(id)", quad: Quad(corners), rotation: 0, confidence: 1, correctedCells: 0))
                order.append(id)
                id += 1
                // Uneven gaps: from touching to more than two cards wide.
                x += 1.25 + random.uniform(0...2.2)
            }
        }
        var shuffled = detections
        for index in shuffled.indices.reversed() {
            let other = Int(random.next() * Double(index + 1))
            shuffled.swapAt(index, other)
        }
        return (shuffled, order)
    }

    /// A similarity: turn by `degrees` (clockwise on screen), scale to `scale` pixels per marker, then shift.
    static func similarity(_ degrees: Double, scale: Double = 40) -> (Double, Double) -> ImagePoint {
        let angle = degrees * Double.pi / 180
        return { x, y in
            ImagePoint(x: 640 + scale * (x * cos(angle) - y * sin(angle)), y: 360 + scale * (x * sin(angle) + y * cos(angle)))
        }
    }

    @Test("empty and single layouts")
    func trivial() {
        #expect(ReadingOrder.rows([]).isEmpty)
        let one = Self.layout(rows: [1], askewDegrees: 0, seed: 1, transform: Self.similarity(0))
        #expect(ReadingOrder.sequence(one.detections).map(\.marker) == [0])
    }

    @Test("any camera rotation reads the same rows", arguments: Array(stride(from: 0.0, to: 360.0, by: 15.0)))
    func cameraRotation(degrees: Double) {
        let layout = Self.layout(rows: [4, 3, 5], askewDegrees: 0, seed: 7, transform: Self.similarity(degrees))
        let rows = ReadingOrder.rows(layout.detections)
        #expect(rows.map { $0.map(\.marker) } == [[0, 1, 2, 3], [4, 5, 6], [7, 8, 9, 10, 11]])
    }

    @Test("cards askew by up to 15 degrees and unevenly spaced, at any camera rotation", arguments: 1...40)
    func askew(seed: Int) {
        let rows = [2 + seed % 4, 1 + seed % 5, 3]
        let degrees = Double(seed * 37 % 360)
        let layout = Self.layout(
            rows: Array(rows.prefix(2 + seed % 2)), askewDegrees: 15, seed: UInt64(seed), transform: Self.similarity(degrees))
        #expect(ReadingOrder.sequence(layout.detections).map(\.marker) == layout.order)
    }

    @Test("perspective: a table seen at a strong tilt", arguments: [0.0, 90.0, 200.0])
    func perspective(degrees: Double) {
        // A projective map: rows farther from the camera are smaller and closer together.
        let turn = Self.similarity(degrees, scale: 1)
        let transform: (Double, Double) -> ImagePoint = { x, y in
            let w = 1 + 0.09 * (4 - y)
            let p = turn((x - 5) * 45 / w, (y - 2) * 45 / w)
            return ImagePoint(x: p.x, y: p.y)
        }
        let layout = Self.layout(rows: [5, 4, 5], askewDegrees: 10, seed: 3, transform: transform)
        #expect(ReadingOrder.sequence(layout.detections).map(\.marker) == layout.order)
    }

    @Test("a rendered layout reads the same with the camera held at 0, 90, 180 and 270 degrees")
    func renderedRoll() throws {
        let deck = DeckTestSupport.defaultDeck
        let generator = try SceneGenerator(
            faces: DetectorTestSupport.faces(of: deck),
            options: SceneOptions(width: 800, height: 800, rows: 2, cards: 6, difficulty: .easy))
        let renderer = FrameRenderer()
        let detector = MarkerDetector(deck: deck)
        var compared = 0
        for index in 0..<8 {
            var readings: [[Int]] = []
            var complete = true
            for quarter in 0..<4 {
                var scene = generator.scene(seed: 21, index: index)
                scene.camera.roll += Double(quarter) * Double.pi / 2
                let (image, truth) = try DetectorTestSupport.frame(scene, renderer: renderer)
                if truth.cards.contains(where: \.hidden) { complete = false }
                readings.append(ReadingOrder.sequence(detector.detect(image)).map(\.marker))
                if !truth.cards.contains(where: \.hidden) {
                    #expect(readings.last == truth.visible, "scene \(index), roll \(quarter * 90)")
                }
            }
            if complete {
                compared += 1
                #expect(Set(readings.map { $0.description }).count == 1, "scene \(index): \(readings)")
            }
        }
        #expect(compared >= 4)
    }
}
