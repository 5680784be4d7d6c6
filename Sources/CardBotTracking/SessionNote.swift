/// A note for the teacher about one stretch of a recording: a GO card covered and not counted as a tap, a tap
/// with nothing on the table.
///
/// The stretch is kept so that a teacher's correction can take the note back: an attempt the teacher adds within
/// it says the child did run a program then, and a note that says otherwise would tell the old story beside it.
public struct SessionNote: Sendable, Equatable {
    /// The note, in the reader's language.
    public var text: String
    /// From when to when the recording shows what the note is about, in seconds (the upper bound is infinite for a
    /// GO card never seen again).
    public var span: ClosedRange<Double>

    /// Creates a note about `span`.
    public init(_ text: String, span: ClosedRange<Double>) {
        self.text = text
        self.span = span
    }

    /// How far from the stretch an added attempt still answers the note, in seconds: a teacher types the time of a
    /// tap to the second, from a video player that shows whole seconds.
    public static let slack = 1.0

    /// Whether an attempt the teacher adds at `seconds` contradicts the note.
    public func isContradicted(byAttemptAt seconds: Double) -> Bool {
        seconds >= span.lowerBound - Self.slack && seconds <= span.upperBound + Self.slack
    }
}
