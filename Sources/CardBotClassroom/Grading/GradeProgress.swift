import CardBotSupport

/// How far a class run has got, for a progress bar.
public struct GradeProgress: Sendable, Equatable {
    /// Sessions finished (graded or failed).
    public var sessionsDone: Int
    /// Sessions in the run.
    public var sessions: Int
    /// Frames read so far.
    public var framesDone: Int
    /// Frames in the run.
    public var frames: Int
    /// Seconds since grading started.
    public var seconds: Double

    /// Creates a progress report.
    public init(sessionsDone: Int, sessions: Int, framesDone: Int, frames: Int, seconds: Double) {
        self.sessionsDone = sessionsDone
        self.sessions = sessions
        self.framesDone = framesDone
        self.frames = frames
        self.seconds = seconds
    }

    /// Frames per second so far.
    public var framesPerSecond: Double { seconds > 0 ? Double(framesDone) / seconds : 0 }

    /// Seconds left at the current rate, when it can be told.
    public var secondsLeft: Double? {
        guard framesDone > 0, seconds > 0.2 else { return nil }
        return Double(max(0, frames - framesDone)) / framesPerSecond
    }

    /// One line for a terminal `width` columns wide: a bar, sessions done, frames per second, time left, in the
    /// reader's language.
    ///
    /// `[########----------]  12/30 sessions  42 frames/s  0:37 left`
    public func line(width: Int = 80) -> String {
        let fraction = frames > 0 ? Double(framesDone) / Double(frames) : (sessions > 0 ? Double(sessionsDone) / Double(sessions) : 1)
        let rate = Messages.text("%s frames/s", Int(framesPerSecond.rounded()))
        let done = Messages.plural("%1$s/%2$s session", "%1$s/%2$s sessions", count: sessions, sessionsDone, sessions)
        return JobProgress.bar(fraction: fraction, text: "  \(done)  \(rate)  \(JobProgress.left(secondsLeft))", width: width)
    }
}

extension GradeProgress: ProgressLine {}
