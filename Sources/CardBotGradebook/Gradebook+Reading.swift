import CardBotClassroom
import GRDB

extension Gradebook {
    /// The class folders the gradebook has sessions of, as they were given to `cardbot grade`, sorted.
    public func classes() throws -> [String] {
        try wrap { try pool.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT class FROM session ORDER BY class") } }
    }

    /// Every session of `classPath` in the gradebook, as a graded class with its pictures: the same reports as
    /// grading the class folder in one run.
    public func classGrade(_ classPath: String) throws -> ClassGrade {
        try wrap {
            try pool.read { db in
                var grades: [SessionGrade] = []
                var pictures: [String: SessionPictures] = [:]
                let sessions = try Row.fetchAll(
                    db, sql: "SELECT * FROM session WHERE class = ? ORDER BY path", arguments: [classPath])
                for session in sessions {
                    let path: String = try session.checked("path", "session")
                    let student: String = try session.checked("student", "session")
                    if let error: String = try session.checked("error", "session") {
                        grades.append(.failed(path: path, student: student, error: error))
                        continue
                    }
                    let id: Int64 = try session.checked("grading_id", "session")
                    guard let row = try Row.fetchOne(db, sql: "SELECT * FROM grading WHERE id = ?", arguments: [id]) else {
                        continue
                    }
                    let (grade, picture) = try GradebookRows.grade(row, db: db, path: path, student: student)
                    grades.append(grade)
                    if let picture { pictures[path] = picture }
                }
                return ClassGrade(classPath: classPath, grades: grades, pictures: pictures)
            }
        }
    }

    /// Runs `body`, turning a database error into a ``GradebookError`` naming this gradebook.
    func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GradebookError {
            throw error
        } catch let error as DamagedGradebookValue {
            throw GradebookError(file: path, reason: error.description)
        } catch {
            throw GradebookError(file: path, reason: "cannot be read: \(GradebookIdentity.message(error))")
        }
    }
}
