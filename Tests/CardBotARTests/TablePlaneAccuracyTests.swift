import CardBotAR
import CardBotImaging
import CardBotSynth
import CardBotVision
import Foundation
import Testing

/// The table plane and the overlay's placement on synthesized frames, against the synthesizer's true camera.
@Suite struct TablePlaneAccuracyTests {
    /// Runs the pipeline on one scene: detect, fit, place the map; returns the largest distance between where the
    /// overlay's points are drawn and where the true camera puts them, in pixels.
    static func worstError(_ scene: SynthScene, label: String) throws -> Double {
        let frame = try ARTestSupport.render(scene)
        let analyzer = FrameAnalyzer(deck: ARTestSupport.deck)
        let reading = analyzer.analyze(frame.gray)
        try #require(reading.cards.count == scene.cards.count, "\(label): read \(reading.cards.count) of \(scene.cards.count) cards")
        let plane = try #require(TablePlaneFitter(geometry: ARTestSupport.geometry).fit(reading.cards), "\(label): no plane")
        #expect(plane.inliers.count == scene.cards.count, "\(label): a flat card was left out")
        let pose = try #require(CameraPose(homography: plane.homography, width: 1280, height: 720))
        let cards = plane.inliers.map { card in ARTestSupport.geometry.cardCorners.map(card.pose.apply) }
        let map = ARTestSupport.map()
        let layout = try #require(
            OverlayLayout.place(columns: map.width, rows: map.height, cards: cards, cardWidth: ARTestSupport.geometry.width,
                                pose: pose, width: 1280, height: 720, raise: 0.45),
            "\(label): the map found no place")
        let truth = ARTestSupport.truthProjector(plane: plane, detections: reading.cards, scene: scene)
        var worst = 0.0
        for point in ARTestSupport.testPoints(layout: layout, cards: cards) {
            let drawn = try #require(plane.homography.apply(point.x, point.y))
            let expected = try #require(truth(point))
            worst = max(worst, drawn.distance(to: expected))
        }
        return worst
    }

    @Test("easy frames: table region and every tile corner within 2 px of the true camera's at 1280x720")
    func easyFrames() throws {
        var worst: [Double] = []
        for seed in UInt64(1)...6 {
            let program = seed % 2 == 0 ? [[0, 0, 2, 0, 3]] : [[0, 1, 0, 4], [0, 2, 13]]
            let scene = try ARTestSupport.scene(program: program, seed: seed)
            worst.append(try Self.worstError(scene, label: "easy seed \(seed)"))
        }
        #expect(worst.allSatisfy { $0 <= 2 }, "worst errors per frame: \(worst)")
    }

    @Test("60 degrees of tilt: within 5 px")
    func steepFrames() throws {
        var worst: [Double] = []
        for seed in UInt64(11)...14 {
            let scene = ARTestSupport.tilted(try ARTestSupport.scene(program: [[0, 0, 2, 0], [1, 0, 3]], seed: seed), degrees: 60)
            worst.append(try Self.worstError(scene, label: "tilt 60 seed \(seed)"))
        }
        #expect(worst.allSatisfy { $0 <= 5 }, "worst errors per frame: \(worst)")
    }
}
