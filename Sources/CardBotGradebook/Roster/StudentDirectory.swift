import Foundation
import GRDB

/// The roster's students looked up by name, without guessing: a name is matched by its full form first
/// ("Emma Hansen", "Hansen, Emma", "Hansen Emma"), then as a user name or id, then as a given name alone ("Emma");
/// the first of these that finds anyone decides, and finding two or more students is ``NameMatch/ambiguous(_:)``,
/// never a choice. Letters are compared without case, runs of spaces as one.
///
/// The compared forms of every student are kept in the gradebook's `student_key` table (schema 9), indexed, so
/// that a lookup reads a few rows however large the district's roster: ``match(_:in:)``. A directory made of
/// students in memory (``init(_:)``) matches the same way, for a roster class's students alone.
public struct StudentDirectory: Sendable {
    /// The kinds of compared forms, in the order a name is tried.
    enum Kind: Int, CaseIterable {
        /// "Given Family" or "Family Given".
        case full = 0
        /// The roster id or the user name.
        case user = 1
        /// The given name alone.
        case given = 2
    }

    /// The indexes of `student_key`: by form, for lookups, and by student, to replace a student's forms. A first
    /// import of a large roster drops them and makes them again once every row is in (SQLite sorts the rows once
    /// instead of placing millions one by one). The same as schema 9's migration makes (which, released, never changes).
    static let indexes = """
        CREATE INDEX IF NOT EXISTS student_key_by_form ON student_key(kind, key);
        CREATE INDEX IF NOT EXISTS student_key_by_student ON student_key(student_id);
        """

    /// The students by id.
    public let students: [String: RosterStudent]
    private var keys: [Kind: [String: Set<String>]] = [:]

    /// A directory of `students`.
    public init(_ students: [RosterStudent]) {
        var byID: [String: RosterStudent] = [:]
        for student in students {
            byID[student.id] = student
            keys[.user, default: [:]][Self.key(student.id), default: []].insert(student.id)
            for (kind, key) in Self.keys(of: student) { keys[kind, default: [:]][key, default: []].insert(student.id) }
        }
        self.students = byID
    }

    /// The compared forms of `student` kept in `student_key` (without repeats). The id itself is not kept when it
    /// is already its compared form: a lookup finds it in `student` directly.
    static func keys(of student: RosterStudent) -> [(kind: Kind, key: String)] {
        var forms: [(Kind, String)] = [(.full, key(student.fullName)), (.full, key(student.familyName + " " + student.givenName))]
        let id = key(student.id)
        if id != student.id { forms.append((.user, id)) }
        if let username = student.username { forms.append((.user, key(username))) }
        forms.append((.given, key(student.givenName)))
        var seen = Set<String>()
        return forms.filter { !$0.1.isEmpty && seen.insert("\($0.0.rawValue) \($0.1)").inserted }.map { (kind: $0.0, key: $0.1) }
    }

    /// A name as compared: lowercased, spaces collapsed.
    static func key(_ name: String) -> String {
        // ASCII (most names of most rosters) byte by byte; anything else by Unicode's rules.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            guard byte < 0x80 else { return name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                if let last = bytes.last, last != 0x20 { bytes.append(0x20) }
            } else {
                bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
            }
        }
        if bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The keys a name is looked up by, for each kind: "Hansen, Emma" is also tried as "emma hansen".
    static func lookups(_ name: String) -> [(kind: Kind, keys: [String])] {
        let plain = key(name)
        guard !plain.isEmpty else { return [] }
        var full = [plain]
        if let comma = name.firstIndex(of: ",") {
            let family = key(String(name[..<comma]))
            let given = key(String(name[name.index(after: comma)...]))
            if !family.isEmpty && !given.isEmpty { full.append(given + " " + family) }
        }
        return [(.full, full), (.user, [plain]), (.given, [plain])]
    }

    /// The student `name` names, if exactly one.
    public func match(_ name: String) -> NameMatch {
        for (kind, forms) in Self.lookups(name) {
            let ids = forms.reduce(into: Set<String>()) { $0.formUnion(keys[kind]?[$1] ?? []) }
            if !ids.isEmpty { return ids.count == 1 ? .student(ids.first!) : .ambiguous(ids.sorted()) }
        }
        return .unknown
    }

    /// The student `name` names among every student of the gradebook `db` (its `student_key` table), if exactly one.
    static func match(_ name: String, in db: Database) throws -> NameMatch {
        for (kind, forms) in lookups(name) {
            var ids = Set<String>()
            for form in forms {
                let statement = try db.cachedStatement(sql: "SELECT student_id FROM student_key WHERE kind = ? AND key = ?")
                ids.formUnion(try String.fetchAll(statement, arguments: [kind.rawValue, form]))
                if kind == .user {
                    // An id that is its own compared form has no row in student_key.
                    ids.formUnion(try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM student WHERE id = ?"), arguments: [form]))
                }
            }
            if !ids.isEmpty { return ids.count == 1 ? .student(ids.first!) : .ambiguous(ids.sorted()) }
        }
        return .unknown
    }

    /// Writes the compared forms of `student` into `db`'s `student_key` table, replacing any it had (`isNew`: the
    /// student was not in the gradebook, so it has none to replace).
    static func record(_ student: RosterStudent, in db: Database, isNew: Bool = false) throws {
        if !isNew {
            try db.cachedStatement(sql: "DELETE FROM student_key WHERE student_id = ?").execute(arguments: [student.id])
        }
        let forms = keys(of: student)
        guard !forms.isEmpty else { return }
        // One statement a student, of as many rows as she has forms.
        let rows = Array(repeating: "(?, ?, ?)", count: forms.count).joined(separator: ", ")
        let insert = try db.cachedStatement(sql: "INSERT INTO student_key (kind, key, student_id) VALUES \(rows)")
        var values: [DatabaseValue] = []
        values.reserveCapacity(forms.count * 3)
        let id = student.id.databaseValue
        for (kind, key) in forms { values += [kind.rawValue.databaseValue, key.databaseValue, id] }
        try insert.execute(arguments: StatementArguments(values))
    }
}
