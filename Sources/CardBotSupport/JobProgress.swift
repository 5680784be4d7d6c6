/// What a progress bar shows: one line for a terminal of a given width.
public protocol ProgressLine: Sendable {
    /// The line, at most `width` columns.
    func line(width: Int) -> String
}

/// How far a long job that makes or reads things one by one has got (the pages of a printed document, the frames of
/// a replay, the frames of a recording read), for a progress bar: `[########----------]  3/20 pages  0:05 left`, in
/// the reader's language.
public struct JobProgress: ProgressLine, Equatable {
    /// What the job makes.
    public enum Unit: Sendable, Equatable {
        /// Pages and frames made.
        case pages, frames
        /// A recording's frames read, shown with the rate: `120/300 frames  42 frames/s  0:04 left`.
        case framesRead
    }

    /// Things made so far.
    public var done: Int
    /// Things to make.
    public var total: Int
    /// What they are.
    public var unit: Unit
    /// Seconds since the job started.
    public var seconds: Double

    /// Creates a progress report.
    public init(done: Int, total: Int, unit: Unit, seconds: Double) {
        self.done = done
        self.total = total
        self.unit = unit
        self.seconds = seconds
    }

    /// Seconds left at the rate so far, when it can be told.
    public var secondsLeft: Double? {
        guard done > 0, seconds > 0.2 else { return nil }
        return Double(max(0, total - done)) * seconds / Double(done)
    }

    public func line(width: Int = 80) -> String {
        let counted =
            switch unit {
            case .pages: Messages.plural("%1$s/%2$s page", "%1$s/%2$s pages", count: total, done, total)
            case .frames: Messages.plural("%1$s/%2$s frame", "%1$s/%2$s frames", count: total, done, total)
            case .framesRead:
                Messages.plural("%1$s/%2$s frame", "%1$s/%2$s frames", count: total, done, total) + "  "
                    + Messages.text("%s frames/s", Int((seconds > 0 ? Double(done) / seconds : 0).rounded()))
            }
        return Self.bar(fraction: total > 0 ? Double(done) / Double(total) : 1, text: "  \(counted)  \(Self.left(secondsLeft))", width: width)
    }

    /// `[####------]` as wide as `width` leaves beside `text`, then `text`.
    public static func bar(fraction: Double, text: String, width: Int) -> String {
        let barWidth = max(10, min(40, width - text.count - 3))
        let filled = min(barWidth, max(0, Int((fraction * Double(barWidth)).rounded(.down))))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]" + text
    }

    /// "0:37 left", or "--:-- left" when it cannot be told yet.
    public static func left(_ seconds: Double?) -> String {
        Messages.text("%s left", seconds.map(clock) ?? "--:--")
    }

    /// `m:ss` (or `h:mm:ss`).
    public static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 1e9 else { return "--:--" }
        let total = Int(max(0, seconds).rounded(.up))
        let hours = total / 3600
        let minutes = (total % 3600) / 60
        let rest = total % 60
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
