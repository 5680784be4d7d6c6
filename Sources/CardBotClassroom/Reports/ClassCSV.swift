import CardBotSupport

/// The class report as CSV (RFC 4180): a header, then one row per session in report order, lines ending in CRLF.
///
/// Columns: `path, student, level, levelName, attempts, signal, estimated, taps, solved, stars, cards, optimal,
/// firstSuccessAttempt, firstSuccessFrame, firstSuccessSeconds, frames, unreadableFrames, finalProgram, error,
/// notes, levelFile, needsReview, reviewReasons`. Absent values are empty; `needsReview` is `true` when the grade
/// needs the teacher's look and `reviewReasons` lists its reasons' codes separated by spaces (`sparse-frames
/// unsure-card`; the texts are in the JSON and HTML reports); `levelFile` is the session's own level file (relative to the class
/// folder) when its level is not the curriculum's level of that number; `solved` and `estimated` are `true` or `false`; `signal` is `run-marks`,
/// `go-taps` or `settled`; `taps` is the seconds of each GO-card press, separated by spaces; `notes` are joined
/// by `; `; `finalProgram` is the card names separated by spaces. A field holding
/// a comma, a double quote, a CR or an LF is quoted, its quotes doubled; a field beginning with `=`, `+`, `-`,
/// `@`, a tab or a CR (after any invisible characters: a byte order mark, a zero-width space, other format
/// characters, spaces) gets a leading `'` and is quoted, so that a spreadsheet never runs it as a formula.
public enum ClassCSV {
    /// The header's columns.
    public static let columns = [
        "path", "student", "level", "levelName", "attempts", "signal", "estimated", "taps", "solved", "stars", "cards",
        "optimal", "firstSuccessAttempt", "firstSuccessFrame", "firstSuccessSeconds", "frames", "unreadableFrames",
        "finalProgram", "error", "notes", "levelFile", "needsReview", "reviewReasons",
    ]

    /// The whole file.
    public static func text(for grade: ClassGrade) -> String {
        var out = line(columns)
        for row in grade.grades { out += line(fields(row)) }
        return out
    }

    /// One session's fields, in column order.
    public static func fields(_ row: SessionGrade) -> [String] {
        func optional(_ value: Int?) -> String { value.map(String.init) ?? "" }
        return [
            row.path, row.student, optional(row.level), row.levelName ?? "", String(row.attempts),
            row.signal?.rawValue ?? "", row.signal == nil ? "" : String(row.estimated),
            row.taps.filter(\.press).map { JSONText.number($0.seconds, places: 3) }.joined(separator: " "),
            String(row.solved),
            optional(row.stars), optional(row.cards), optional(row.optimal), optional(row.firstSuccess?.attempt),
            row.firstSuccess?.frame ?? "", row.firstSuccess.map { JSONText.number($0.seconds, places: 3) } ?? "",
            String(row.frames), String(row.unreadableFrames), row.finalProgram.joined(separator: " "), row.error ?? "",
            row.notes.joined(separator: "; "), row.levelFile ?? "", row.error == nil ? String(row.needsReview) : "",
            row.review.map(\.code.rawValue).joined(separator: " "),
        ]
    }

    /// Fields joined by commas, quoted where needed, ending in CRLF.
    public static func line(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\r\n"
    }

    /// A field, quoted when it holds a comma, a quote, a CR or an LF. A field a spreadsheet would take for a
    /// formula (beginning with `=`, `+`, `-`, `@`, a tab or a CR: a student named `=HYPERLINK(...)`, also after
    /// invisible characters a spreadsheet may drop: `\u{FEFF}=1+1`) is neutralised by the OWASP rule: a single
    /// quote is put before it and the field is quoted.
    public static func quote(_ field: String) -> String {
        let formula = field.unicodeScalars.first { !isInvisible($0) }.map { formulaStarts.contains($0) } ?? false
        let text = formula ? "'" + field : field
        let special = formula || text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard special else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The first characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// Whether `scalar` shows nothing a reader would see before a formula (other than a tab or a CR, which start
    /// one themselves): white space, a control or format character (a byte order mark, a zero-width space, a
    /// direction mark), or another default-ignorable code point.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if formulaStarts.contains(scalar) { return false }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
        }
    }
}
