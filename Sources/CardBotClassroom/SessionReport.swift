import CardBotSupport
import CardBotLesson

/// The human report of a session run, as `cardbot run SESSION_DIR` prints it.
public struct SessionReport: Sendable {
    /// Draw the map after every step.
    public var showMap: Bool
    /// Colour the maps.
    public var color: Bool
    /// Print only the summary.
    public var quiet: Bool

    /// Creates a report.
    public init(showMap: Bool = false, color: Bool = false, quiet: Bool = false) {
        self.showMap = showMap
        self.color = color
        self.quiet = quiet
    }

    /// Every line: the level, each attempt (program, steps, result), then the summary.
    public func lines(for run: SessionRun) -> [String] {
        var lines: [String] = []
        let student = run.session.manifest.student.map { " by \(TerminalText.truncated($0, width: ClassTable.maximumNameWidth))" } ?? ""
        lines.append(
            "Session \(TerminalText.visible(run.session.path))\(student): level \(run.level.number), \(TerminalText.visible(run.level.name))")
        if !quiet {
            let runReport = RunReport(showMap: showMap, color: color)
            if run.attempts.isEmpty {
                lines.append("")
                lines.append("No program was run.")
            }
            for attempt in run.attempts {
                lines.append("")
                lines.append("Attempt \(attempt.number) at \(TerminalText.visible(attempt.frameName)) (\(Self.time(attempt.seconds))):")
                switch attempt.outcome {
                case .ran(let trace):
                    lines += runReport.lines(for: trace, level: run.level, optimal: run.optimal, levelHeader: false)
                case .notRunnable(let message):
                    lines.append("Cards: \(attempt.cardNames.joined(separator: " "))")
                    lines.append("This program cannot run: \(message)")
                }
            }
            lines.append("")
        }
        lines += summaryLines(run)
        return lines
    }

    /// The session summary.
    public func summaryLines(_ run: SessionRun) -> [String] {
        var lines = ["Summary:"]
        let read = run.frameCount - run.unreadable.count
        lines.append("  Frames:        \(read) read, \(run.unreadable.count) unreadable")
        for frame in run.unreadable {
            lines.append("                 \(TerminalText.visible(frame.name)): \(TerminalText.visible(frame.reason))")
        }
        lines.append("  Attempts:      \(run.attempts.count)")
        if let first = run.firstSuccess {
            lines.append("  First success: attempt \(first.number) at \(TerminalText.visible(first.frameName)) (\(Self.time(first.seconds)))")
        } else {
            lines.append("  First success: none yet")
        }
        let count = run.finalProgram.count
        let program = count == 0 ? "no cards" : run.finalProgram.joined(separator: " ")
        lines.append("  Final program: \(program)")
        let optimum = run.optimal.map { "the fewest possible is \($0)" } ?? "the fewest possible is not known"
        lines.append("  Cards:         \(count) (\(optimum))")
        return lines
    }

    /// "12.5 s" from the session start.
    static func time(_ seconds: Double) -> String {
        let rounded = (seconds * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
