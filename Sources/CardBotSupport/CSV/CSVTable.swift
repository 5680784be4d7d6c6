/// A CSV file read as RFC 4180 says: fields separated by commas, records by CRLF (a lone LF or CR is taken
/// too), a field in double quotes may hold commas, line breaks and doubled quotes. A UTF-8 byte order mark at
/// the start is skipped, and blank lines are left out.
///
/// Reading never stops at the first problem: a broken record is left out with a ``CSVProblem`` and reading goes
/// on at the next line, so that every problem of a file can be listed at once. Only a quote left open to the
/// end of the file, or a file beyond ``Limits``, ends the reading.
public struct CSVTable: Sendable, Equatable {
    /// Bounds on what is read, so that a huge or hostile file is refused rather than read for minutes.
    public struct Limits: Sendable, Equatable {
        /// The most records (the header included).
        public var records: Int
        /// The most fields in one record.
        public var fields: Int
        /// The most bytes in one field.
        public var fieldBytes: Int

        /// Creates limits.
        public init(records: Int = 1_000_000, fields: Int = 256, fieldBytes: Int = 65_536) {
            self.records = records
            self.fields = fields
            self.fieldBytes = fieldBytes
        }
    }

    /// The records read, in order (broken ones left out).
    public var records: [CSVRecord]
    /// What is broken, in order of position.
    public var problems: [CSVProblem]

    /// Reads `bytes` as CSV.
    /// - Complexity: O(n) in the bytes.
    public init(_ bytes: [UInt8], limits: Limits = Limits()) {
        var reader = CSVScanner(bytes: bytes, limits: limits)
        reader.run()
        records = reader.records
        problems = reader.problems
    }
}
