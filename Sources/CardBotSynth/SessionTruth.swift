/// The ground truth of a synthesized recorded session, written as `truth.json` beside its frames.
public struct SessionTruth: Sendable, Codable, Equatable {
    /// The format tag of the file.
    public static let format = "cardbot-session-truth/1"

    /// The format tag.
    public var format: String = SessionTruth.format
    /// The seed that made the session.
    public var seed: UInt64
    /// Every frame's truth, in playing order.
    public var frames: [FrameTruth]
    /// The frames at which "run" was pressed.
    public var runs: [String]
    /// The times (seconds) of the run marks, for a session written as a video.
    public var runSeconds: [Double]?
    /// The program (marker ids in reading order) each run mark runs.
    public var attempts: [[Int]]
    /// The program on the table at the end.
    public var finalProgram: [Int]
}
