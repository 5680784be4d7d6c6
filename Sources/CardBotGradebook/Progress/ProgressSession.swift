import CardBotSupport
import Foundation
import GRDB

/// One graded session as the progress report sees it: who, which level, when, how it went.
public struct ProgressSession: Sendable, Equatable {
    /// The class folder it was graded in.
    public var classPath: String
    /// Its folder relative to the class folder.
    public var path: String
    /// The student.
    public var student: String
    /// The student's roster id, when known: the term follows it across names and classes.
    public var studentID: String?
    /// The level's number (nil when the session could not be graded).
    public var level: Int?
    /// The level's title.
    public var levelName: String?
    /// Programs run.
    public var attempts: Int
    /// True when some attempt solved the level.
    public var solved: Bool
    /// 0 to 3, nil when not graded.
    public var stars: Int?
    /// The attempt number of the first success.
    public var firstSuccessAttempt: Int?
    /// When the session was recorded (its newest file), ISO 8601; else when it was graded.
    public var date: String

    /// Creates a session.
    public init(
        classPath: String, path: String, student: String, level: Int?, levelName: String?, attempts: Int, solved: Bool,
        stars: Int?, firstSuccessAttempt: Int?, date: String, studentID: String? = nil
    ) {
        self.studentID = studentID
        self.classPath = classPath
        self.path = path
        self.student = student
        self.level = level
        self.levelName = levelName
        self.attempts = attempts
        self.solved = solved
        self.stars = stars
        self.firstSuccessAttempt = firstSuccessAttempt
        self.date = date
    }

    /// The day of ``date`` (`2026-11-23`).
    public var day: String { String(date.prefix(10)) }

    /// Every session of the gradebook at `path`, opened read-only, in order of date, then class and path; sessions
    /// that played their own level file (see `LevelKey`) are left out: the term follows the curriculum.
    /// - Throws: ``GradebookError`` when it is missing, not a CardBot gradebook, or from a newer cardbot.
    public static func all(inGradebook path: String) throws -> [ProgressSession] {
        guard case .gradebook = try GradebookIdentity.inspect(path) else {
            throw GradebookError(file: path, said: Messages.later("no gradebook here: make one with cardbot grade CLASS_DIR --gradebook %s", .plain(path)))
        }
        return try GradebookReadOnly.read(path) { db in
            // Gradebooks before schema 4 have no own level files (and are read as they are, read-only).
            let ownLevels = try db.columns(in: "grading").contains { $0.name == "own_level_file" }
            // Gradebooks before schema 6 have no student ids.
            let ids = try db.columns(in: "session").contains { $0.name == "student_id" }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT s.class, s.path, s.student, g.level, g.level_name, coalesce(g.attempts, 0) AS attempts,
                           coalesce(g.solved, 0) AS solved, g.stars, g.first_success_attempt,
                           coalesce(g.recorded_at, s.graded_at) AS date\(ids ? ", s.student_id" : "")
                    FROM session s LEFT JOIN grading g ON g.id = s.grading_id
                    \(ownLevels ? "WHERE g.own_level_file IS NULL" : "")
                    ORDER BY date, s.class, s.path
                    """
            ).map { row in
                ProgressSession(
                    classPath: try row.checked("class", "session"), path: try row.checked("path", "session"),
                    student: try row.checked("student", "session"), level: try row.checked("level", "grading"),
                    levelName: try row.checked("level_name", "grading"), attempts: try row.checked("attempts", "grading"),
                    solved: try row.checked("solved", "grading"), stars: try row.checked("stars", "grading"),
                    firstSuccessAttempt: try row.checked("first_success_attempt", "grading"),
                    date: try row.checked("date", "session"), studentID: ids ? try row.checked("student_id", "session") : nil)
            }
        }
    }
}
