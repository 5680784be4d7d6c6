import CardBotSupport

/// A teacher's corrections to what CardBot read in a session: `corrections.json` beside `session.json`.
///
/// ```json
/// {
///   "format": "cardbot-corrections/1",
///   "corrections": [
///     {"attempt": 2, "frame": "frame-0022.jpg", "program": "forward jump forward", "read": "forward forward", "by": "Ms Berg", "at": "2026-11-26T20:00:00Z"},
///     {"attempt": 3, "frame": "frame-0031.jpg", "notAnAttempt": true, "read": "forward", "by": "Ms Berg", "at": "2026-11-26T20:01:00Z"}
///   ]
/// }
/// ```
/// An attempt is named by its number as CardBot read the session, and by its frame, which wins when the reading
/// has changed since. `program` (card names separated by spaces) replaces what was read; `notAnAttempt` takes the
/// attempt out. `read` (what CardBot had read), `by` and `at` are kept for the record. Deleting the file returns
/// the session to its reading.
public struct SessionCorrections: Sendable, Equatable {
    /// One correction of one attempt.
    public struct Correction: Sendable, Equatable {
        /// What the teacher changed.
        public enum Change: Sendable, Equatable {
            /// The attempt's program, as card names separated by spaces.
            case program(String)
            /// The attempt was not one: the child did not mean to run it.
            case notAnAttempt
        }

        /// The attempt's number as CardBot read the session.
        public var attempt: Int
        /// The attempt's frame as CardBot read it (its file name, or its time in a video).
        public var frame: String?
        /// What was changed.
        public var change: Change
        /// What CardBot had read, as card names.
        public var read: String?
        /// Who corrected it.
        public var by: String?
        /// When, ISO 8601.
        public var at: String?
        /// Where the entry is in the file, for messages.
        public var position = SourcePosition(line: 1, column: 1)
        /// Where the program is in the file, for messages about its cards.
        public var programPosition = SourcePosition(line: 1, column: 1)

        /// Creates a correction.
        public init(attempt: Int, frame: String?, change: Change, read: String?, by: String?, at: String?) {
            self.attempt = attempt
            self.frame = frame
            self.change = change
            self.read = read
            self.by = by
            self.at = at
        }
    }

    /// The corrections, at most one an attempt.
    public var corrections: [Correction]

    /// Creates corrections.
    public init(_ corrections: [Correction] = []) {
        self.corrections = corrections
    }

    /// The file's name in a session folder.
    public static let fileName = "corrections.json"
    /// The value of `format`.
    public static let format = "cardbot-corrections/1"
    /// The most corrections a file may hold.
    public static let maximumCorrections = 10_000
    /// The longest text of a field, in bytes.
    public static let maximumTextBytes = 4096
    /// The fields of a correction.
    public static let fields: Set<String> = ["attempt", "frame", "program", "notAnAttempt", "read", "by", "at"]

    /// `corrections` with `correction` in place of any earlier one of the same attempt, in attempt order.
    public func replacing(_ correction: Correction) -> SessionCorrections {
        var kept = corrections.filter { $0.attempt != correction.attempt }
        kept.append(correction)
        return SessionCorrections(kept.sorted { $0.attempt < $1.attempt })
    }

    /// `corrections` without the one of attempt `number`.
    public func removing(attempt number: Int) -> SessionCorrections {
        SessionCorrections(corrections.filter { $0.attempt != number })
    }

    /// The file's text: one correction a line, fields in a fixed order.
    public func jsonText() -> String {
        let entries = corrections.map { correction -> String in
            var fields = ["\"attempt\": \(correction.attempt)"]
            if let frame = correction.frame { fields.append("\"frame\": \(JSONText.quote(frame))") }
            switch correction.change {
            case .program(let program): fields.append("\"program\": \(JSONText.quote(program))")
            case .notAnAttempt: fields.append("\"notAnAttempt\": true")
            }
            for (name, value) in [("read", correction.read), ("by", correction.by), ("at", correction.at)] {
                if let value { fields.append("\"\(name)\": \(JSONText.quote(value))") }
            }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        return "{\n  \"format\": \"\(Self.format)\",\n  \"corrections\": [\n" + entries.joined(separator: ",\n")
            + (entries.isEmpty ? "" : "\n") + "  ]\n}\n"
    }
}
