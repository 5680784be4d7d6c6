/// A teacher's correction of an attempt, as the run keeps it: who corrected it, when, and what CardBot had read.
public struct AttemptCorrection: Sendable, Equatable {
    /// Who corrected it (`--by`), when said.
    public var by: String?
    /// When, ISO 8601, when said.
    public var at: String?
    /// The program CardBot read, as card names: for an attempt the teacher added, the cards on the table then.
    public var readNames: [String]
    /// The same as marker ids.
    public var readMarkers: [Int]
    /// Whether the teacher added the attempt: CardBot saw no attempt there.
    public var added: Bool

    /// Creates a correction.
    public init(by: String?, at: String?, readNames: [String], readMarkers: [Int], added: Bool = false) {
        self.by = by
        self.at = at
        self.readNames = readNames
        self.readMarkers = readMarkers
        self.added = added
    }
}
