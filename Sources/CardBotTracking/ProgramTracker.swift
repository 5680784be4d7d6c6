/// Decides which program the child has laid out, from the cards read in each frame and the frame's time.
///
/// The program changes only when the same new reading is seen unchanged for `stableSeconds` of the recording:
/// a hand passing over the cards for a shorter time never changes it, and a real rearrangement is always
/// accepted once it has lain still that long. Time, not a count of frames, decides, so the same lesson gives the
/// same programs as stills at 2 frames a second or as a 60 fps video. Unreadable frames are skipped (they
/// neither count nor break a run of equal readings).
public struct ProgramTracker: Sendable {
    /// How long (seconds) a new reading must be seen unchanged to become the program.
    public let stableSeconds: Double
    /// The current program as marker ids in reading order (empty before any program was seen).
    public private(set) var current: [Int] = []
    /// When the current program was first seen (seconds from the start), nil before any.
    public private(set) var currentSince: Double? = nil
    private var candidate: [Int]? = nil
    private var candidateSince = 0.0

    /// Times closer than this are the same moment (a container's rounding of presentation times).
    static let tolerance = 1e-3

    /// Creates a tracker that accepts a reading once it has been seen unchanged for `stableSeconds` (0 or more).
    public init(stableSeconds: Double) {
        self.stableSeconds = max(0, stableSeconds)
    }

    /// Feeds one readable frame's program cards (marker ids in reading order) seen at `seconds`; returns the new
    /// program when this frame makes it current.
    public mutating func observe(_ reading: [Int], at seconds: Double) -> [Int]? {
        if reading == current, currentSince != nil {
            candidate = nil
            return nil
        }
        if reading != candidate {
            candidate = reading
            candidateSince = seconds
        }
        guard seconds - candidateSince + Self.tolerance >= stableSeconds else { return nil }
        current = reading
        currentSince = candidateSince
        candidate = nil
        return reading
    }
}
