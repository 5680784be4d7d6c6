import CardBotAR
import CardBotImaging
import CardBotLesson
import CardBotTracking
import Testing

/// An attempt's title card says which attempt it is and shows its cards, but not how it ended: that is shown after
/// the robot's last step, in words, and held.
@Suite struct ReplayTitleTests {
    static func level() throws -> Level {
        try LevelLoader.locate("5", levelsDirectory: ARTestSupport.packageRoot.appendingPathComponent("Levels").path)
    }

    /// Attempt 2 running `cards`, its program shown as "forward jump" whatever its cards.
    static func attempt(_ cards: [Card], level: Level) throws -> SessionRun.Attempt {
        ARTestSupport.attempt(Robot.run(try CardProgram(cards), on: level), number: 2, cardNames: ["forward", "jump"])
    }

    @Test("the title card of a solved and of a failed attempt with the same number and cards are the same picture")
    func titleHasNoResult() throws {
        let level = try Self.level()
        let solved = try Self.attempt([.forward, .jump, .right, .jump, .forward], level: level)
        let failed = try Self.attempt([.forward, .forward], level: level)
        try #require(solved.solved && !failed.solved && solved.replayHeadline(level: level) != failed.replayHeadline(level: level))
        let composer = ReplayComposer(level: level, options: ReplayOptions())
        let background = RGBImage(width: 480, height: 360, fill: RGB(120, 90, 60))
        let a = composer.titleCard(for: solved, background: background)
        let b = composer.titleCard(for: failed, background: background)
        #expect(a == b, "the title card shows the result")
        // It does show the attempt: another number is another picture.
        var third = failed
        third.number = 3
        #expect(composer.titleCard(for: third, background: background) != b)
    }

    @Test("after the last step the result is written and held: the frames of the end differ by the result only")
    func resultAfterLastStep() throws {
        let level = try Self.level()
        let options = ReplayOptions()
        let composer = ReplayComposer(level: level, options: options)
        let attempt = try Self.attempt([.forward, .forward], level: level)
        // Another result for the same walk: the solving program's run, the walk drawn from `attempt`'s.
        var other = attempt
        other.outcome = .ran(Robot.run(try CardProgram([.forward, .jump, .right, .jump, .forward]), on: level))
        try #require(other.replayHeadline(level: level) != attempt.replayHeadline(level: level))
        let animation = RobotAnimation(map: level.map, trace: try #require(attempt.trace))
        let view = ReplayView.prepare(plane: nil, seen: [], programMatches: false, map: level.map, width: 480, height: 360,
                                      options: options)
        let background = RGBImage(width: 480, height: 360, fill: RGB(120, 90, 60))
        func frame(_ a: SessionRun.Attempt, _ time: Double) -> RGBImage {
            composer.frame(attempt: a, animation: animation, time: time, background: background, view: view)
        }
        // While the robot walks, the result is nowhere; once it has stopped, it is.
        #expect(frame(attempt, 1.5) == frame(other, 1.5))
        #expect(frame(attempt, animation.duration) != frame(other, animation.duration))
        // The end is held at least 3 seconds: long enough to read the result aloud.
        let timeline = composer.timeline(steps: 2)
        let held = timeline.reversed().prefix { $0 == animation.duration }.count
        #expect(Double(held) / options.framesPerSecond >= 3)
    }

    @Test("the program line names the cards, and says so when there are none")
    func programLine() {
        #expect(ReplayComposer.programLine(["forward", "jump", "forward"]) == "Program (3 cards): forward jump forward")
        #expect(ReplayComposer.programLine([]) == "Program: no cards")
    }
}
