import CardBotClassroom
import CardBotSession
import Foundation
import Testing

@Suite("Grading: stars, median, order, summary, shards")
struct GradeModelTests {
    struct StarsCase: Sendable, CustomStringConvertible {
        var solved: Bool
        var attempts: Int
        var cards: Int?
        var optimal: Int?
        var maxCards: Int?
        var stars: Int
        var description: String { "solved \(solved), \(attempts) attempts, cards \(cards as Any), optimal \(optimal as Any), max \(maxCards as Any)" }
    }

    @Test(
        "stars follow the rule",
        arguments: [
            StarsCase(solved: true, attempts: 1, cards: 5, optimal: 5, maxCards: 10, stars: 3),
            StarsCase(solved: true, attempts: 4, cards: 6, optimal: 5, maxCards: 10, stars: 2),
            StarsCase(solved: true, attempts: 1, cards: 8, optimal: nil, maxCards: 8, stars: 3),
            StarsCase(solved: true, attempts: 1, cards: 9, optimal: nil, maxCards: 8, stars: 2),
            StarsCase(solved: true, attempts: 1, cards: 9, optimal: 5, maxCards: 9, stars: 2),
            StarsCase(solved: true, attempts: 1, cards: 40, optimal: nil, maxCards: nil, stars: 3),
            StarsCase(solved: false, attempts: 3, cards: nil, optimal: 5, maxCards: 10, stars: 1),
            StarsCase(solved: false, attempts: 0, cards: nil, optimal: 5, maxCards: 10, stars: 0),
        ])
    func stars(_ row: StarsCase) {
        #expect(
            SessionGrade.stars(
                solved: row.solved, attempts: row.attempts, cards: row.cards, optimal: row.optimal, maxCards: row.maxCards)
                == row.stars)
    }

    @Test("the median of an odd count is the middle, of an even count the mean of the two middles")
    func median() {
        #expect(Median.of([]) == nil)
        #expect(Median.of([7]) == 7)
        #expect(Median.of([5, 1, 3]) == 3)
        #expect(Median.of([4, 1, 3, 2]) == 2.5)
        #expect(Median.of([2, 2, 9, 2]) == 2)
    }

    @Test("grades are ordered by student, then level (none last), then path, in natural order")
    func order() {
        let rows = [
            SessionGrade(path: "b/x", student: "student10", level: 1),
            SessionGrade(path: "a", student: "student2", level: nil),
            SessionGrade(path: "c10", student: "student2", level: 3),
            SessionGrade(path: "c9", student: "student2", level: 3),
            SessionGrade(path: "d", student: "student2", level: 1),
            SessionGrade(path: "e", student: "Student1", level: 12),
        ]
        let sorted = ClassGrade(classPath: "class", grades: rows).grades.map(\.path)
        #expect(sorted == ["e", "d", "c9", "c10", "a", "b/x"])
    }

    @Test("the summary counts sessions, students, errors and each level's solvers and median attempts")
    func summary() {
        let grade = ClassGrade(classPath: "class", grades: SampleGrades.all)
        let summary = grade.summary
        #expect(summary.sessions == 5)
        #expect(summary.errors == 1)
        #expect(summary.students == 4)
        #expect(summary.frames == 31 + 24 + 20 + 5)
        #expect(summary.unreadableFrames == 1)
        #expect(summary.levels.map(\.level) == [1, 2])
        let first = summary.levels[0]
        #expect(first.sessions == 3)
        #expect(first.students == 3)
        #expect(first.solved == 1)
        #expect(first.medianAttempts == 2)
        #expect(first.medianAttemptsToSolve == 2)
        #expect(first.stars == [1, 1, 0, 1])
        #expect(summary.levels[1].stars == [0, 0, 1, 0])
        #expect(grade.hasErrors)
    }

    @Test("level figures count distinct students and solvers, and take the median over the plays that solved it")
    func levelFigures() {
        let sessions = [
            SessionGrade(
                path: "a", student: "ana", level: 2, attempts: 4, solved: true, stars: 2,
                firstSuccess: .init(attempt: 3, frame: "f3", seconds: 3)),
            SessionGrade(path: "b", student: "ana", level: 2, attempts: 1, solved: false, stars: 1),
            SessionGrade(path: "c", student: "bo", level: 2, attempts: 2, solved: false, stars: 1),
        ]
        // A class: each session is one play.
        let bySession = LevelFigures(key: LevelKey(number: 2), levelName: "Two", sessions: sessions)
        #expect(bySession.sessions == 3 && bySession.students == 2 && bySession.solved == 1 && bySession.solveRate == 0.5)
        #expect(bySession.medianAttempts == 2 && bySession.medianAttemptsToSolve == 3 && bySession.stars == [0, 2, 1, 0])
        // A term: each student's sessions up to her first success are one play.
        let plays: [LevelFigures.Play] = [
            .init(student: "id:stu-1", solved: true, attemptsToSolve: 5),
            .init(student: "name:bo", solved: false, attemptsToSolve: nil),
            .init(student: "name:cy", solved: true, attemptsToSolve: 2),
        ]
        let byStudent = LevelFigures(key: LevelKey(number: 2), levelName: "Two", sessions: sessions, plays: plays)
        #expect(byStudent.students == 3 && byStudent.solved == 2 && byStudent.medianAttemptsToSolve == 3.5)
        #expect(byStudent.sessions == 3 && byStudent.levelTitle == "Two")
    }

    @Test("shards are disjoint, cover the class and keep its order", arguments: [1, 2, 3, 7])
    func shards(count: Int) throws {
        let items = Array(0..<20)
        var seen: [Int] = []
        for index in 1...count {
            let part = try #require(Shard(index: index, count: count)).select(items)
            #expect(part == part.sorted())
            seen += part
        }
        #expect(seen.sorted() == items)
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        #expect(Shard("0/3") == nil)
        #expect(Shard("4/3") == nil)
        #expect(Shard("x") == nil)
    }

    @Test("the progress line shows the bar, sessions done, frames per second and time left")
    func progressLine() {
        let progress = GradeProgress(sessionsDone: 3, sessions: 10, framesDone: 50, frames: 200, seconds: 5)
        let line = progress.line(width: 80)
        #expect(line.contains("3/10 sessions"))
        #expect(line.contains("10 frames/s"))
        #expect(line.contains("0:15 left"))
        #expect(line.count <= 80)
        #expect(line.hasPrefix("[##"))
    }
}
