import CardBotClassroom
import CardBotGradebook
import CardBotLesson
import CardBotSession
import Foundation
import Testing

/// The gradebook's pure parts: the content hash and the term's progress along the unlock chain.
@Suite("Gradebook")
struct GradebookTests {
    @Test("XXH64 gives the reference values")
    func xxhash() {
        #expect(XXHash64.hash(Array("".utf8)) == 0xEF46_DB37_51D8_E999)
        #expect(XXHash64.hash(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        #expect(XXHash64.hash(Array("Nobody inspects the spammish repetition".utf8)) == 0xFBCE_A83C_8A37_8BF1)
        #expect(XXHash64.hex(0xAB) == "00000000000000ab")
    }

    /// Levels 1 -> 2 -> 3 -> 4, as the level files' `unlocks` chain them.
    static func chain() throws -> [Level] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalog = try LevelCatalog(directory: root.appendingPathComponent("Levels").path)
        let levels = Array(catalog.levels.prefix(4))
        try #require(levels.map(\.number) == [1, 2, 3, 4])
        try #require(levels[0].unlocks == 2 && levels[1].unlocks == 3 && levels[2].unlocks == 4)
        return levels
    }

    static func session(_ student: String, _ level: Int, attempts: Int, solvedAt: Int?, stars: Int, day: String) -> ProgressSession {
        ProgressSession(
            classPath: "class",
            grade: SessionGrade(
                path: "\(student)/\(level)-\(day)", student: student, level: level, levelName: "L\(level)",
                attempts: attempts, solved: solvedAt != nil, stars: stars,
                firstSuccess: solvedAt.map { .init(attempt: $0, frame: "frame-\($0)", seconds: Double($0)) }),
            date: day + "T10:00:00Z")
    }

    @Test("a student's next level follows the unlock chain; attempts to solve add up over sessions; levels' figures")
    func progress() throws {
        let sessions = [
            Self.session("maya", 1, attempts: 2, solvedAt: 2, stars: 3, day: "2026-11-02"),
            Self.session("maya", 2, attempts: 4, solvedAt: nil, stars: 1, day: "2026-11-02"),
            Self.session("maya", 2, attempts: 3, solvedAt: 2, stars: 2, day: "2026-11-09"),
            Self.session("leo", 1, attempts: 1, solvedAt: nil, stars: 1, day: "2026-11-02"),
            Self.session("leo", 3, attempts: 1, solvedAt: 1, stars: 3, day: "2026-11-09"),
        ]
        let progress = TermProgress(sessions: sessions, catalog: try Self.chain())
        #expect(progress.students.map(\.name) == ["leo", "maya"])
        let maya = progress.students[1]
        #expect(maya.solved.map(\.level) == [1, 2])
        #expect(maya.solved[1].attemptsToSolve == 6)
        #expect(maya.solved[1].solvedOn == "2026-11-09")
        #expect(maya.solved[1].stars == 2)
        #expect(maya.next == 3)
        let leo = progress.students[0]
        // Level 3 solved unlocks 4; level 1 is still open and comes first in the chain.
        #expect(leo.available == [1, 4])
        #expect(leo.triedNotSolved.map(\.level) == [1])
        let one = try #require(progress.figures.first { $0.level == 1 })
        #expect(one.students == 2 && one.solved == 1 && one.solveRate == 0.5 && one.medianAttemptsToSolve == 2)
        #expect(progress.days == ["2026-11-02", "2026-11-09"])
        let only = TermProgress(sessions: sessions, catalog: try Self.chain(), student: "leo")
        #expect(only.students.map(\.name) == ["leo"])
    }
}
