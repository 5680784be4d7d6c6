import CardBotSupport
import GRDB

/// The roster a class's sessions are matched against (`roster match`), read from the gradebook as it is asked:
/// a roster class's students in memory, every student of the district by the gradebook's indexed name forms
/// (``StudentDirectory/match(_:in:)``), never a million students loaded for one class.
struct RosterLookup {
    private let queue: DatabaseQueue
    /// The roster class's students (nil: every student of the roster, looked up in the gradebook).
    private let directory: StudentDirectory?

    /// Opens the roster of the gradebook at `path` (read only), of `rosterClass`'s students when given.
    /// - Throws: ``GradebookError`` for a gradebook that holds no roster or no class `rosterClass`.
    init(_ path: String, rosterClass: String?) throws {
        guard case .gradebook(let version) = try GradebookIdentity.inspect(path), version >= 6 else {
            throw GradebookError(file: path, said: Messages.later("holds no roster: import one with cardbot roster import FILE... --gradebook %s", .plain(path)))
        }
        (queue, directory) = try GradebookError.reading(path) {
            let queue = try GradebookReadOnly.open(path)
            let directory = try queue.read { db -> StudentDirectory? in
                guard let rosterClass else {
                    // A gradebook of schema 6 to 8 (not written by this cardbot yet) has no name forms: in memory.
                    let indexed = try db.tableExists("student_key")
                    return indexed ? nil : StudentDirectory(try RosterStudent.fetchAll(db))
                }
                guard try RosterClass.fetchOne(db, key: rosterClass) != nil else {
                    let known = try String.fetchAll(db, sql: "SELECT id FROM class ORDER BY id LIMIT 20").joined(separator: ", ")
                    throw GradebookError(file: path, said: Messages.later("has no roster class '%1$s'; it has %2$s", .plain(rosterClass), .plain(known)))
                }
                return StudentDirectory(
                    try RosterStudent.fetchAll(
                        db, sql: "SELECT * FROM student WHERE id IN (SELECT student_id FROM enrollment WHERE class_id = ?)",
                        arguments: [rosterClass]))
            }
            return (queue, directory)
        }
    }

    /// The student `name` names, if exactly one (unknown when the gradebook cannot be read).
    func match(_ name: String) -> NameMatch {
        if let directory { return directory.match(name) }
        return (try? queue.read { db in try StudentDirectory.match(name, in: db) }) ?? .unknown
    }

    /// Whether the roster (the whole district's, whatever the class) has a student of id `id`.
    func knows(_ id: String) -> Bool {
        (try? queue.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM student WHERE id = ?)", arguments: [id]) }) == true
    }
}
