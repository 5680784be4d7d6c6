import CardBotClassroom
import CardBotLesson
import CardBotSupport
import GRDB

extension Gradebook {
    /// The classes the gradebook has sessions of, sorted by key: each one's identity (its canonical absolute
    /// path, or for sessions of older gradebooks the folder as it was typed) and the name it was last given as.
    public func classes() throws -> [(key: String, name: String)] {
        try wrap { try pool.read(Self.classes) }
    }

    /// The classes `db` has sessions of (see ``classes()``).
    static func classes(_ db: Database) throws -> [(key: String, name: String)] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT DISTINCT s.class AS class, coalesce(c.name, s.class) AS name
                FROM session s LEFT JOIN class_folder c ON c.class = s.class ORDER BY s.class
                """
        ).map { (key: try $0.checked("class", "session"), name: try $0.checked("name", "class_folder")) }
    }

    /// Every session of the class with identity `classPath` in the gradebook, as a graded class with its
    /// pictures, titled `name`: the same reports as grading the class folder in one run. `levels` (curriculum levels
    /// by number) let the misconceptions be counted.
    public func classGrade(_ classPath: String, name: String? = nil, levels: [Int: Level] = [:]) throws -> ClassGrade {
        try wrap {
            try pool.read { db in
                var grades: [SessionGrade] = []
                let pictures = PictureShelf()
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
                    if let picture { pictures.put(picture, for: path) }
                }
                return ClassGrade(classPath: name ?? classPath, grades: grades, shelf: pictures, levels: levels)
            }
        }
    }

    /// Runs `body`, turning a database error into a ``GradebookError`` naming this gradebook.
    func wrap<T>(_ body: () throws -> T) throws -> T {
        try GradebookError.reading(path, body)
    }
}
