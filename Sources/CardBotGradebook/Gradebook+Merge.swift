import CardBotSupport
import Foundation
import GRDB

extension Gradebook {
    /// Adds every session of each gradebook in `partPaths` (shards') to this one, in one transaction that commits
    /// only when every part was copied and `choose` (run on the merged content, inside the transaction) accepts
    /// it: a refused part or class leaves the gradebook as it was. The parts are opened read-only and never
    /// changed, and their rows are streamed, never held whole. Content already here is kept; a session at a place
    /// already here is taken when it was graded later (a date more than a day in the future is not believed: it
    /// counts as the oldest), and at the same second by a fixed order of its content, so that the result never
    /// depends on the order of the parts. A part may only hold sessions of the classes its `class_folder` table
    /// names (``PartLimits``). Merging the same part twice changes nothing. The part's roster is added (rows whose
    /// id is already here are kept), with each session's student id.
    /// - Throws: ``GradebookError`` when a part is not a CardBot gradebook of this schema, or `choose`'s error.
    func merge<T>(_ partPaths: [String], choose: (Database) throws -> T) throws -> T {
        for partPath in partPaths { try Self.checkPart(partPath) }
        return try wrap {
            try pool.write { db in
                for partPath in partPaths where !FileSystem.isSameFile(partPath, path) {
                    try copyPart(partPath, into: db)
                }
                _ = try Self.tieSessions(db)
                return try choose(db)
            }
        }
    }

    /// Adds every session of the part at `partPath` to this gradebook, in one transaction (see
    /// ``merge(_:choose:)``).
    /// - Throws: ``GradebookError`` when the part is not a CardBot gradebook of this schema.
    public func merge(_ partPath: String) throws {
        try merge([partPath]) { _ in () }
    }

    /// Refuses a part that is not a CardBot gradebook of this schema, or that holds more than ``PartLimits``
    /// allow, without creating or changing anything: `grade merge` checks every part this way before it makes its
    /// gradebook.
    /// - Throws: ``GradebookError`` naming the part.
    public static func checkPart(_ partPath: String) throws {
        switch try GradebookIdentity.inspect(partPath) {
        case .new:
            throw GradebookError(file: partPath, said: Messages.later("is not a gradebook (missing or empty): give the part files `cardbot grade --shard` wrote"))
        case .gradebook(let version) where version != GradebookSchema.version:
            throw GradebookError(
                file: partPath,
                said: Messages.later("is gradebook schema %1$s and this cardbot writes %2$s: grade that part again with this cardbot", .plain("\(version)"), .plain("\(GradebookSchema.version)")))
        case .gradebook:
            try PartSchema.check(partPath)
            try PartLimits.check(partPath)
        }
    }

    /// Copies every session of the part into this gradebook inside the caller's transaction, reading the part
    /// row by row.
    private func copyPart(_ partPath: String, into db: Database) throws {
        let part: DatabaseQueue
        do {
            part = try GradebookReadOnly.open(partPath)
        } catch {
            throw GradebookError(file: partPath, said: Messages.later("cannot be opened: %s", .plain("\(GradebookIdentity.message(error))")))
        }
        defer { try? part.close() }
        do {
            try part.read { partDB in try Self.copy(partDB, into: db) }
        } catch let error as GradebookError {
            throw error
        } catch let error as DamagedGradebookValue {
            throw GradebookError(file: partPath, reason: error.description)
        } catch {
            throw GradebookError(file: partPath, said: Messages.later("cannot be merged: %s", .plain("\(GradebookIdentity.message(error))")))
        }
    }

