import CardBotSupport
import GRDB

extension Gradebook {
    /// Writes `roster` into the gradebook in one transaction: schools, students, classes and enrollments are
    /// added, or updated where their id is already there (nothing is deleted: shards of a district's roster can
    /// be imported one after the other). Sessions not yet tied to a student are then tied by their name where it
    /// names one student (``StudentDirectory``).
    /// - Throws: ``RosterError`` when an enrollment names a student or class neither the roster nor the gradebook
    ///   holds (then nothing is written); ``GradebookError`` when the gradebook cannot be written.
    public func importRoster(_ roster: Roster) throws -> RosterImportSummary {
        var summary = RosterImportSummary()
        summary.leftOut = roster.leftOut
        do {
            try pool.write { db in
                let problems = try Self.referenceProblems(roster, db: db)
                if !problems.isEmpty { throw RosterError(problems: problems) }
                // A district's roster makes a transaction of some 400 MB: with SQLite's default 2 MB page cache
                // it would write and search its pages in the write-ahead log again and again.
                try db.execute(sql: "PRAGMA cache_size = -65536")
                defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
                // Prepared once each: a district's roster has a million rows.
                let school = try db.cachedStatement(sql: """
                    INSERT INTO school (id, name) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name
                    """)
                for entry in roster.schools { try school.execute(arguments: [entry.record.id, entry.record.name]) }
                let student = try db.cachedStatement(sql: """
                    INSERT INTO student (id, given_name, family_name, grade, school_id, username) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET given_name = excluded.given_name, family_name = excluded.family_name,
                        grade = excluded.grade, school_id = excluded.school_id, username = excluded.username
                    """)
                // A first import (no students yet) has no name forms to replace.
                let first = try Int.fetchOne(db, sql: "SELECT count(*) FROM (SELECT 1 FROM student LIMIT 1)") == 0
                let bulk = first && roster.students.count > 10_000
                if bulk { try db.execute(sql: "DROP INDEX student_key_by_form; DROP INDEX student_key_by_student") }
                for entry in roster.students {
                    let record = entry.record
                    try student.execute(arguments: [
                        record.id, record.givenName, record.familyName, record.grade, record.schoolID, record.username,
                    ])
                    try StudentDirectory.record(record, in: db, isNew: first)
                }
                if bulk { try db.execute(sql: StudentDirectory.indexes) }
                let rosterClass = try db.cachedStatement(sql: """
                    INSERT INTO class (id, title, school_id) VALUES (?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET title = excluded.title, school_id = excluded.school_id
                    """)
                for entry in roster.classes {
                    try rosterClass.execute(arguments: [entry.record.id, entry.record.title, entry.record.schoolID])
                }
                let enrollment = try db.cachedStatement(sql: """
                    INSERT INTO enrollment (class_id, student_id, begin_date, end_date) VALUES (?, ?, ?, ?)
                    ON CONFLICT (class_id, student_id) DO UPDATE SET begin_date = excluded.begin_date, end_date = excluded.end_date
                    """)
                for entry in roster.enrollments {
                    let record = entry.record
                    try enrollment.execute(arguments: [record.classID, record.studentID, record.beginDate, record.endDate])
                }
                summary.schools = roster.schools.count
                summary.students = roster.students.count
                summary.classes = roster.classes.count
                summary.enrollments = roster.enrollments.count
                summary.sessionsMatched = try Self.tieSessions(db)
            }
        } catch let error as RosterError {
            throw error
        } catch {
            throw GradebookError(file: path, said: Messages.later("cannot be written: %s", .plain("\(GradebookIdentity.message(error))")))
        }
        return summary
    }

    /// The enrollments of `roster` that name a student or class neither `roster` nor the gradebook `db` holds.
    static func referenceProblems(_ roster: Roster, db: Database?) throws -> [RosterProblem] {
        let students = Set(try db.map { try String.fetchAll($0, sql: "SELECT id FROM student") } ?? []).union(roster.students.map(\.record.id))
        let classes = Set(try db.map { try String.fetchAll($0, sql: "SELECT id FROM class") } ?? []).union(roster.classes.map(\.record.id))
        var problems: [RosterProblem] = []
        for entry in roster.enrollments {
            if !classes.contains(entry.record.classID) {
                problems.append(RosterProblem(file: entry.file, line: entry.line, Messages.later(
                    "no class '%s' in the roster files or the gradebook: import its classes file too", .plain(entry.record.classID))))
            }
            if !students.contains(entry.record.studentID) {
                problems.append(RosterProblem(file: entry.file, line: entry.line, Messages.later(
                    "no student '%s' in the roster files or the gradebook: import its users or students file too",
                    .plain(entry.record.studentID))))
            }
        }
        return problems
    }

    /// Every problem of a roster that already has `problems` from its files: those and its enrollments' references
    /// to students and classes that neither it nor the gradebook at `path` (read only, when there is one) holds.
    static func allProblems(_ roster: Roster, reading problems: [RosterProblem], gradebook path: String) -> [RosterProblem] {
        var references: [RosterProblem]? = nil
        if case .gradebook(let version)? = try? GradebookIdentity.inspect(path), version >= 6,
            let queue = try? GradebookReadOnly.open(path)
        {
            references = try? queue.read { db in try referenceProblems(roster, db: db) }
            try? queue.close()
        }
        if references == nil { references = (try? referenceProblems(roster, db: nil)) ?? [] }
        return RosterProblem.sorted(problems + (references ?? []))
    }

    /// Ties every session without a student id to the roster's student its name names, if exactly one; returns
    /// how many were tied.
    static func tieSessions(_ db: Database) throws -> Int {
        var tied = 0
        for row in try Row.fetchAll(db, sql: "SELECT class, path, student FROM session WHERE student_id IS NULL") {
            guard case .student(let id) = try StudentDirectory.match(try row.checked("student", "session"), in: db) else { continue }
            try db.execute(
                sql: "UPDATE session SET student_id = ? WHERE class = ? AND path = ?",
                arguments: [id, try row.checked("class", "session") as String, try row.checked("path", "session") as String])
            tied += 1
        }
        return tied
    }

    /// The roster's students, sorted by id.
    public func rosterStudents() throws -> [RosterStudent] {
        try wrap { try pool.read { db in try RosterStudent.order(Column("id")).fetchAll(db) } }
    }

    /// The roster's enrollments, sorted by class, then student.
    public func rosterEnrollments() throws -> [RosterEnrollment] {
        try wrap { try pool.read { db in try RosterEnrollment.order(Column("class_id"), Column("student_id")).fetchAll(db) } }
    }

    /// The roster's classes, sorted by id.
    public func rosterClasses() throws -> [RosterClass] {
        try wrap { try pool.read { db in try RosterClass.order(Column("id")).fetchAll(db) } }
    }

    /// The roster's schools, sorted by id.
    public func rosterSchools() throws -> [RosterSchool] {
        try wrap { try pool.read { db in try RosterSchool.order(Column("id")).fetchAll(db) } }
    }
}
