/// What told CardBot that the child ran a program: the rule that made a session's attempts.
///
/// 1. Run marks in `session.json` (`runs`), when present, are the attempts.
/// 2. Else taps on the GO card, when a GO card is seen in the recording.
/// 3. Else nothing in the recording says "run": each program that lies still for `--settle-seconds` is an
///    attempt, and the attempts are **estimated**.
/// 4. With no run signal either, the end of the recording is a moment too: the program on the table when it ends
///    is an (estimated) attempt when it differs from the last one run: what the child left when the teacher
///    stopped recording.
///
/// Photos are the exception: a few still frames named one by one (`cardbot run --level 3 table.jpg`, at most
/// ``RecordedSession/photoLimit``) are each a picture of the table taken to run it, so each photo whose program
/// differs from the photo before runs it, and a GO card on a photo is left out of the program.
public enum RunSignal: String, Sendable, Equatable, CaseIterable {
    /// `session.json`'s run marks.
    case runMarks = "run-marks"
    /// Taps on the GO card.
    case goTaps = "go-taps"
    /// No run signal: programs that settled (estimated attempts).
    case settled = "settled"
    /// No run signal: the program on the table when the recording ended (an estimated attempt; the session's rule
    /// is then ``settled``).
    case recordingEnd = "recording-end"
    /// Photos of the table, each showing a program to run.
    case photos = "photos"

    /// True when the attempts are guessed from programs that lay still, not told by a run signal.
    public var isEstimate: Bool { self == .settled || self == .recordingEnd }

    /// Whether an attempt found by `found` belongs to a session whose rule is this one: its own, and the end of the
    /// recording for settled programs.
    public func admits(_ found: RunSignal) -> Bool {
        found == self || (self == .settled && found == .recordingEnd)
    }
}
