import CardBotImaging
import CardBotSupport
import Foundation

/// Decides whether a session's grade needs the teacher's look, and why: every doubt the engine met while reading.
///
/// A wrong grade that looks sure is the worst outcome, and a needless "needs your look" on a right one the next:
/// each rule here names a doubt that was measured to come with wrong grades on synthesized lessons
/// (`Benchmarks/review_bench.py`, docs/performance.md), and says what the teacher should do.
public enum SessionReview {
    /// The rules' version: a grade records it among its settings, so a gradebook grades its sessions again when
    /// the rules (or the engine that feeds them) change. Raise it with any rule below.
    public static let version = 1
    /// Frames further apart than this (seconds) can miss a tap: the capture check's bound
    /// (``CaptureThresholds/longestFrameInterval``), so `check` and a grade agree.
    public static var longestTapInterval: Double { CaptureThresholds.longestFrameInterval }
    /// Presses closer together than this (seconds from one press to the next, after a double tap was made one)
    /// are more than a child makes: a child watches the robot for several seconds after each run.
    public static let closestPresses = 3.0
    /// More than this share of the cards on the table dropping out of their readings is flicker: the readings are
    /// marginal, and a misread or a missed tap is likely.
    public static let largestDropoutShare = 0.08

    /// What the runner measured beside the attempts, for the rules below.
    public struct Measures: Sendable, Equatable {
        /// The share of cards on the table that were not read though still there (``CardPresence``).
        public var dropoutShare: Double
        /// The typical time between two frames read, in seconds; nil for fewer than two frames.
        public var frameInterval: Double?
        /// The note of a video that ends before its claimed length, when it does.
        public var endsEarly: String?

        /// Creates measures.
        public init(dropoutShare: Double = 0, frameInterval: Double? = nil, endsEarly: String? = nil) {
            self.dropoutShare = dropoutShare
            self.frameInterval = frameInterval
            self.endsEarly = endsEarly
        }
    }

    /// The typical gap between consecutive frames' times (the median), nil for fewer than two frames.
    public static func frameInterval(_ frames: [AttemptTracker.Frame]) -> Double? {
        CaptureCheck.interval(frames.map(\.stamp.seconds))
    }

    /// The reasons `run`'s grade needs a look, given what was measured while reading it (empty: the grade is sure).
    public static func reasons(for run: SessionRun, measures: Measures) -> [ReviewReason] {
        guard !run.session.isPhotos else { return captureReasons(run) }
        var reasons = captureReasons(run)
        let session = shellWord(run.session.path)
        if measures.dropoutShare > largestDropoutShare {
            reasons.append(
                ReviewReason(
                    code: .flicker,
                    text: Messages.text(
                        "The readings flicker: cards lying on the table went unread in %s percent of their frames.",
                        Messages.decimal(JSONText.number(measures.dropoutShare * 100, places: 0))),
                    fix: Messages.text(
                        "Check the attempts against the last-frame picture; correct a wrong one with cardbot grade correct %s.",
                        session)))
        }
        let presses = run.taps.filter { !$0.repeatsPress }
        if run.signal == .goTaps, let interval = measures.frameInterval, interval > longestTapInterval {
            reasons.append(
                ReviewReason(
                    code: .sparseFrames,
                    text: Messages.text(
                        "The frames are %1$s s apart: a tap on the GO card shorter than that can fall between two frames and be missed (at most %2$s s apart sees every tap).",
                        Messages.decimal(JSONText.number(interval, places: 2)),
                        Messages.decimal(JSONText.number(longestTapInterval, places: 2))),
                    fix: Messages.text(
                        "Watch for taps the attempts do not list; add one with cardbot grade correct %s --add-attempt TIME. Next time record 4 or more photos a second, or a video.",
                        session)))
        }
        if run.signal == .goTaps && presses.isEmpty && !run.finalMarkers.isEmpty {
            reasons.append(
                ReviewReason(
                    code: .untapped,
                    text: Messages.text(
                        "A GO card lay on the table and a program was laid, but no tap on it was seen: a tap may have been missed."),
                    fix: Messages.text(
                        "If the child ran the program, add the attempt with cardbot grade correct %s --add-attempt TIME.",
                        session)))
        }
        let close = zip(presses.dropFirst(), presses).filter { $0.start - $1.start < closestPresses }
        if let (later, _) = close.first {
            reasons.append(
                ReviewReason(
                    code: .implausibleTaps,
                    text: Messages.text(
                        "Presses of the GO card came less than %1$s s apart (at %2$s): more than a child makes, so some may be a hand near the GO card.",
                        Messages.decimal(JSONText.number(closestPresses, places: 0)), FrameStamp.shownClock(later.start)),
                    fix: Messages.text(
                        "Take out an attempt that was not one with cardbot grade correct %s --attempt N --not-an-attempt.",
                        session)))
        }
        if run.signal.isEstimate && !run.attempts.isEmpty {
            reasons.append(
                ReviewReason(
                    code: .estimated,
                    text: Messages.text(
                        "Nothing in the recording said \"run\" (no GO card, no run marks): the attempts are estimated from programs that lay still."),
                    fix: Messages.text(
                        "Check the attempts; take one out with cardbot grade correct %1$s --attempt N --not-an-attempt, or add one with --add-attempt TIME. Next time lay the GO card beside the row.",
                        session)))
        }
        let unsure = run.attempts.filter { $0.evidence.contains { $0?.isUnsure ?? false } }.map(\.number)
        if !unsure.isEmpty {
            let list = unsure.map(String.init).joined(separator: ", ")
            reasons.append(
                ReviewReason(
                    code: .unsureCard,
                    text: unsure.count == 1
                        ? Messages.text("Attempt %s ran with a card that was read unsurely.", list)
                        : Messages.text("Attempts %s ran with cards that were read unsurely.", list),
                    fix: Messages.text(
                        "Look at the attempt's card pictures; if a card is wrong, correct it with cardbot grade correct %1$s --attempt %2$s --program \"CARDS\".",
                        session, String(unsure[0])),
                    attempts: unsure))
        }
        if let cut = measures.endsEarly {
            reasons.append(
                ReviewReason(
                    code: .endsEarly, text: cut,
                    fix: Messages.text("Copy the video from the phone again, whole, and grade it again.")))
        }
        return reasons
    }

    /// The capture check's verdict on the same reading: one reason when an aspect that hides or misreads cards is
    /// a problem, naming them all.
    static func captureReasons(_ run: SessionRun) -> [ReviewReason] {
        let problems = run.capture.filter { $0.severity == .problem && SessionRun.recordingAspects.contains($0.aspect) }
        guard let first = problems.first else { return [] }
        let measured = problems.map { "\($0.aspect.label): \($0.measured.localized)" }.joined(separator: "; ")
        return [
            ReviewReason(
                code: .capture,
                text: Messages.text("The capture check judges that this recording does not read well (%s): cards may have been misread or missed.", measured),
                fix: Messages.text(
                    "Check the attempts against the last-frame picture; next time, %s.", first.advice?.localized ?? ""))
        ]
    }

    /// `path` as one word of a shell command: quoted when it holds anything but letters, digits and `/._-`.
    static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { CharacterSet.shellPlain.contains($0) }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension CharacterSet {
    /// Letters, digits and `/._-`: a shell word that needs no quotes.
    fileprivate static let shellPlain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/._-+:@"))
}
