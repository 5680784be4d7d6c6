import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotVision

/// `run`: one lesson, from a typed program or from a recording (a session folder, a video, frames, or a live
/// stream), with everything a command needs decided once: the deck, the level and its proven fewest cards.
public struct SessionJob: Sendable {
    /// The deck whose markers are read.
    public var deck: Deck
    /// How programs and attempts are read, in seconds.
    public var tracking: TrackingOptions
    /// Workers decoding and reading frames in parallel.
    public var jobs: Int
    /// Image limits for every frame.
    public var limits: ImageLimits
    /// Frames read per second of a video (`--sample-fps`); nil reads every frame.
    public var sampleFPS: Double?

    /// Creates the job.
    public init(deck: Deck, tracking: TrackingOptions, jobs: Int, limits: ImageLimits, sampleFPS: Double?) {
        self.deck = deck
        self.tracking = tracking
        self.jobs = jobs
        self.limits = limits
        self.sampleFPS = sampleFPS
    }

    /// A lesson ready to run: the level and, when the solver proved it, the fewest cards that solve it.
    public struct Lesson: Sendable {
        /// The level.
        public var level: Level
        /// The fewest cards that solve it, when known.
        public var optimal: Int?
    }

    /// The lesson of `level` (a level file or a number in `levelsDirectory`).
    /// - Throws: ``LevelLoadError`` when the level cannot be loaded.
    public func lesson(_ level: String, levelsDirectory: String) throws -> Lesson {
        let loaded = try LevelLoader.locate(level, levelsDirectory: levelsDirectory, deckNames: deck.namesByMarker)
        return Lesson(level: loaded, optimal: OptimumCache.user().optimum(for: loaded))
    }

    /// The lesson `recording` plays: `requested` (`--level`), else its session.json's level.
    /// - Throws: `SessionError` naming session.json or the folder when there is no level or it cannot be loaded.
    public func lesson(of recording: RecordedSession, requested: String?, levelsDirectory: String) throws -> Lesson {
        let level = try SessionLevel.resolve(
            recording, requested: requested, levelsDirectory: levelsDirectory, deckNames: deck.namesByMarker)
        return Lesson(level: level, optimal: OptimumCache.user().optimum(for: level))
    }

    /// Runs a typed program (card names or marker ids) on the lesson's level.
    /// - Throws: a ``Problem`` naming `source` (such as `--program`) with the card that is not valid.
    public func run(typed text: String, source: String, on lesson: Lesson) throws -> Trace {
        let mapping = CardMapping(level: lesson.level, deckNames: deck.namesByMarker)
        return Robot.run(try mapping.program(text: text, source: source), on: lesson.level)
    }

    /// Reads `recording` and runs every attempt on the lesson's level, each frame measured for the capture check as
    /// it is read (the run's review judges the recording by the same reading).
    /// - Parameter progress: Called (from the reading thread) after each frame, with the frames read of those the
    ///   recording holds (a video's count is the container's estimate).
    /// - Throws: `ImageError` when the recording cannot be read at all (a damaged frame is only unreadable).
    public func run(
        _ recording: RecordedSession, lesson: Lesson, progress: (@Sendable (JobProgress) -> Void)? = nil,
        corrected: Bool = true
    ) throws -> SessionRun {
        var frames: (@Sendable (Int) -> Void)? = nil
        if let progress {
            let expected = recording.frameSource(limits: limits, sampleFPS: sampleFPS).expectedFrameCount ?? 0
            let start = ContinuousClock.now
            frames = { done in
                let seconds = (ContinuousClock.now - start).seconds
                progress(JobProgress(done: done, total: max(expected, done), unit: .framesRead, seconds: seconds))
            }
        }
        return try runner(jobs: jobs).run(
            recording, level: lesson.level, optimal: lesson.optimal,
            makeMeasuringReader: FrameAnalyzer.capturingReader(deck: deck, limits: limits), progress: frames,
            corrected: corrected)
    }

    /// Follows a live stream: each attempt is run and handed to `onAttempt` the moment it is decided.
    /// - Throws: `ImageError` when the stream cannot be read at all.
    public func follow(
        _ stream: RecordedSession, lesson: Lesson, onAttempt: (SessionRun.Attempt) -> Void,
        onUnreadable: (SessionRun.UnreadableFrame) -> Void
    ) throws -> LiveSession.Outcome {
        let live = LiveSession(runner: runner(jobs: 1), level: lesson.level, optimal: lesson.optimal)
        return try live.follow(
            stream, makeReader: FrameAnalyzer.cardReader(deck: deck, limits: limits), onAttempt: onAttempt,
            onUnreadable: onUnreadable)
    }

    private func runner(jobs: Int) -> SessionRunner {
        SessionRunner(tracking: tracking, jobs: jobs, limits: limits, deckNames: deck.namesByMarker, sampleFPS: sampleFPS)
    }
}