    /// Copies the part's gradings (with their rows), sessions, class folders and roster.
    private static func copy(_ partDB: Database, into db: Database) throws {
        let tables = Set(try String.fetchAll(partDB, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        var ids: [Int64: Int64] = [:]
        var fingerprints: [Int64: String] = [:]
        let gradings = try Row.fetchCursor(partDB, sql: "SELECT * FROM grading ORDER BY id")
        while let grading = try gradings.next() {
            let partID: Int64 = try grading.checked("id", "grading")
            let fingerprint: String = try grading.checked("fingerprint", "grading")
            fingerprints[partID] = fingerprint
            if let existing = try Int64.fetchOne(
                db, sql: "SELECT id FROM grading WHERE fingerprint = ? AND settings = ?",
                arguments: [fingerprint, try grading.checked("settings", "grading") as String])
            {
                ids[partID] = existing
                continue
            }
            let id = try copy(grading, into: "grading", leaving: "id", db: db)
            ids[partID] = id
            // A part made by an older cardbot lacks the newer tables: its gradings have no rows there.
            for (table, key) in PartContent.childTables where tables.contains(table) {
                let children = try Row.fetchCursor(
                    partDB, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) WHERE grading_id = ? ORDER BY \(key)",
                    arguments: [partID])
                while let child = try children.next() {
                    _ = try copy(child, into: table, replacing: ("grading_id", id), db: db)
                }
            }
        }
        let latestBelievable = GradebookRows.timestamp(Date().addingTimeInterval(24 * 3600))
        let sessions = try Row.fetchCursor(partDB, sql: "SELECT * FROM session ORDER BY class, path")
        while let session = try sessions.next() {
            let partGrading: Int64? = try session.checked("grading_id", "session")
            let gradingID = partGrading.flatMap { ids[$0] }
            let place = (try session.checked("class", "session") as String, try session.checked("path", "session") as String)
            let incoming = MergeRank(
                gradedAt: try session.checked("graded_at", "session"), student: try session.checked("student", "session"),
                error: try session.checked("error", "session"), fingerprint: partGrading.flatMap { fingerprints[$0] },
                latestBelievable: latestBelievable)
            if let existing = try Row.fetchOne(
                db,
                sql: """
                    SELECT s.graded_at, s.student, s.error, g.fingerprint FROM session s
                    LEFT JOIN grading g ON g.id = s.grading_id WHERE s.class = ? AND s.path = ?
                    """,
                arguments: [place.0, place.1])
            {
                let current = MergeRank(
                    gradedAt: try existing.checked("graded_at", "session"),
                    student: try existing.checked("student", "session"), error: try existing.checked("error", "session"),
                    fingerprint: try existing.checked("fingerprint", "grading"), latestBelievable: latestBelievable)
                guard current < incoming else { continue }
            }
            try db.execute(
                sql: """
                    INSERT INTO session (class, path, student, grading_id, error, graded_at, student_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (class, path) DO UPDATE SET student = excluded.student,
                        grading_id = excluded.grading_id, error = excluded.error, graded_at = excluded.graded_at,
                        student_id = excluded.student_id
                    """,
                arguments: [
                    place.0, place.1, incoming.student, gradingID, try session.checked("error", "session") as String?,
                    try session.checked("graded_at", "session") as String,
                    try session.checked("student_id", "session") as String?,
                ])
        }
        let folders = try Row.fetchCursor(partDB, sql: "SELECT * FROM class_folder ORDER BY class")
        while let folder = try folders.next() {
            try db.execute(
                sql: "INSERT INTO class_folder (class, name, folder, source) VALUES (?, ?, ?, ?) ON CONFLICT (class) DO NOTHING",
                arguments: [
                    try folder.checked("class", "class_folder") as String, try folder.checked("name", "class_folder") as String,
                    try folder.checked("folder", "class_folder") as String?, try folder.checked("source", "class_folder") as String?,
                ])
        }
        // The part's roster: rows whose id is already here are kept as they are (shards of one class carry the
        // same roster); the caller then ties sessions still without a student by name to the merged roster.
        let schools = try RosterSchool.order(Column("id")).fetchCursor(partDB)
        while let school = try schools.next() { try school.insert(db, onConflict: .ignore) }
        let students = try RosterStudent.order(Column("id")).fetchCursor(partDB)
        while let student = try students.next() {
            try student.insert(db, onConflict: .ignore)
            if db.changesCount > 0 { try StudentDirectory.record(student, in: db, isNew: true) }
        }
        let classes = try RosterClass.order(Column("id")).fetchCursor(partDB)
        while let rosterClass = try classes.next() { try rosterClass.insert(db, onConflict: .ignore) }
        let enrollments = try RosterEnrollment.order(Column("class_id"), Column("student_id")).fetchCursor(partDB)
        while let enrollment = try enrollments.next() { try enrollment.insert(db, onConflict: .ignore) }
    }

    /// Inserts `row` into `table` column by column, leaving out `leaving` and setting `replacing`; returns the
    /// new row id.
    private static func copy(
        _ row: Row, into table: String, leaving: String? = nil, replacing: (String, Int64)? = nil, db: Database
    ) throws -> Int64 {
        var columns: [String] = []
        var values: [DatabaseValue] = []
        for (column, value) in row where column != leaving {
            columns.append(column)
            if let replacing, replacing.0 == column {
                values.append(replacing.1.databaseValue)
            } else {
                values.append(value)
            }
        }
        // The columns are the schema's (PartSchema refused any other), and quoted all the same.
        let names = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        // One statement a table and column list, prepared once (a part's rows are many).
        let statement = try db.cachedStatement(sql: "INSERT INTO \(table.quotedDatabaseIdentifier) (\(names)) VALUES (\(marks))")
        try statement.execute(arguments: StatementArguments(values))
        return db.lastInsertedRowID
    }
}

/// What a part gradebook holds besides its gradings and sessions.
enum PartContent {
    /// The tables whose rows belong to a grading, with the columns of their primary key (the order they are read in).
    static let childTables = [
        ("attempt", "grading_id, number"), ("unreadable_frame", "grading_id, position"),
        ("session_file", "grading_id, position"), ("replay", "grading_id, attempt"), ("tap", "grading_id, position"),
        ("card_reading", "grading_id, attempt, position"),
    ]
}
