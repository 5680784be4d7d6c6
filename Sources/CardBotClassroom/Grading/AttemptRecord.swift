import CardBotLesson
import CardBotTracking

/// One program a child ran in a session, in the order tried, and what came of it: the history of attempts a
/// teacher reads in the class report and the gradebook keeps.
public struct AttemptRecord: Sendable, Equatable {
    /// The attempt's number, from 1.
    public var number: Int
    /// The frame at which it ran (its name in the session folder).
    public var frame: String
    /// Seconds from the start of the session.
    public var seconds: Double
    /// The cards as names, in reading order.
    public var program: [String]
    /// True when the robot reached the goal with every gem.
    public var solved: Bool
    /// Why the run ended (`goal`, `bumped`, `fell`, ... as in `run --json`), or `not-runnable`.
    public var reason: String
    /// What happened, in the terminal's words: "The robot fell into the water on the fourth tile of the second
    /// row.", or why the program could not run.
    public var message: String
    /// How each card of the program was read in the attempt's frame, in program order; nil where that frame does
    /// not show the card. Empty for records from before readings were kept.
    public var readings: [CardReading?]
    /// The teacher's correction, when the program above is the teacher's: who, when and what CardBot had read.
    public var correction: AttemptCorrection?

    /// The reason code of a program that could not run.
    public static let notRunnable = "not-runnable"

    /// Creates a record.
    public init(
        number: Int, frame: String, seconds: Double, program: [String], solved: Bool, reason: String, message: String,
        readings: [CardReading?] = [], correction: AttemptCorrection? = nil
    ) {
        self.number = number
        self.frame = frame
        self.seconds = seconds
        self.program = program
        self.solved = solved
        self.reason = reason
        self.message = message
        self.readings = readings
        self.correction = correction
    }

    /// The record of `attempt`, its result told as `cardbot run` tells it.
    public init(_ attempt: SessionRun.Attempt, level: Level) {
        self.init(
            number: attempt.number, frame: attempt.frameName, seconds: attempt.seconds, program: attempt.cardNames,
            solved: attempt.solved, reason: attempt.trace?.result.reason.rawValue ?? Self.notRunnable,
            message: attempt.headline(level: level), readings: attempt.evidence.map { $0.map(CardReading.init) },
            correction: attempt.correction)
    }
}
