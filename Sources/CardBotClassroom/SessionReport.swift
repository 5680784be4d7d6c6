import CardBotImaging
import CardBotLesson
import CardBotSupport
import CardBotTracking

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
                lines.append(Messages.text("No program was run."))
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

    /// `Session PATH by STUDENT: level N, NAME` (`One photo: level N, NAME` for photos), in the language of the
    /// messages.
    public func headerLine(_ run: SessionRun) -> String {
        let levelName = TerminalText.visible(run.level.localized(Messages.preferences).name)
        if run.session.isPhotos {
            let count = run.session.framePaths.count
            return count == 1
                ? Messages.text("One photo: level %1$s, %2$s", run.level.number, levelName)
                : Messages.text("%1$s photos: level %2$s, %3$s", count, run.level.number, levelName)
        }
        var path = TerminalText.visible(run.session.path)
        if let video = run.session.videoPath, video != run.session.path {
            let file = TerminalText.visible(String(video.split(separator: "/").last ?? Substring(video)))
            path = Messages.text("%1$s (video %2$s)", path, file)
        }
        if let student = run.session.manifest.student {
            let name = TerminalText.truncated(student, width: ClassTable.maximumNameWidth)
            return Messages.text("Session %1$s by %2$s: level %3$s, %4$s", path, name, run.level.number, levelName)
        }
        return Messages.text("Session %1$s: level %2$s, %3$s", path, run.level.number, levelName)
    }

    /// One attempt: where it was seen, its program and what the robot did.
    /// - Parameter video: Whether the session is a video (the attempt is then placed by its time alone).
    public func attemptLines(_ attempt: SessionRun.Attempt, level: Level, optimal: Int?, video: Bool) -> [String] {
        attemptLines(attempt, level: level, optimal: optimal, video: video, runReport: RunReport(showMap: showMap, color: color))
    }

    private func attemptLines(
        _ attempt: SessionRun.Attempt, level: Level, optimal: Int?, video: Bool, runReport: RunReport
    ) -> [String] {
        var lines: [String]
        switch attempt.signal {
        case .runMarks:
            lines = [Messages.text("Attempt %1$s at %2$s:", attempt.number, Self.place(attempt, video: video))]
        case .goTaps:
            lines = [Messages.text("Attempt %1$s, GO tapped at %2$s:", attempt.number, Self.place(attempt, video: video))]
        case .photos:
            lines = [Messages.text("Attempt %1$s, the photo %2$s:", attempt.number, attempt.frameName)]
        case .settled:
            lines = [
                Messages.text(
                    "Attempt %1$s (estimated: the program lay still until %2$s):", attempt.number,
                    Self.place(attempt, video: video))
            ]
        case .recordingEnd:
            lines = [
                Messages.text(
                    "Attempt %1$s (estimated: the program on the table when the recording ended, at %2$s):",
                    attempt.number, Self.place(attempt, video: video))
            ]
        }
        if let correction = attempt.correction { lines.append(Self.correctionLine(correction)) }
        switch attempt.outcome {
        case .ran(let trace):
            lines += runReport.lines(for: trace, level: level, optimal: optimal, levelHeader: false)
        case .notRunnable:
            lines.append(Messages.text("Cards: %s", attempt.cardNames.map(Card.shown).joined(separator: " ")))
            lines.append(attempt.headline(level: level))
        }
        return lines
    }

    /// "Corrected by Ms Berg; CardBot read: forward forward" (or, for an attempt the teacher added, "Added by Ms
    /// Berg: ..."), in the reader's language.
    public static func correctionLine(_ correction: AttemptCorrection) -> String {
        let read = correction.readNames.isEmpty ? Messages.text("no cards") : correction.readNames.map(Card.shown).joined(separator: " ")
        if correction.added {
            return correction.by.map { Messages.text("Added by %1$s: CardBot saw no attempt here; the table showed: %2$s", TerminalText.visible($0), read) }
                ?? Messages.text("Added by the teacher: CardBot saw no attempt here; the table showed: %s", read)
        }
        return correction.by.map { Messages.text("Corrected by %1$s; CardBot read: %2$s", TerminalText.visible($0), read) }
            ?? Messages.text("Corrected by the teacher; CardBot read: %s", read)
    }

    /// Where an attempt was seen: `frame-0011.jpg (5 s)` in a folder of frames, the time `0:05.2` in a video.
    static func place(_ attempt: SessionRun.Attempt, video: Bool) -> String {
        let name = TerminalText.visible(FrameStamp.shown(attempt.frameName))
        return video ? name : "\(name) (\(time(attempt.seconds)))"
    }

    /// The session summary: a label and a value a line, the values lined up after the longest label.
    public func summaryLines(_ run: SessionRun) -> [String] {
        let read = run.frameCount - run.unreadable.count
        let frames = Messages.text("Frames:")
        let attempts = Messages.text("Attempts:")
        let first = Messages.text("First success:")
        let final = Messages.text("Final program:")
        let cards = Messages.text("Cards:")
        let signal = Messages.text("Run signal:")
        let width = [frames, attempts, signal, first, final, cards].map(\.count).max()! + 1
        func line(_ label: String, _ value: String) -> String {
            "  " + label + String(repeating: " ", count: width - label.count) + value
        }
        var lines = [Messages.text("Summary:")]
        lines.append(line(frames, Messages.text("%1$s read, %2$s unreadable", read, run.unreadable.count)))
        for frame in run.unreadable {
            lines.append(
                String(repeating: " ", count: width + 2)
                    + "\(TerminalText.visible(FrameStamp.shown(frame.name))): \(TerminalText.visible(frame.shownReason))")
        }
        lines.append(line(attempts, String(run.attempts.count)))
        lines.append(line(signal, Self.signalText(run)))
        for note in run.notes {
            lines.append(String(repeating: " ", count: width + 2) + TerminalText.visible(note))
        }
        if let success = run.firstSuccess {
            lines.append(
                line(first, Messages.text("attempt %1$s at %2$s", success.number, Self.place(success, video: run.session.isVideo))))
        } else {
            // The summary comes when the recording (or the stream) is over: no success is "none", not "none yet".
            lines.append(line(first, Messages.text("none")))
        }
        let count = run.finalProgram.count
        lines.append(line(final, count == 0 ? Messages.text("no cards") : run.finalProgram.map(Card.shown).joined(separator: " ")))
        let optimum = run.optimal.map { Messages.text("%1$s (the fewest possible is %2$s)", count, $0) }
            ?? Messages.text("%s (the fewest possible is not known)", count)
        lines.append(line(cards, optimum))
        lines += Self.reviewLines(run.review)
        return lines
    }

    /// "Needs your look:" and each reason with what to do, or nothing when the grade is sure.
    public static func reviewLines(_ review: [ReviewReason]) -> [String] {
        guard !review.isEmpty else { return [] }
        var lines = [Messages.text("Needs your look: the grade may be wrong.")]
        for reason in review {
            lines.append("  - " + TerminalText.visible(reason.text))
            lines.append("    " + Messages.text("What to do: %s", TerminalText.visible(reason.fix)))
        }
        return lines
    }

    /// What made the attempts, in words: the run marks, the GO taps with their times, or an estimate.
    static func signalText(_ run: SessionRun) -> String {
        signalText(run.signal, presses: run.taps.filter { !$0.repeatsPress }.map(\.start), attempts: run.attempts.count)
    }

    /// What made the attempts, in words, from the rule, the times of the presses on the GO card and the number of
    /// attempts (a GO card with no tap seen and attempts: the teacher added them).
    public static func signalText(_ signal: RunSignal, presses: [Double], attempts: Int = 0) -> String {
        switch signal {
        case .runMarks:
            return Messages.text("run marks of session.json")
        case .goTaps:
            let times = presses.prefix(8).map { FrameStamp.shownClock($0) }.joined(separator: ", ")
                + (presses.count > 8 ? ", ..." : "")
            if presses.isEmpty {
                return attempts > 0
                    ? Messages.text("GO card, no tap seen; the teacher added the attempts")
                    : Messages.text("GO card, no tap seen")
            }
            return Messages.text("GO card tapped at %s", times)
        case .settled, .recordingEnd:
            return Messages.text(
                "estimated: no run signal in the recording, so each program that lay still, and the one left at the end, is an attempt")
        case .photos:
            return Messages.text("photos of the table: each photo's program is run")
        }
    }

    /// "12.5 s" from the session start (times beyond a day are written in whole seconds).
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e9 else { return "\(JSONText.number(seconds, places: 0)) s" }
        let rounded = (seconds * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(Messages.decimal(String(rounded))) s"
    }
}
