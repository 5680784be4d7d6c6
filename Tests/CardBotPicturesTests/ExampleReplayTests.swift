import CardBotAR
import CardBotClassroom
import CardBotImaging
import CardBotLesson
import CardBotPictures
import CardBotSession
import CardBotTestSupport
import CardBotTracking
import CardBotVision
import Testing

/// The AR replay of a bundled example session (Maya's frames; Zoe's phone video takes minutes to read in a debug
/// build and is checked by `run --replay` by hand), measured in the pixels of each attempt's run frame: the map drawn beside the cards, never over one; the robot at least 6% of the frame's
/// shorter side; the results in words.
@Suite("the replay of the example sessions")
struct ExampleReplayTests {
    @Test("each attempt: the map on the table clear of every card, the robot big enough, the result without coordinates",
          arguments: ["maya-level-3"])
    func example(name: String) throws {
        let deck = try Deck.load(PackageRoot.path("Cards/deck.json"))
        let recording = try RecordedSession.open(PackageRoot.path("Examples/" + name))
        let job = SessionJob(deck: deck, tracking: TrackingOptions(), jobs: 2, limits: .default, sampleFPS: nil)
        let run = try job.run(recording, lesson: try job.lesson(of: recording, requested: nil, levelsDirectory: PackageRoot.path("Levels")))
        try #require(run.attempts.count == 2)
        let source = recording.frameSource(limits: .default, sampleFPS: nil)
        // As `run --replay` does, with its default card size.
        let options = ReplayOptions()
        let composer = ReplayComposer(level: run.level, options: options)
        for attempt in run.attempts {
            let replay = attempt
            #expect(!replay.replayHeadline(level: run.level).contains("("), "\(replay.replayHeadline(level: run.level))")
            #expect(replay.shownProgram.count == attempt.markers.count)
            let frame = try source.colourFrame(FrameStamp(index: attempt.frame, name: attempt.frameName, seconds: attempt.seconds))
            let view = ReplayView.prepare(
                plane: TablePlaneFitter(geometry: options.cards).fit(replay.cards), seen: replay.cards.map(\.corners),
                // The running card's light is meant to lie on a card: left out here, where only the map is measured.
                programMatches: false, map: run.level.map, width: frame.width,
                height: frame.height, options: options)
            guard case .table(let pose, let layout, _) = view else {
                Issue.record("\(name) attempt \(attempt.number): flat map (\(view.fallbackReason ?? ""))")
                continue
            }
            let trace = try #require(replay.trace)
            let animation = RobotAnimation(map: run.level.map, trace: trace)
            // The map and robot at the start and at the end, the caption band along the bottom left out: nothing on
            // a card (the running card's light is drawn only while a step runs).
            let band = Int(Double(frame.height) * 0.1) + 8
            // Whole cards, not only their markers.
            let outlines = replay.cards.map { options.cards.cardOutline(markerCorners: $0.corners)! }
            for time in [0, animation.duration] {
                let drawn = composer.frame(attempt: replay, animation: animation, time: time, background: frame, view: view)
                let onCards = ReplayPixels.changed(drawn, from: frame).filter { p in
                    p.y < frame.height - band && outlines.contains { ReplayPixels.inside($0, x: p.x, y: p.y) }
                }
                #expect(onCards.isEmpty, "\(name) attempt \(attempt.number) at \(time): \(onCards.count) pixels over the cards")
            }
            // The robot: what changes when it is taken away.
            let moment = animation.moment(at: 0)
            let scene = OverlayRenderer.Scene(
                pose: pose, layout: layout, map: run.level.map, moment: moment, solved: false,
                robotPixels: composer.robotPixels(width: frame.width, height: frame.height))
            var gone = scene
            gone.moment.position = SIMD2(-1e5, -1e5)
            var with = OverlayCanvas(frame), without = OverlayCanvas(frame)
            OverlayRenderer().draw(scene, on: &with)
            OverlayRenderer().draw(gone, on: &without)
            let robot = ReplayPixels.extent(ReplayPixels.changed(with.take(), from: without.take(), threshold: 40))
            let least = 0.06 * Double(min(frame.width, frame.height))
            #expect(Double(min(robot.width, robot.height)) >= least,
                    "\(name) attempt \(attempt.number): robot \(robot.width) x \(robot.height) px, at least \(least)")
        }
    }
}
