import CardBotImaging
import CardBotLesson
import CardBotVideo

/// Follows a camera stream as it comes: each new stable program is an attempt, run as soon as it appears.
///
/// There are no run marks in a live stream: a program the tracker accepts (the same reading in
/// `stableFrames` consecutive readable frames) with at least one card is run once, then the stream goes on.
/// Frames are decoded (and timed) as they arrive while up to two are read for cards, so reading never holds
/// up the stream's clock; nothing but the readings' outcome is kept.
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

    /// Reads `source` to its end (or Ctrl-C) and returns the whole session.
    ///
    /// - Parameters:
    ///   - makeReader: Returns the function that reads a frame's marker ids in reading order.
    ///   - onAttempt: Called with each attempt as soon as it is run.
    ///   - onUnreadable: Called with each frame that could not be read.
    /// - Throws: `ImageError` when the stream cannot be read at all.
    public func follow(
        _ source: any FrameSource, session: SessionFolder,
        makeReader: @escaping @Sendable () -> (GrayImage) -> [Int],
        onAttempt: (SessionRun.Attempt) -> Void,
        onUnreadable: (SessionRun.UnreadableFrame) -> Void = { _ in }
    ) throws -> SessionRun {
        var tracker = ProgramTracker(stableFrames: runner.stableFrames)
        var attempts: [SessionRun.Attempt] = []
        var unreadable: [SessionRun.UnreadableFrame] = []
        var frames = 0
        var lastReadable: FrameStamp? = nil
        try source.read(
            jobs: 2,
            makeReader: {
                let read = makeReader()
                return { image, _ in read(image) }
            },
            deliver: { frame in
                frames += 1
                switch frame.outcome {
                case .success(let markers):
                    lastReadable = frame.stamp
                    if let program = tracker.observe(markers), !program.isEmpty {
                        let attempt = runner.attempt(attempts.count + 1, stamp: frame.stamp, markers: program, level: level)
                        attempts.append(attempt)
                        onAttempt(attempt)
                    }
                case .failure(let error):
                    let bad = SessionRun.UnreadableFrame(name: frame.stamp.name, reason: error.reason)
                    unreadable.append(bad)
                    onUnreadable(bad)
                }
                return true
            })
        return SessionRun(
            session: session, level: level, optimal: optimal, frameCount: frames, unreadable: unreadable,
            attempts: attempts, finalMarkers: tracker.current, finalProgram: runner.names(tracker.current, level: level),
            lastReadableFrame: lastReadable)
    }
}
