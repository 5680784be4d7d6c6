/// What told CardBot that the child ran a program: the rule that made a session's attempts.
///
/// 1. Run marks in `session.json` (`runs`), when present, are the attempts.
/// 2. Else taps on the GO card, when a GO card is seen in the recording.
/// 3. Else nothing in the recording says "run": each program that lies still for `--settle-seconds` is an
///    attempt, and the attempts are **estimated**.
public enum RunSignal: String, Sendable, Equatable, CaseIterable {
    /// `session.json`'s run marks.
    case runMarks = "run-marks"
    /// Taps on the GO card.
    case goTaps = "go-taps"
    /// No run signal: programs that settled (estimated attempts).
    case settled = "settled"

    /// True when the attempts are guessed from programs that lay still, not told by a run signal.
    public var isEstimate: Bool { self == .settled }
}
