import CardBotClassroom
import CardBotGradebook
import CardBotLesson
import CardBotTestSupport
import Foundation
import GRDB
import Testing

/// Misconceptions read back from gradebooks: a class graded in two shards and merged (a district) counts exactly
/// what the class does in one run, in the merged class report and in `progress`.
@Suite("misconceptions from the gradebook")
struct MisconceptionsGradebookTests {
    /// Writes `sessions` of ``MistakeClass`` into a new gradebook at `path`, each with its grading and attempts, as
    /// grading records them.
    static func record(_ sessions: ArraySlice<MistakeClass.Session>, into path: String, firstDay: Int) throws {
        _ = try Gradebook(path: path, cardbotVersion: "test")
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in
            for (offset, session) in sessions.enumerated() {
                let solvedAt = session.attempts.firstIndex { $0.solved }
                let day = String(format: "2026-11-%02dT09:00:00Z", firstDay + offset)
                let program = session.attempts.last!.program.joined(separator: " ")
                try db.execute(
                    sql: """
                        INSERT INTO grading (fingerprint, settings, level, level_name, attempts, solved, stars, first_success_attempt,
                            frames, unreadable_frames, final_program, shown_program, recorded_at, graded_at, cardbot_version)
                        VALUES (?, 'test', ?, ?, ?, ?, ?, ?, 20, 0, ?, ?, ?, '2026-12-01T00:00:00Z', 'test')
                        """,
                    arguments: [
                        "fp-\(session.student)", session.level, session.level == 3 ? "Left and right" : "Jump over the water",
                        session.attempts.count, solvedAt != nil, solvedAt != nil ? 3 : 1, solvedAt.map { $0 + 1 }, program,
                        program, day,
                    ])
                let grading = db.lastInsertedRowID
                for (index, attempt) in session.attempts.enumerated() {
                    try db.execute(
                        sql: """
                            INSERT INTO attempt (grading_id, number, frame, seconds, program, solved, reason, message)
                            VALUES (?, ?, ?, ?, ?, ?, ?, '')
                            """,
                        arguments: [
                            grading, index + 1, "frame-\(index + 1).jpg", Double(index * 10),
                            attempt.program.joined(separator: " "), attempt.solved, attempt.solved ? "goal" : "bumped",
                        ])
                }
                try db.execute(
                    sql: "INSERT INTO session (class, path, student, grading_id, graded_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: ["/district/mistakes", "\(session.student)/level-\(session.level)", session.student, grading, day])
            }
            // As `grade` does, the class itself, which a part must hold for its sessions.
            try db.execute(
                sql: "INSERT INTO class_folder (class, name, folder, source) VALUES (?, ?, ?, 'path') ON CONFLICT (class) DO NOTHING",
                arguments: ["/district/mistakes", "/district/mistakes", "/district/mistakes"])
        }
    }

    /// The class's misconceptions counted from the model, as one run of `grade` counts them.
    static func oneRun(_ levels: [Int: Level]) -> Misconceptions {
        Misconceptions(
            sessions: MistakeClass.sessions.map {
                Misconceptions.Session(student: $0.student, level: $0.level, attempts: $0.attempts)
            }, levels: levels)
    }

    @Test("two shards merged: the class report and progress count exactly what one run does")
    func mergedDistrict() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mistakes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let parts = ["\(folder)/part-1.sqlite", "\(folder)/part-2.sqlite"]
        try Self.record(MistakeClass.sessions.prefix(4), into: parts[0], firstDay: 1)
        try Self.record(MistakeClass.sessions.dropFirst(4), into: parts[1], firstDay: 10)
        let levelsDirectory = PackageRoot.path("Levels")
        let levels = Misconceptions.curriculum(levelsDirectory)
        let merged = "\(folder)/district.sqlite"
        let grade = try Gradebook.merging(
            parts, into: merged, class: nil, cardbotVersion: "test", levelsDirectory: levelsDirectory)
        let expected = Self.oneRun(levels)
        #expect(grade.misconceptions == expected)
        #expect(grade.misconceptions.attempts == 11 && grade.misconceptions.failed == 7 && grade.misconceptions.placed == 7)
        let top = try #require(grade.misconceptions.mistakes.first)
        #expect(top.level == 3 && top.kind == .wrongTurn && top.corner == 1 && top.students == 2 && top.studentsOnLevel == 5)
        #expect(grade.misconceptions.fixes.map(\.times) == [2, 2])

        let progress = try TermProgress.recorded(in: merged, levelsDirectory: levelsDirectory, student: nil)
        #expect(progress.misconceptions == expected)
        let lines = ProgressFormat.lines(progress)
        #expect(lines.contains("  2 of 5 students on L3 Left and right turned the wrong way at the first corner: 2 attempts."))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(ProgressFormat.json.text(for: progress, title: "district").utf8)) as? [String: Any])
        let counts = try #require(json["misconceptions"] as? [String: Any])
        #expect(counts["failed"] as? Int == 7)

        // One student's progress counts only her attempts.
        let dee = try TermProgress.recorded(in: merged, levelsDirectory: levelsDirectory, student: "dee")
        #expect(dee.misconceptions.attempts == 1 && dee.misconceptions.mistakes.map(\.kind) == [.missedTurn])
        // Without the levels the merged report counts nothing, and nothing fails.
        let bare = try Gradebook.merging(parts, into: merged, class: nil, cardbotVersion: "test")
        #expect(bare.misconceptions.isEmpty)
    }
}
