import CardBotAR
import CardBotGeometry
import CardBotImaging
import CardBotSynth
import CardBotVision
import Foundation
import Testing

/// The plane followed over consecutive frames of a still camera, and through frames where no card is seen.
@Suite struct PlaneTrackerTests {
    @Test("the overlay moves less than 1 px between consecutive frames of a still camera; the last plane is kept while the cards are hidden")
    func stillCamera() throws {
        let base = try ARTestSupport.scene(program: [[0, 2, 0, 3, 0]], seed: 21)
        let analyzer = FrameAnalyzer(deck: ARTestSupport.deck)
        let renderer = FrameRenderer()
        var tracker = PlaneTracker(fitter: TablePlaneFitter(geometry: ARTestSupport.geometry))
        var layout: OverlayLayout? = nil
        var previous: [ImagePoint]? = nil
        var moves: [Double] = []
        for index in 0..<6 {
            var scene = base
            // The same camera and table; only the sensor noise differs from frame to frame.
            scene.effects.seed = UInt64(1000 + index)
            scene.effects.noise = 3
            let reading = analyzer.analyze(try ARTestSupport.render(scene, renderer: renderer).gray)
            #expect(reading.cards.count == 5)
            let update = tracker.update(reading.cards)
            let h = try #require(update)
            if layout == nil {
                let plane = try #require(tracker.model)
                let pose = try #require(CameraPose(homography: h, width: 1280, height: 720))
                let cards = plane.inliers.map { card in ARTestSupport.geometry.cardCorners.map(card.pose.apply) }
                layout = OverlayLayout.place(columns: 7, rows: 5, cards: cards, cardWidth: ARTestSupport.geometry.width,
                                             pose: pose, width: 1280, height: 720, raise: 0.45)
            }
            let placed = try #require(layout)
            var points: [ImagePoint] = []
            for y in 0...placed.rows {
                for x in 0...placed.columns {
                    let t = placed.table(Double(x), Double(y))
                    points.append(try #require(h.apply(t.x, t.y)))
                }
            }
            if let previous { moves.append(zip(points, previous).map { $0.distance(to: $1) }.max()!) }
            previous = points
        }
        #expect(moves.count == 5 && moves.allSatisfy { $0 < 1 }, "largest move per frame: \(moves)")

        // A hand over every card: nothing is read, the last good plane stays.
        let kept = tracker.homography
        #expect(tracker.update([]) == kept)
        #expect(tracker.framesWithoutCards == 1)
    }

    @Test("a real camera move is followed at once")
    func followsMove() throws {
        let base = try ARTestSupport.scene(program: [[0, 2, 0, 3]], seed: 22)
        let analyzer = FrameAnalyzer(deck: ARTestSupport.deck)
        var tracker = PlaneTracker(fitter: TablePlaneFitter(geometry: ARTestSupport.geometry))
        tracker.update(analyzer.analyze(try ARTestSupport.render(base).gray).cards)
        var moved = base
        moved.camera.target = moved.camera.target.offset(40, 25)
        let reading = analyzer.analyze(try ARTestSupport.render(moved).gray)
        let update = tracker.update(reading.cards)
        let h = try #require(update)
        // Every card's marker centre is drawn where it now is.
        let plane = try #require(tracker.model)
        for (card, detection) in zip(plane.cards, reading.cards) {
            let drawn = try #require(h.apply(card.pose.center.x, card.pose.center.y))
            #expect(drawn.distance(to: detection.quad.center) < 1.5)
        }
    }

    @Test("the camera pose from the homography gives the true camera's tilt")
    func cameraTilt() throws {
        for degrees in [20.0, 45.0] {
            var scene = ARTestSupport.tilted(try ARTestSupport.scene(program: [[0, 2, 0], [3, 0]], seed: 23), degrees: degrees)
            scene.camera.focalLength = SynthCamera.focalLength(width: 1280, horizontalFieldOfView: CameraPose.defaultFieldOfView)
            scene = ARTestSupport.tilted(scene, degrees: degrees)
            let reading = FrameAnalyzer(deck: ARTestSupport.deck).analyze(try ARTestSupport.render(scene).gray)
            let plane = try #require(TablePlaneFitter(geometry: ARTestSupport.geometry).fit(reading.cards))
            let pose = try #require(CameraPose(homography: plane.homography, width: 1280, height: 720))
            #expect(abs(pose.tiltDegrees - degrees) < 3, "tilt \(degrees): estimated \(pose.tiltDegrees)")
            #expect(pose.isDrawable)
            // The table's up direction points towards the camera: a raised point is nearer to it.
            let ground = pose.cameraPoint(0, 0)
            let raised = pose.cameraPoint(0, 0, height: 50)
            #expect((raised * raised).sum() < (ground * ground).sum())
        }
    }
}
