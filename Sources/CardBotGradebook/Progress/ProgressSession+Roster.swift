import CardBotSupport
import GRDB

extension ProgressSession {
    /// The sessions of `sessions` whose student the roster of the gradebook at `path` puts in school `school`,
    /// and in roster class `rosterClass` on the session's day (a student who changed class counts in each class
    /// for the days she was in it); every session when neither is given.
    /// - Throws: a ``Problem`` when the gradebook holds no roster, or no such school or class.
    static func filtered(_ sessions: [ProgressSession], gradebook path: String, rosterClass: String?, school: String?) throws -> [ProgressSession] {
        guard rosterClass != nil || school != nil else { return sessions }
        guard case .gradebook(let version) = try GradebookIdentity.inspect(path), version >= 6,
            let queue = try? GradebookReadOnly.open(path)
        else {
            throw Problem(file: path, Messages.text("holds no roster: import one with cardbot roster import FILE... --gradebook %s", path))
        }
        defer { try? queue.close() }
        let (students, enrollments, classes, schools) = try queue.read { db in
            (try RosterStudent.fetchAll(db), try RosterEnrollment.fetchAll(db), try String.fetchAll(db, sql: "SELECT id FROM class"),
             try String.fetchAll(db, sql: "SELECT id FROM school UNION SELECT school_id FROM student WHERE school_id IS NOT NULL"))
        }
        if let rosterClass, !classes.contains(rosterClass) {
            throw Problem(file: path, Messages.text("has no roster class '%s'", rosterClass))
        }
        if let school, !schools.contains(school) {
            throw Problem(file: path, Messages.text("has no roster school '%s'", school))
        }
        var schoolOf: [String: String] = [:]
        for student in students { schoolOf[student.id] = student.schoolID }
        return sessions.filter { session in
            guard let id = session.studentID else { return false }
            if let school, schoolOf[id] != school { return false }
            if let rosterClass {
                return enrollments.contains { $0.studentID == id && $0.classID == rosterClass && $0.covers(session.day) }
            }
            return true
        }
    }
}
