import CardBotAR
import CardBotImaging
import CardBotLesson
import CardBotSynth
import CardBotTracking
import CardBotVision
import Foundation
import Testing

/// One rendered replay frame against a committed reference picture.
///
/// Set `CARDBOT_UPDATE_GOLDEN=1` to write the reference again (then look at it before committing it).
@Suite struct ReplayGoldenTests {
    static let reference = ARTestSupport.packageRoot.appendingPathComponent("Tests/CardBotARTests/Resources/replay-golden.png").path

    /// Level 5 played with its solution on a synthesized table, mid-way through the first jump.
    static func renderFrame() throws -> (image: RGBImage, view: ReplayView) {
        let level = try LevelLoader.load(ARTestSupport.packageRoot.appendingPathComponent("Levels/05-stepping-stones.json").path)
        let markers = [0, 3, 2, 3, 0]
        let program = try CardMapping(level: level, deckNames: ARTestSupport.deck.namesByMarker).program(markerIDs: markers)
        let trace = Robot.run(program, on: level)
        let options = SceneOptions(width: 640, height: 360, program: [markers], difficulty: .easy, keepAllInView: true)
        let scene = try SceneGenerator(faces: ARTestSupport.faces, options: options).scene(seed: 5)
        let frame = FrameRenderer().render(scene)
        let reading = FrameAnalyzer(deck: ARTestSupport.deck).analyze(frame.gray)
        let replayOptions = ReplayOptions(cards: ARTestSupport.geometry)
        let view = ReplayView.prepare(
            plane: TablePlaneFitter(geometry: ARTestSupport.geometry).fit(reading.cards), seen: reading.cards.map(\.corners),
            programMatches: reading.markers == markers,
            map: level.map, width: 640, height: 360, options: replayOptions)
        let attempt = ARTestSupport.attempt(trace, markers: markers)
        let composer = ReplayComposer(level: level, options: replayOptions)
        let image = composer.frame(attempt: attempt, animation: RobotAnimation(map: level.map, trace: trace), time: 1.5,
                                   background: frame.rgb, view: view)
        return (image, view)
    }

    @Test("a replay frame matches the reference picture")
    func matchesReference() throws {
        let (image, view) = try Self.renderFrame()
        guard case .table = view else {
            Issue.record("the golden scene fell back to the flat map: \(view.fallbackReason ?? "")")
            return
        }
        if ProcessInfo.processInfo.environment["CARDBOT_UPDATE_GOLDEN"] == "1" {
            try ImageWriter.write(image, to: Self.reference)
        }
        var reader = ImageReader()
        let expected = try reader.readRGB(Self.reference)
        try #require(expected.width == image.width && expected.height == image.height)
        var total = 0
        var far = 0
        for (a, b) in zip(image.pixels, expected.pixels) {
            let d = abs(Int(a) - Int(b))
            total += d
            if d > 48 { far += 1 }
        }
        let mean = Double(total) / Double(image.pixels.count)
        #expect(mean < 0.5, "mean difference \(mean) per channel")
        #expect(Double(far) / Double(image.pixels.count) < 0.002, "\(far) channel values differ by more than 48")
    }
}
