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

    /// One line for a terminal `width` columns wide: a bar, sessions done, frames per second, time left.
    ///
    /// `[########----------]  12/30 sessions  41.7 frames/s  0:37 left`
    public func line(width: Int = 80) -> String {
        let fraction = frames > 0 ? Double(framesDone) / Double(frames) : (sessions > 0 ? Double(sessionsDone) / Double(sessions) : 1)
        let left = secondsLeft.map { "\(Self.clock($0)) left" } ?? "--:-- left"
        let rate = String(Int(framesPerSecond.rounded()))
        // One session (a run): its frames; a class: its sessions.
        let done = sessions == 1 && sessionsDone == 0 ? "\(framesDone)/\(frames) frames" : "\(sessionsDone)/\(sessions) sessions"
        let text = "  \(done)  \(rate) frames/s  \(left)"
        let barWidth = max(10, min(40, width - text.count - 3))
        let filled = min(barWidth, max(0, Int((fraction * Double(barWidth)).rounded(.down))))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]" + text
    }

    /// `m:ss` (or `h:mm:ss`).
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let hours = total / 3600
        let minutes = (total % 3600) / 60
        let rest = total % 60
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
