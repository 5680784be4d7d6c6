/// A CSV file read as RFC 4180 says: fields separated by commas, records by CRLF (a lone LF or CR is taken
/// too), a field in double quotes may hold commas, line breaks and doubled quotes. A UTF-8 byte order mark at
/// the start is skipped, and blank lines are left out. UTF-16 text (what a spreadsheet's "Unicode text" saves:
/// little- or big-endian, told by its byte order mark, or without one by the zero byte of its first character) is
/// read as the same text in UTF-8; a broken UTF-16 character is a field that is not UTF-8.
///
/// Reading never stops at the first problem: a broken record is left out with a ``CSVProblem`` and reading goes
/// on at the next line, so that every problem of a file can be listed at once. Only a quote left open to the
/// end of the file, or a file beyond ``Limits``, ends the reading.
public struct CSVTable: Sendable, Equatable {
    /// Bounds on what is read, so that a huge or hostile file is refused rather than read for minutes.
    public struct Limits: Sendable, Equatable {
        /// The most records (a header, when the file has one, included).
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
        var records: [CSVRecord] = []
        problems = Self.forEachRecord(in: bytes, limits: limits) {
            records.append($0)
            return true
        }
        self.records = records
    }

    /// Reads `bytes` as CSV as ``init(_:limits:)`` does, handing each record to `body` as it is read instead of
    /// keeping them (a district's roster file is a million records); `body` returns false to stop reading.
    /// - Returns: what is broken, in order of position (up to where reading stopped).
    /// - Complexity: O(n) in the bytes.
    public static func forEachRecord(in bytes: [UInt8], limits: Limits = Limits(), _ body: (CSVRecord) -> Bool) -> [CSVProblem] {
        var reader = CSVScanner(bytes: utf8(bytes), limits: limits)
        reader.run(body)
        return reader.problems
    }

    /// `bytes` as UTF-8: UTF-16 text transcoded (its byte order mark dropped, a broken character made a byte that
    /// is never UTF-8, so that the field holding it is reported), anything else as it is.
    /// - Complexity: O(n) in the bytes.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2 else { return bytes }
        let bigEndian: Bool
        var start = 0
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): (bigEndian, start) = (false, 2)
        case (0xFE, 0xFF): (bigEndian, start) = (true, 2)
        case (let first, 0) where first != 0: bigEndian = false
        case (0, let second) where second != 0: bigEndian = true
        default: return bytes
        }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        var text: [UInt8] = []
        text.reserveCapacity(units.count)
        var decoder = UTF16()
        var iterator = units.makeIterator()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): UTF8.encode(scalar) { text.append($0) }
            case .emptyInput: break decoding
            case .error: text.append(0xFF)
            }
        }
        // A last byte of no pair is half a character.
        if index < bytes.count { text.append(0xFF) }
        return text
    }
}
