import CardBotAR
import CardBotImaging
import CardBotLesson
import CardBotSupport
import CardBotTracking
import Testing

/// A run that walks for 100,000 steps (a loop on a large level) makes a replay of bounded length, shown faster
/// with a caption that says so, and the flat map of a large level fills its picture.
@Suite struct LongRunReplayTests {
    /// A 64×64 room, the robot at its corner, and a square loop that never reaches the goal: 100,000 steps.
    static func longRun() throws -> (Level, Trace) {
        var rows = (0..<64).map { y in
            Array(y == 0 || y == 63 ? String(repeating: "#", count: 64) : "#" + String(repeating: ".", count: 62) + "#")
        }
        rows[1][1] = ">"
        rows[62][62] = "G"
        let tiles = rows.map { "\"\(String($0))\"" }.joined(separator: ",")
        let text = """
            {"format": 2, "number": 1, "name": "Room", "description": "d", "stepLimit": 100000,
             "cards": {"0": "forward", "2": "right", "8": "repeat-until-goal", "13": "end"}, "tiles": [\(tiles)]}
            """
        let level = try LevelLoader.load(text: text, file: "room.json", deckNames: nil)
        let program = try CardProgram([.repeatUntilGoal, .forward, .forward, .right, .end])
        let trace = Robot.run(program, on: level)
        return (level, trace)
    }

    @Test("a 100,000-step walk lasts at most maximumWalkSeconds, evenly sped up, and a short walk keeps its pace")
    func boundedTimeline() throws {
        let (level, trace) = try Self.longRun()
        try #require(trace.steps.count == 100_000)
        let options = ReplayOptions(stepSeconds: 0.5, framesPerSecond: 10, leadSeconds: 0.5, holdSeconds: 1.5)
        let composer = ReplayComposer(level: level, options: options)
        let times = composer.timeline(steps: trace.steps.count)
        // Lead-in 5 frames, the walk in 60 s at 10 fps, the end held 15 frames.
        #expect(times.count == 5 + 600 + 15)
        #expect(times.last == 100_000)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(options.speedUp(forSteps: 100_000) > 800)
        // 10 steps at 0.5 s: 5 frames a step, as before.
        #expect(composer.timeline(steps: 10).count == 5 + 50 + 15)
        #expect(options.speedUp(forSteps: 10) == 1)
    }

    @Test("the caption of a sped-up walk says how much faster it is shown; the path drawn stays bounded")
    func caption() throws {
        let (level, trace) = try Self.longRun()
        let options = ReplayOptions(stepSeconds: 0.5, framesPerSecond: 10)
        let composer = ReplayComposer(level: level, options: options)
        let attempt = ARTestSupport.attempt(trace)
        let animation = RobotAnimation(map: level.map, trace: trace)
        let moment = animation.moment(at: 50_000.5)
        let caption = composer.caption(attempt: attempt, moment: moment, time: 50_000.5, animation: animation)
        #expect(caption == "Attempt 1, step 50001 of 100000: right (card 4), shown 833 times faster", "\(caption)")
        #expect(moment.path.count <= RobotAnimation.maximumPath + 2)
    }

    @Test("the flat map of a 64×64 level fills the picture (it was drawn as a dot when its tiles were small)")
    func flatMapFills() throws {
        let (level, trace) = try Self.longRun()
        let flat = FlatMapView(map: level.map, width: 640, height: 480)
        let image = flat.render(
            map: level.map, moment: RobotAnimation(map: level.map, trace: trace).moment(at: 0), solved: false,
            renderer: OverlayRenderer())
        var covered = 0
        for index in stride(from: 0, to: image.pixels.count, by: 3) {
            let pixel = RGB(image.pixels[index], image.pixels[index + 1], image.pixels[index + 2])
            if pixel != FlatMapView.background { covered += 1 }
        }
        // The map covers more than a third of the picture.
        #expect(covered > 640 * 480 / 3, "\(covered) pixels of the map")
    }
}
