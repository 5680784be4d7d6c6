import CardBotGradebook
import Foundation
import GRDB

/// The sample district roster (Tests/CardBotGradebookTests/Fixtures/district, OneRoster 1.1): two schools, two
/// students called Emma Hansen (stu-1 in the north, stu-2 in the south), Maya Berg (stu-3) who moves from
/// class cls-n1 to cls-n2 on 2026-11-16, Leo Park, Zoe Lund, a teacher and the district's org; and gradebooks
/// with sessions written straight into them, as grading would record them.
enum RosterFixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let district = root.appendingPathComponent("district").path
    static let clever = root.appendingPathComponent("clever").path

    /// A new folder for one test.
    static func folder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roster-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// One session as `grade` records it.
    struct Session {
        var classPath = "/district/north"
        var path: String
        var student: String
        var studentID: String?
        var level: Int
        var solved: Bool
        var stars: Int
        var attempts: Int
        var recordedAt: String
    }

    /// The term's sessions: each Emma once, Maya before and after her move (level 3 in both classes), a session
    /// whose name ("Emma") names both Emmas, and Zoe by name only.
    static let sessions = [
        Session(path: "emma-1", student: "Emma Hansen", studentID: "stu-1", level: 3, solved: true, stars: 3, attempts: 2, recordedAt: "2026-10-01T09:00:00Z"),
        Session(classPath: "/district/south", path: "emma-2", student: "Emma Hansen", studentID: "stu-2", level: 3, solved: false, stars: 0, attempts: 4, recordedAt: "2026-10-02T09:00:00Z"),
        Session(path: "maya-a", student: "Maya", studentID: nil, level: 3, solved: true, stars: 2, attempts: 3, recordedAt: "2026-11-10T09:00:00Z"),
        Session(path: "maya-b", student: "Maya", studentID: "stu-3", level: 4, solved: true, stars: 3, attempts: 1, recordedAt: "2026-11-20T09:00:00Z"),
        Session(path: "maya-c", student: "Maya Berg", studentID: "stu-3", level: 3, solved: true, stars: 3, attempts: 1, recordedAt: "2026-11-21T09:00:00Z"),
        Session(path: "ghost", student: "Emma", studentID: nil, level: 3, solved: true, stars: 1, attempts: 5, recordedAt: "2026-11-22T09:00:00Z"),
        Session(classPath: "/district/south", path: "zoe", student: "Zoe", studentID: nil, level: 4, solved: false, stars: 0, attempts: 2, recordedAt: "2026-11-23T09:00:00Z"),
    ]

    /// Writes `sessions` into the gradebook at `path` (made with the newest schema first), each with its grading.
    static func record(_ sessions: [Session], into path: String) throws {
        _ = try Gradebook(path: path, cardbotVersion: "test")
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in
            for session in sessions {
                try db.execute(
                    sql: """
                        INSERT INTO grading (fingerprint, settings, level, level_name, attempts, solved, stars, frames,
                            unreadable_frames, final_program, shown_program, recorded_at, graded_at, cardbot_version)
                        VALUES (?, 'test', ?, ?, ?, ?, ?, 10, 0, 'forward', 'forward', ?, '2026-12-01T00:00:00Z', 'test')
                        """,
                    arguments: [session.classPath + "/" + session.path, session.level, "Level \(session.level)", session.attempts,
                                session.solved, session.stars, session.recordedAt])
                try db.execute(
                    sql: "INSERT INTO session (class, path, student, grading_id, graded_at, student_id) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [session.classPath, session.path, session.student, db.lastInsertedRowID, "2026-12-01T00:00:00Z", session.studentID])
                // As `grade` does, the class itself (named as its key), which a part must hold for its sessions.
                try db.execute(
                    sql: "INSERT INTO class_folder (class, name, folder, source) VALUES (?, ?, ?, 'path') ON CONFLICT (class) DO NOTHING",
                    arguments: [session.classPath, session.classPath, session.classPath])
            }
        }
    }

    /// A gradebook at `path` holding the district roster and `sessions` (recorded first, then the roster imported,
    /// which ties the sessions without an id to their student by name).
    static func gradebook(_ path: String, sessions: [Session] = RosterFixture.sessions) throws {
        try record(sessions, into: path)
        _ = try RosterImport.run([district], gradebook: path, cardbotVersion: "test")
    }

    /// Every row of `table`, as text, in order.
    static func rows(_ table: String, in path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2").map { row in
                row.databaseValues.map { "\($0)" }.joined(separator: "|")
            }
        }
    }
}
