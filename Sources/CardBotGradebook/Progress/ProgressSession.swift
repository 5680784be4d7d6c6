import CardBotClassroom
import CardBotSupport
import Foundation
import GRDB

/// One graded session of the term, as the progress report reads it from the gradebook: its grade, with the class
/// it was graded in, the student's roster id and when it was recorded.
public struct ProgressSession: Sendable, Equatable {
    /// The class it was graded in (its key in the gradebook).
    public var classPath: String
    /// Its grade as the gradebook's grading row keeps it: folder, student, level, attempts, whether and how well it
    /// was solved, the first success; `error` for a session that could not be graded. Its attempts, frames and
    /// pictures are not read.
    public var grade: SessionGrade
    /// The student's roster id, when known: the term follows it across names and classes.
    public var studentID: String?
    /// When the session was recorded (its newest file), ISO 8601; else when it was graded.
    public var date: String

    /// Creates a session.
    public init(classPath: String, grade: SessionGrade, date: String, studentID: String? = nil) {
        self.classPath = classPath
        self.grade = grade
        self.studentID = studentID
        self.date = date
    }

    /// The day of ``date`` (`2026-11-23`).
    public var day: String { String(date.prefix(10)) }

    /// Whose session it is for the term: `id:` and her roster id when known, else `name:` and her name.
    public var studentKey: String { studentID.map { "id:" + $0 } ?? "name:" + grade.student }

    /// True when the session is the student's that `student` names: her name, or her roster id.
    public func isOf(_ student: String) -> Bool { grade.student == student || studentID == student }

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
            // Gradebooks before schema 8 judged no grade doubtful.
            let review = try db.columns(in: "grading").contains { $0.name == "review_reasons" }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT s.class, s.path, s.student, s.error, g.level, g.level_name,
                           coalesce(g.attempts, 0) AS attempts, coalesce(g.solved, 0) AS solved, g.stars,
                           g.first_success_attempt, g.first_success_frame, g.first_success_seconds,
                           coalesce(g.recorded_at, s.graded_at) AS date\(ids ? ", s.student_id" : "")\(review ? ", g.review_reasons" : "")
                    FROM session s LEFT JOIN grading g ON g.id = s.grading_id
                    \(ownLevels ? "WHERE g.own_level_file IS NULL" : "")
                    ORDER BY date, s.class, s.path
                    """
            ).map { row in
                var grade = SessionGrade(
                    path: try row.checked("path", "session"), student: try row.checked("student", "session"),
                    level: try row.checked("level", "grading"), levelName: try row.checked("level_name", "grading"),
                    attempts: try row.checked("attempts", "grading"), solved: try row.checked("solved", "grading"),
                    stars: try row.checked("stars", "grading"), firstSuccess: try GradebookRows.firstSuccess(row))
                grade.error = try row.checked("error", "session")
                if review { grade.review = GradebookRows.review(try row.checked("review_reasons", "grading") ?? "") }
                return ProgressSession(
                    classPath: try row.checked("class", "session"), grade: grade,
                    date: try row.checked("date", "session"), studentID: ids ? try row.checked("student_id", "session") : nil)
            }
        }
    }
}
