/// The ground truth of a synthesized recorded session, written as `truth.json` beside its frames.
public struct SessionTruth: Sendable, Codable, Equatable {
    /// One run of a program: when the child pressed (tapped the GO card) and the program on the table.
    public struct Attempt: Sendable, Codable, Equatable {
        /// The press, in seconds from the start.
        public var seconds: Double
        /// The program, marker ids in reading order.
        public var program: [Int]
    }

    /// The format tag of the file.
    public static let format = "cardbot-session-truth/2"

    /// The format tag.
    public var format: String = SessionTruth.format
    /// The seed that made the session.
    public var seed: UInt64
    /// The recording's length in seconds.
    public var duration: Double
    /// The GO card's marker id, or nil when no GO card lies on the table.
    public var goCard: Int?
    /// Every written still's (or, for a video, every rendered tenth of a second's) truth, in playing order; the
    /// GO card is left out of `visible` and told by `goVisible`.
    public var frames: [FrameTruth]
    /// Every tap on the GO card (a double tap's second tap included), in seconds.
    public var taps: [SessionTimeline.Tap]
    /// The moments the child ran a program (a double tap is one press).
    public var presses: [Double]
    /// What each press runs.
    public var attempts: [Attempt]
    /// The program on the table at the end.
    public var finalProgram: [Int]
    /// What else the child did (double tap, a hand over the row, ...).
    public var pace: SessionTimeline.Options
    /// Notes (a hand left on the GO card).
    public var notes: [String]
    /// The run marks written to session.json (stills), when asked for.
    public var runs: [String]?
    /// The run marks written to session.json (a video, in seconds), when asked for.
    public var runSeconds: [Double]?
}
