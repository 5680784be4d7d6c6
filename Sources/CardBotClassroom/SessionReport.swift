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
        lines.append(headerLine(run))
        if !quiet {
            let runReport = RunReport(showMap: showMap, color: color)
            if run.attempts.isEmpty {
                lines.append("")
                lines.append("No program was run.")
            }
            for attempt in run.attempts {
                lines.append("")
                lines += attemptLines(
                    attempt, level: run.level, optimal: run.optimal, video: run.session.isVideo, runReport: runReport)
            }
            lines.append("")
        }
        lines += summaryLines(run)
        return lines
    }

    /// `Session PATH by STUDENT: level N, NAME`.
    public func headerLine(_ run: SessionRun) -> String {
        let student = run.session.manifest.student.map { " by \($0)" } ?? ""
        let video = run.session.video.map { $0 == run.session.path ? "" : " (video \(String($0.split(separator: "/").last ?? Substring($0))))" } ?? ""
        return "Session \(run.session.path)\(video)\(student): level \(run.level.number), \(run.level.name)"
    }

    /// One attempt: where it was seen, its program and what the robot did.
    /// - Parameter video: Whether the session is a video (the attempt is then placed by its time alone).
    public func attemptLines(_ attempt: SessionRun.Attempt, level: Level, optimal: Int?, video: Bool) -> [String] {
        attemptLines(attempt, level: level, optimal: optimal, video: video, runReport: RunReport(showMap: showMap, color: color))
    }

    private func attemptLines(
        _ attempt: SessionRun.Attempt, level: Level, optimal: Int?, video: Bool, runReport: RunReport
    ) -> [String] {
        var lines = ["Attempt \(attempt.number) at \(Self.place(attempt, video: video)):"]
        switch attempt.outcome {
        case .ran(let trace):
            lines += runReport.lines(for: trace, level: level, optimal: optimal, levelHeader: false)
        case .notRunnable(let message):
            lines.append("Cards: \(attempt.cardNames.joined(separator: " "))")
            lines.append("This program cannot run: \(message)")
        }
        return lines
    }

    /// Where an attempt was seen: `frame-0011.jpg (5 s)` in a folder of frames, the time `0:05.2` in a video.
    static func place(_ attempt: SessionRun.Attempt, video: Bool) -> String {
        video ? attempt.frameName : "\(attempt.frameName) (\(time(attempt.seconds)))"
    }

    /// The session summary.
    public func summaryLines(_ run: SessionRun) -> [String] {
        var lines = ["Summary:"]
        let read = run.frameCount - run.unreadable.count
        lines.append("  Frames:        \(read) read, \(run.unreadable.count) unreadable")
        for frame in run.unreadable {
            lines.append("                 \(frame.name): \(frame.reason)")
        }
        lines.append("  Attempts:      \(run.attempts.count)")
        if let first = run.firstSuccess {
            lines.append("  First success: attempt \(first.number) at \(Self.place(first, video: run.session.isVideo))")
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
