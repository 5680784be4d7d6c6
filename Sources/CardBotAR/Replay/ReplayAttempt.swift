import CardBotLesson
import CardBotVision

/// One attempt of a session as the replay shows it: its run frame, its cards and what the robot did.
public struct ReplayAttempt: Sendable {
    /// The attempt's number, from 1.
    public var number: Int
    /// The run frame's name, for messages.
    public var frameName: String
    /// The run frame's path, for a session of stills; nil for a video session (the frame is found by `frameIndex`).
    public var framePath: String?
    /// The run frame's place among the session's frames (0-based).
    public var frameIndex: Int
    /// The program's marker ids in reading order (to find the running card among the frame's cards).
    public var markers: [Int]
    /// The cards read in the run frame, corners kept: they give the table plane, so the frame is not read again.
    public var cards: [Detection]
    /// The robot's run, or nil when the program could not run.
    public var trace: Trace?
    /// What happened, in a sentence or two a child understands (``ResultWords``: no coordinates), or why the
    /// program could not run; shown after the robot's last step, never on the title card.
    public var headline: String
    /// The program's cards as the reader's language names them, for the title card.
    public var program: [String]

    /// Creates an attempt.
    public init(number: Int, frameName: String, framePath: String?, frameIndex: Int, markers: [Int],
                cards: [Detection] = [], trace: Trace?, headline: String, program: [String]? = nil) {
        self.number = number
        self.frameName = frameName
        self.framePath = framePath
        self.frameIndex = frameIndex
        self.markers = markers
        self.cards = cards
        self.trace = trace
        self.headline = headline
        self.program = program ?? trace?.program.cards.map(\.localizedName) ?? []
    }

    /// Whether the robot reached the goal with every gem.
    public var solved: Bool { trace?.success ?? false }
}
