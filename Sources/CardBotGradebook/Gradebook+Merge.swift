import CardBotSupport
import Foundation
import GRDB

extension Gradebook {
    /// Adds every session of the gradebook at `partPath` (a shard's) to this one, in one transaction; the part
    /// is opened read-only and never changed. Content already here is kept; a session at a place already here
    /// is taken when it was graded later (a date more than a day in the future is not believed: it counts as the
    /// oldest), and at the same second by a fixed order of its content, so that the result never depends on the
    /// order of the parts. Merging the same part twice changes nothing. The part's roster is added (rows whose id
    /// is already here are kept), with each session's student id.
    /// - Throws: ``GradebookError`` when the part is not a CardBot gradebook of this schema.
    public func merge(_ partPath: String) throws {
        try Self.checkPart(partPath)
        if FileSystem.isSameFile(partPath, path) { return }
        try copyPart(partPath)
        forgetDirectory()
    }

    /// Refuses a part that is not a CardBot gradebook of this schema, without creating or changing anything:
    /// `grade merge` checks every part this way before it makes its gradebook.
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
        }
    }

    /// Copies every session of the part into this gradebook, in one transaction.
    private func copyPart(_ partPath: String) throws {
        let part: DatabaseQueue
        do {
            part = try GradebookReadOnly.open(partPath)
        } catch {
            throw GradebookError(file: partPath, said: Messages.later("cannot be opened: %s", .plain("\(GradebookIdentity.message(error))")))
        }
        defer { try? part.close() }
        let content: PartContent
        do {
            content = try part.read { db in try PartContent(db) }
        } catch let error as DamagedGradebookValue {
            throw GradebookError(file: partPath, reason: error.description)
        } catch {
            throw GradebookError(file: partPath, said: Messages.later("cannot be read: %s", .plain("\(GradebookIdentity.message(error))")))
        }
        try wrap {
            try pool.write { db in
                var ids: [Int64: Int64] = [:]
                for grading in content.gradings {
                    let partID: Int64 = try grading.checked("id", "grading")
                    if let existing = try Int64.fetchOne(
                        db, sql: "SELECT id FROM grading WHERE fingerprint = ? AND settings = ?",
                        arguments: [
                            try grading.checked("fingerprint", "grading") as String,
                            try grading.checked("settings", "grading") as String,
                        ])
                    {
                        ids[partID] = existing
                        continue
                    }
                    let id = try Self.copy(grading, into: "grading", leaving: "id", db: db)
                    ids[partID] = id
                    for table in PartContent.childTables {
                        for child in content.children[table]?[partID] ?? [] {
                            _ = try Self.copy(child, into: table, replacing: ("grading_id", id), db: db)
                        }
                    }
                }
                var fingerprints: [Int64: String] = [:]
                for grading in content.gradings {
                    fingerprints[try grading.checked("id", "grading")] = try grading.checked("fingerprint", "grading")
                }
                let latestBelievable = GradebookRows.timestamp(Date().addingTimeInterval(24 * 3600))
                for session in content.sessions {
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
                for folder in content.classFolders {
                    try db.execute(
                        sql: "INSERT INTO class_folder (class, name, folder, source) VALUES (?, ?, ?, ?) ON CONFLICT (class) DO NOTHING",
                        arguments: [
                            try folder.checked("class", "class_folder") as String, try folder.checked("name", "class_folder") as String,
                            try folder.checked("folder", "class_folder") as String?, try folder.checked("source", "class_folder") as String?,
                        ])
                }
                // The part's roster: rows whose id is already here are kept as they are (shards of one class carry
                // the same roster); then sessions still without a student are tied by name to the merged roster.
                for school in content.roster.schools { try school.insert(db, onConflict: .ignore) }
                for student in content.roster.students { try student.insert(db, onConflict: .ignore) }
                for rosterClass in content.roster.classes { try rosterClass.insert(db, onConflict: .ignore) }
                for enrollment in content.roster.enrollments { try enrollment.insert(db, onConflict: .ignore) }
                _ = try Self.tieSessions(db)
            }
        }
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
        try db.execute(sql: "INSERT INTO \(table.quotedDatabaseIdentifier) (\(names)) VALUES (\(marks))", arguments: StatementArguments(values))
        return db.lastInsertedRowID
    }
}

/// Everything of one part gradebook, read in one read transaction.
struct PartContent {
    /// The tables whose rows belong to a grading.
    static let childTables = ["attempt", "unreadable_frame", "session_file", "replay", "tap", "card_reading"]

    var gradings: [Row]
    var children: [String: [Int64: [Row]]] = [:]
    var sessions: [Row]
    var classFolders: [Row]
    /// The part's roster.
    var roster: (schools: [RosterSchool], students: [RosterStudent], classes: [RosterClass], enrollments: [RosterEnrollment])

    init(_ db: Database) throws {
        gradings = try Row.fetchAll(db, sql: "SELECT * FROM grading ORDER BY id")
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        // A part made by an older cardbot lacks the newer tables: its gradings have no rows there.
        for table in Self.childTables where tables.contains(table) {
            var byGrading: [Int64: [Row]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) ORDER BY grading_id, rowid") {
                byGrading[try row.checked("grading_id", table), default: []].append(row)
            }
            children[table] = byGrading
        }
        sessions = try Row.fetchAll(db, sql: "SELECT * FROM session ORDER BY class, path")
        classFolders = try Row.fetchAll(db, sql: "SELECT * FROM class_folder ORDER BY class")
        roster = (
            try RosterSchool.order(Column("id")).fetchAll(db), try RosterStudent.order(Column("id")).fetchAll(db),
            try RosterClass.order(Column("id")).fetchAll(db),
            try RosterEnrollment.order(Column("class_id"), Column("student_id")).fetchAll(db)
        )
    }
}
