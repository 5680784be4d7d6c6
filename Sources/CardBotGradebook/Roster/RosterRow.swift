import CardBotSupport
import Foundation

/// One record of a roster file read against its header: values by column name, and the problems of the record
/// (a missing value, one too long, a bad date) gathered as they are asked for.
struct RosterRow {
    /// The record.
    let record: CSVRecord
    /// The columns by compared name (``RosterFileKind/key(_:)``) to their index.
    let columns: [String: Int]
    /// The file, as given.
    let file: String
    /// The problems found so far.
    var problems: [RosterProblem] = []
    /// The columns whose value was refused (reported once).
    private var refused: Set<String> = []

    init(record: CSVRecord, columns: [String: Int], file: String) {
        self.record = record
        self.columns = columns
        self.file = file
    }

    /// The longest id or name accepted, in characters.
    static let maximumLength = 200

    /// The value of column `name`, trimmed, line breaks and tabs made spaces; nil when the file has no such column or the value is empty.
    mutating func optional(_ name: String) -> String? {
        guard let index = columns[RosterFileKind.key(name)], index < record.fields.count else { return nil }
        let field = record.fields[index]
        // Printable ASCII without spaces around it (most of a district's million rows) needs no cleaning and holds no
        // control character, and its length is its bytes.
        if Self.isPlainASCII(field) {
            guard !field.isEmpty else { return nil }
            guard field.utf8.count <= Self.maximumLength else {
                refused.insert(name)
                problem(Messages.later(
                    "'%1$s' is %2$s characters long; at most %3$s are allowed", .plain(name), .number(field.utf8.count),
                    .number(Self.maximumLength)))
                return nil
            }
            return field
        }
        let value = Self.cleaned(field)
        guard !value.isEmpty else { return nil }
        if let control = ControlCharacters.saidInLine(value, field: name) {
            refused.insert(name)
            problem(control)
            return nil
        }
        guard value.count <= Self.maximumLength else {
            refused.insert(name)
            problem(Messages.later(
                "'%1$s' is %2$s characters long; at most %3$s are allowed", .plain(name), .number(value.count), .number(Self.maximumLength)))
            return nil
        }
        return value
    }

    /// Whether `field` is printable ASCII (no control character, no DEL) with no space at either end.
    static func isPlainASCII(_ field: String) -> Bool {
        let utf8 = field.utf8
        return utf8.first != 0x20 && utf8.last != 0x20 && utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// `field` with a line break or tab inside (a title over two lines) made a space and the spaces around it
    /// trimmed (``optional(_:)`` takes plain ASCII, most of a district's million rows, as it is).
    static func cleaned(_ field: String) -> String {
        field.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" })
            .joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// The value of column `name`; an empty value is a problem (and gives "").
    mutating func required(_ name: String) -> String {
        guard let value = optional(name) else {
            if !refused.contains(name) {
                problem(Messages.later("'%s' is empty; every row needs it", .plain(name)))
            }
            return ""
        }
        return value
    }

    /// The date of column `name` (`YYYY-MM-DD`, a day of the calendar, nothing before or after it), nil when empty;
    /// anything else is a problem.
    mutating func date(_ name: String) -> String? {
        guard let value = optional(name) else { return nil }
        let shown = MessageText.Value.plain(TerminalText.truncated(value, width: 40))
        let day = String(value.prefix(10))
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard day.count == 10, parts.count == 3, parts.map(\.count) == [4, 2, 2],
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]), (1...12).contains(month)
        else {
            problem(Messages.later("'%1$s' must be a date as YYYY-MM-DD, not '%2$s'", .plain(name), shown))
            return nil
        }
        let days = Self.days(inMonth: month, of: year)
        guard (1...days).contains(dayOfMonth) else {
            problem(Messages.later(
                "'%1$s' is '%2$s', a day no calendar has (that month has %3$s days): give a real date as YYYY-MM-DD",
                .plain(name), shown, .number(days)))
            return nil
        }
        guard value.count == day.count else {
            problem(Messages.later(
                "'%1$s' must be a date as YYYY-MM-DD with nothing after it, not '%2$s'", .plain(name), shown))
            return nil
        }
        return day
    }

    /// The days in `month` (1 to 12) of `year` in the Gregorian calendar.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Adds a problem about this record.
    mutating func problem(_ reason: MessageText) {
        problems.append(RosterProblem(file: file, line: record.line, reason))
    }
}
