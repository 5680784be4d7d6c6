import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotVision

/// Follows a camera stream as it comes, and runs each program the moment the child runs it.
///
/// A tap on the GO card runs the program on the table as soon as the GO card is seen again. Until a GO card has
/// been seen, a program that lies still for the settle time is run as an estimated attempt. Frames are decoded
/// (and timed) as they arrive while up to two are read for cards, so reading never holds up the stream's clock;
/// nothing but the readings' outcome is kept.
public struct LiveSession: Sendable {
    /// The runner that reads frames and runs programs.
    public var runner: SessionRunner
    /// The level played.
    public var level: Level
    /// The level's proven fewest cards.
    public var optimal: Int?

    /// Creates a live session.
    public init(runner: SessionRunner, level: Level, optimal: Int?) {
        self.runner = runner
        self.level = level
        self.optimal = optimal
    }

    /// What following a stream came to: the session, and how soon each attempt was run.
    public struct Outcome: Sendable {
        /// The whole session.
        public var run: SessionRun
        /// For each attempt, the time from the delivery of the frame that decided it (for a tap, the frame that
        /// showed the GO card again, read for cards) to the return of `onAttempt` (the attempt run and printed).
        public var runLatencies: [Duration]
    }

    /// Reads `session`'s frames to their end (or Ctrl-C) and returns the whole session.
    ///
    /// - Parameters:
    ///   - makeReader: Returns the function that reads a frame's cards in reading order (corners kept for the
    ///     attempts' frames).
    ///   - onAttempt: Called with each attempt as soon as it is run.
    ///   - onUnreadable: Called with each frame that could not be read.
    /// - Throws: `ImageError` when the stream cannot be read at all.
    public func follow(
        _ session: RecordedSession,
        makeReader: @escaping @Sendable () -> (GrayImage) -> [Detection],
        onAttempt: (SessionRun.Attempt) -> Void,
        onUnreadable: (SessionRun.UnreadableFrame) -> Void = { _ in }
    ) throws -> Outcome {
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        var tracker = AttemptTracker(options: runner.tracking)
        var attempts: [SessionRun.Attempt] = []
        var unreadable: [SessionRun.UnreadableFrame] = []
        var frames = 0
        var lastReadable: FrameStamp? = nil
        // The cards of recent frames: an attempt is decided at most the settle time after its frame.
        var cardsSeen = FrameCards(keeping: 4096)
        // Cards that drop out of a reading while still on the table stay (a flicker is no tap), as in a recording.
        var presence = CardPresence(goMarker: runner.tracking.goMarker)
        var times: [AttemptTracker.Frame] = []
        func run(_ found: [AttemptTracker.Found], delivered: ContinuousClock.Instant) {
            for found in tracker.live(found) {
                let attempt = runner.attempt(
                    attempts.count + 1, found: found, level: level, cards: cardsSeen.cards(of: found.stamp))
                attempts.append(attempt)
                onAttempt(attempt)
                latencies.append(clock.now - delivered)
            }
        }
        try session.frameSource(limits: runner.limits, sampleFPS: runner.sampleFPS).read(
            jobs: 2,
            makeReader: {
                let read = makeReader()
                return { image, _ in (read(image), image) }
            },
            deliver: { frame in
                let delivered = clock.now
                frames += 1
                switch frame.outcome {
                case .success(let (cards, image)):
                    lastReadable = frame.stamp
                    cardsSeen.keep(cards, of: frame.stamp)
                    let onTable = presence.observe(cards, in: image, at: frame.stamp.seconds)
                    run(tracker.observe(.init(stamp: frame.stamp, markers: onTable.map(\.marker))), delivered: delivered)
                case .failure(let error):
                    let bad = SessionRun.UnreadableFrame(name: frame.stamp.name, said: error.said)
                    unreadable.append(bad)
                    onUnreadable(bad)
                    run(tracker.observe(.init(stamp: frame.stamp, markers: nil)), delivered: delivered)
                }
                // Only the recent frames' times are kept, for the review's frame rate.
                times.append(.init(stamp: frame.stamp, markers: nil))
                if times.count > 2048 { times.removeFirst(1024) }
                return true
            })
        run(tracker.finish(), delivered: clock.now)
        var result = SessionRun(
            session: session, level: level, optimal: optimal, frameCount: frames, unreadable: unreadable,
            attempts: attempts, signal: tracker.signal, taps: tracker.tapsSeen, notes: tracker.notes,
            finalMarkers: tracker.currentProgram, finalProgram: runner.names(tracker.currentProgram, level: level),
            lastReadableFrame: lastReadable, lastReadableCards: lastReadable.map { cardsSeen.cards(of: $0) } ?? [])
        result.review = SessionReview.reasons(
            for: result,
            measures: SessionReview.Measures(dropoutShare: presence.dropoutShare, frameInterval: SessionReview.frameInterval(times)))
        return Outcome(run: result, runLatencies: latencies)
    }
}
