import CardBotSupport
import Foundation

/// A teacher's corrections to what CardBot read in a session: `corrections.json` beside `session.json`.
///
/// ```json
/// {
///   "format": "cardbot-corrections/1",
///   "corrections": [
///     {"attempt": 2, "frame": "frame-0022.jpg", "program": "forward jump forward", "read": "forward forward", "by": "Ms Berg", "at": "2026-11-26T20:00:00Z"},
///     {"attempt": 3, "frame": "frame-0031.jpg", "notAnAttempt": true, "read": "forward", "by": "Ms Berg", "at": "2026-11-26T20:01:00Z"},
///     {"added": 42.5, "frame": "frame-0086.jpg", "program": "forward jump", "read": "forward", "by": "Ms Berg", "at": "2026-11-26T20:02:00Z"}
///   ]
/// }
/// ```
/// An attempt is named by its number as CardBot read the session, and by its frame, which wins when the reading
/// has changed since. `program` (card names separated by spaces) replaces what was read; `notAnAttempt` takes the
/// attempt out. `added` (seconds from the start of the recording, instead of `attempt`) adds an attempt CardBot did
/// not see, with the `program` the child ran then; its `frame` is the frame read at that time. `read` (what CardBot
/// had read: for an added attempt, the cards on the table in that frame), `by` and `at` are kept for the record.
/// Deleting the file returns the session to its reading.
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

        /// The attempt's number as CardBot read the session (0 for an attempt the teacher adds).
        public var attempt: Int
        /// The time of an attempt the teacher adds, in seconds from the start of the recording; nil for a correction
        /// of an attempt CardBot read.
        public var added: Double?
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

        /// Creates a correction of attempt `attempt` as CardBot read it, or (with `added`) an attempt the teacher adds
        /// at that time.
        public init(attempt: Int, added: Double? = nil, frame: String?, change: Change, read: String?, by: String?, at: String?) {
            self.attempt = attempt
            self.added = added
            self.frame = frame
            self.change = change
            self.read = read
            self.by = by
            self.at = at
        }

        /// Whether `other` is about the same attempt: the same number read, or an attempt added at the same time.
        public func isSameAttempt(as other: Correction) -> Bool {
            switch (added, other.added) {
            case (nil, nil): attempt == other.attempt
            case (let a?, let b?): abs(a - b) < 0.0005
            default: false
            }
        }

        /// Attempts read first, by number, then added ones by time.
        static func inFileOrder(_ lhs: Correction, _ rhs: Correction) -> Bool {
            switch (lhs.added, rhs.added) {
            case (nil, nil): lhs.attempt < rhs.attempt
            case (nil, .some): true
            case (.some, nil): false
            case (let a?, let b?): a < b
            }
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
    /// The most attempts a file may add: what a lesson holds (an hour with an attempt every 7 seconds). A file
    /// adding more would make a report of thousands of attempts that no teacher reads.
    public static let maximumAddedAttempts = 500
    /// The longest text of a field, in bytes.
    public static let maximumTextBytes = 4096
    /// The fields of a correction.
    public static let fields: Set<String> = ["attempt", "added", "frame", "program", "notAnAttempt", "read", "by", "at"]

    /// `corrections` with `correction` in place of any earlier one of the same attempt, in attempt order (attempts
    /// added by the teacher last, by time).
    public func replacing(_ correction: Correction) -> SessionCorrections {
        var kept = corrections.filter { !$0.isSameAttempt(as: correction) }
        kept.append(correction)
        return SessionCorrections(kept.sorted(by: Correction.inFileOrder))
    }

    /// `corrections` without the attempt the teacher added at `seconds`.
    public func removing(addedAt seconds: Double) -> SessionCorrections {
        SessionCorrections(corrections.filter { $0.added.map { abs($0 - seconds) >= 0.0005 } ?? true })
    }

    /// `corrections` without the one of attempt `number`.
    public func removing(attempt number: Int) -> SessionCorrections {
        SessionCorrections(corrections.filter { $0.added != nil || $0.attempt != number })
    }

    /// The file's text: one correction a line, fields in a fixed order.
    public func jsonText() -> String {
        let entries = corrections.map { correction -> String in
            var fields = [correction.added.map { "\"added\": \(Self.secondsText($0))" } ?? "\"attempt\": \(correction.attempt)"]
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

    /// Seconds as the file writes them: to the millisecond, without trailing zeros (`42.5`, `7`).
    static func secondsText(_ seconds: Double) -> String {
        var text = String(format: "%.3f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
