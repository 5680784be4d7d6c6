/// Decides which program the child has laid out, from one card reading per frame.
///
/// The program changes only when the same new reading is seen in `stableFrames` consecutive readable
/// frames: a hand passing over the cards for fewer frames never changes it, and a real rearrangement
/// is always accepted once it has been seen that long. Unreadable frames are skipped (they neither
/// count nor break a run of equal readings).
public struct ProgramTracker: Sendable {
    /// How many consecutive equal readings make a new program.
    public let stableFrames: Int
    /// The current program as marker ids in reading order (empty before any program was seen).
    public private(set) var current: [Int] = []
    private var candidate: [Int]? = nil
    private var candidateCount = 0

    /// Creates a tracker that accepts a reading after `stableFrames` (at least 1) consecutive frames.
    public init(stableFrames: Int = 3) {
        precondition(stableFrames >= 1, "stableFrames must be at least 1")
        self.stableFrames = stableFrames
    }

    /// Feeds one readable frame's marker ids; returns the new program when this frame makes it current.
    public mutating func observe(_ reading: [Int]) -> [Int]? {
        if reading == current {
            candidate = nil
            candidateCount = 0
            return nil
        }
        if reading == candidate {
            candidateCount += 1
        } else {
            candidate = reading
            candidateCount = 1
        }
        guard candidateCount >= stableFrames else { return nil }
        current = reading
        candidate = nil
        candidateCount = 0
        return reading
    }
}
