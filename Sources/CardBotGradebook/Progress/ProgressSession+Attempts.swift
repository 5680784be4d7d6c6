import CardBotClassroom
import CardBotSupport
import GRDB

extension ProgressSession {
    /// The attempts of `sessions` (in their order) as the misconceptions count them, read from the gradebook at
    /// `path` (read only): each session's programs and whether they solved the level, in attempt order. A child is
    /// known by her roster id, else her name; sessions that could not be graded are left out.
    /// - Throws: ``GradebookError`` for a gradebook that cannot be read.
    static func attempts(of sessions: [ProgressSession], inGradebook path: String) throws -> [Misconceptions.Session] {
        let rows = try GradebookReadOnly.read(path) { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.class, s.path, a.program, a.solved
                    FROM session s JOIN attempt a ON a.grading_id = s.grading_id
                    ORDER BY s.class, s.path, a.number
                    """)
        }
        var attempts: [String: [(program: [String], solved: Bool)]] = [:]
        for row in rows {
            let key: String = try row.checked("class", "session") + "\u{1}" + (try row.checked("path", "session") as String)
            let program: String = try row.checked("program", "attempt")
            attempts[key, default: []].append((program.split(separator: " ").map(String.init), try row.checked("solved", "attempt")))
        }
        return sessions.compactMap { session in
            guard let level = session.grade.level,
                let tried = attempts[session.classPath + "\u{1}" + session.grade.path]
            else { return nil }
            return Misconceptions.Session(student: session.studentKey, level: level, attempts: tried)
        }
    }
}
