/// A teacher's correction of an attempt, as the run keeps it: who corrected it, when, and what CardBot had read.
public struct AttemptCorrection: Sendable, Equatable {
    /// Who corrected it (`--by`), when said.
    public var by: String?
    /// When, ISO 8601, when said.
    public var at: String?
    /// The program CardBot read, as card names (empty for an attempt added by the teacher).
    public var readNames: [String]
    /// The same as marker ids.
    public var readMarkers: [Int]

    /// Creates a correction.
    public init(by: String?, at: String?, readNames: [String], readMarkers: [Int]) {
        self.by = by
        self.at = at
        self.readNames = readNames
        self.readMarkers = readMarkers
    }
}
