import CardBotSupport
import GRDB

extension ProgressSession {
    /// The sessions of `sessions` whose student the roster of the gradebook at `path` puts in school `school`,
    /// and in class `rosterClass`: the sessions graded in the class of that key (class.json's `classId` or
    /// `rosterClassId`), and, when it is a roster class, its students' sessions on the days they were in it (a
    /// student who changed class counts in each class for the days she was in it); every session when neither is
    /// given.
    /// - Throws: a ``Problem`` when the gradebook holds no such class, or no roster for a school, or no such school.
    static func filtered(_ sessions: [ProgressSession], gradebook path: String, rosterClass: String?, school: String?) throws -> [ProgressSession] {
        guard rosterClass != nil || school != nil else { return sessions }
        let keyed = sessions.contains { $0.classPath == rosterClass }
        guard case .gradebook(let version) = try GradebookIdentity.inspect(path), version >= 6,
            let queue = try? GradebookReadOnly.open(path)
        else {
            if school == nil, keyed { return sessions.filter { $0.classPath == rosterClass } }
            throw Problem(file: path, Messages.text("holds no roster: import one with cardbot roster import FILE... --gradebook %s", path))
        }
        defer { try? queue.close() }
        let (students, enrollments, classes, schools) = try queue.read { db in
            (try RosterStudent.fetchAll(db), try RosterEnrollment.fetchAll(db), try String.fetchAll(db, sql: "SELECT id FROM class"),
             try String.fetchAll(db, sql: "SELECT id FROM school UNION SELECT school_id FROM student WHERE school_id IS NOT NULL"))
        }
        if let rosterClass, !classes.contains(rosterClass), !keyed {
            throw Problem(file: path, Messages.text("has no roster class '%s'", rosterClass))
        }
        if let school, !schools.contains(school) {
            throw Problem(file: path, Messages.text("has no roster school '%s'", school))
        }
        var schoolOf: [String: String] = [:]
        for student in students { schoolOf[student.id] = student.schoolID }
        return sessions.filter { session in
            if let school, session.studentID.flatMap({ schoolOf[$0] }) != school { return false }
            guard let rosterClass else { return true }
            if session.classPath == rosterClass { return true }
            guard let id = session.studentID else { return false }
            return enrollments.contains { $0.studentID == id && $0.classID == rosterClass && $0.covers(session.day) }
        }
    }
}
