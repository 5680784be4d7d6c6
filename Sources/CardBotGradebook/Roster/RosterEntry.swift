/// A record read from a roster file, with the file and line it came from, so that a problem found later (an
/// enrollment naming a student nobody lists) points at its line.
public struct RosterEntry<Record: Sendable & Equatable>: Sendable, Equatable {
    /// The record.
    public var record: Record
    /// The file it was read from, as given.
    public var file: String
    /// The line its record starts on.
    public var line: Int

    /// Creates an entry.
    public init(_ record: Record, file: String, line: Int) {
        self.record = record
        self.file = file
        self.line = line
    }
}
