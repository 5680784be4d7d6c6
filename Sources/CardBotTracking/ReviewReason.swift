/// Why a session's grade needs the teacher's look: one doubt the engine met while reading it, and what to do.
///
/// A grade is right, or it says it may not be: every output that carries a grade (`run`'s summary and JSON, the
/// class report's table, CSV, JSON and HTML, the gradebook and `progress`) carries the session's reasons, and a
/// grade with any is "needs your look". A teacher's correction clears the reasons it answers
/// (``SessionRun/correcting(_:file:deckNames:)``).
public struct ReviewReason: Sendable, Equatable {
    /// The kind of doubt, as JSON, CSV and the gradebook name it.
    public enum Code: String, Sendable, CaseIterable {
        /// The capture check judges, from the same reading, that the recording does not read well (too dark, too
        /// noisy, cards too small or blurred): cards may have been misread or missed.
        case capture
        /// The cards' readings flicker: cards still on the table were not read in many frames.
        case flicker
        /// The frames are too far apart to see every tap on the GO card.
        case sparseFrames = "sparse-frames"
        /// Presses of the GO card closer together than a child makes them.
        case implausibleTaps = "implausible-taps"
        /// A GO card lay on the table and a program was laid, but no tap was seen.
        case untapped
        /// Nothing in the recording said "run": the attempts are estimated from programs that lay still.
        case estimated
        /// An attempt ran with a card read unsurely (cells corrected, or a low confidence).
        case unsureCard = "unsure-card"
        /// The video stops before the length its file claims: what came after is lost.
        case endsEarly = "ends-early"

        /// Whether the reason is about which attempts there were (their count and times), rather than one card:
        /// any correction of the session's attempts answers it, since the teacher then went through them.
        public var concernsAttempts: Bool { self != .unsureCard }
    }

    /// The kind of doubt.
    public var code: Code
    /// What is doubtful and why, in the reader's language.
    public var text: String
    /// What to do about it, in the reader's language: what to look at, and the command that corrects the likely
    /// fault when there is one.
    public var fix: String
    /// The attempts the reason is about (for ``Code/unsureCard``), numbered as the run read them; empty otherwise.
    public var attempts: [Int]

    /// Creates a reason.
    public init(code: Code, text: String, fix: String, attempts: [Int] = []) {
        self.code = code
        self.text = text
        self.fix = fix
        self.attempts = attempts
    }
}
