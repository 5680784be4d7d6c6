/// What told CardBot that the child ran a program: the rule that made a session's attempts.
///
/// 1. Run marks in `session.json` (`runs`), when present, are the attempts.
/// 2. Else taps on the GO card, when a GO card is seen in the recording.
/// 3. Else nothing in the recording says "run": each program that lies still for `--settle-seconds` is an
///    attempt, and the attempts are **estimated**.
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
    /// Photos of the table, each showing a program to run.
    case photos = "photos"

    /// True when the attempts are guessed from programs that lay still, not told by a run signal.
    public var isEstimate: Bool { self == .settled }
}
