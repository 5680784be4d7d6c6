/// One record of a CSV file: its fields, in order, and the line of the file it starts on.
public struct CSVRecord: Sendable, Equatable {
    /// The fields, unquoted (a doubled quote inside a quoted field is one quote).
    public var fields: [String]
    /// The line the record starts on, from 1 (a quoted field may carry it over several lines).
    public var line: Int

    /// Creates a record.
    public init(fields: [String], line: Int) {
        self.fields = fields
        self.line = line
    }
}
