import CardBotClassroom
import CardBotLesson
import CardBotSupport
import CardBotTestSupport
import Foundation
import Testing

/// What goes wrong in a class: exact counts on a synthesized class with known mistakes (``MistakeClass``), in
/// words, in JSON and in the HTML report.
@Suite("misconceptions")
struct MisconceptionsTests {
    /// The curriculum's levels by number.
    static func curriculum() throws -> [Int: Level] {
        let levels = Misconceptions.curriculum(PackageRoot.path("Levels"))
        try #require(levels[3]?.name == "Left and right" && levels[4]?.name == "Jump over the water")
        return levels
    }

    /// The class's grades, as grading would make them: one session per child, every attempt in its history.
    static func grades() -> [SessionGrade] {
        MistakeClass.sessions.map { session in
            let history = session.attempts.enumerated().map { index, attempt in
                AttemptRecord(
                    number: index + 1, frame: "frame-\(index + 1).jpg", seconds: Double(index * 10), program: attempt.program,
                    solved: attempt.solved, reason: attempt.solved ? "goal" : "bumped", message: "")
            }
            let solvedAt = session.attempts.firstIndex { $0.solved }
            return SessionGrade(
                path: "\(session.student)/level-\(session.level)", student: session.student, level: session.level,
                levelName: session.level == 3 ? "Left and right" : "Jump over the water", attempts: history.count,
                solved: solvedAt != nil, stars: solvedAt != nil ? 3 : 1,
                firstSuccess: solvedAt.map { .init(attempt: $0 + 1, frame: "frame-\($0 + 1).jpg", seconds: Double($0 * 10)) },
                frames: 20, finalProgram: history.last!.program, shownProgram: history.last!.program, history: history)
        }
    }

    /// The known mistakes' counts (see ``MistakeClass``), checked one by one.
    static func expectKnownCounts(_ m: Misconceptions) {
        #expect(m.attempts == 11)
        #expect(m.failed == 7)
        #expect(m.placed == 7)
        let concepts = Dictionary(uniqueKeysWithValues: m.concepts.map { ($0.name, [$0.failed, $0.used, $0.students]) })
        #expect(m.concepts.map(\.name) == ["sequence", "turning", "jump", "loops", "conditionals", "functions"])
        #expect(concepts["turning"] == [3, 8, 3])
        #expect(concepts["sequence"] == [3, 11, 3])
        #expect(concepts["jump"] == [1, 2, 1])
        #expect(concepts["loops"] == [0, 0, 0] && concepts["conditionals"] == [0, 0, 0] && concepts["functions"] == [0, 0, 0])
        #expect(m.cards.map(\.name) == ["left", "forward", "jump"])
        #expect(m.cards.map { [$0.failed, $0.used, $0.students] } == [[3, 7, 3], [2, 11, 2], [1, 2, 1]])
        let mistakes = m.mistakes.map { "L\($0.level) \($0.kind.rawValue) \($0.card ?? "-") \($0.corner.map(String.init) ?? "-") \($0.attempts)/\($0.students)/\($0.studentsOnLevel)" }
        #expect(mistakes == [
            "L3 wrong-turn left 1 2/2/5",
            "L3 one-forward-too-few left 2 1/1/5",
            "L3 missed-turn forward 2 1/1/5",
            "L3 stopped-one-short - - 1/1/5",
            "L4 jumped-too-early jump - 1/1/2",
            "L4 missed-jump forward - 1/1/2",
        ])
        #expect(m.mistakes.first?.expected == "right")
        let fixes = m.fixes.map { "\($0.edit.kind.rawValue) \($0.edit.from ?? "-") \($0.edit.to ?? "-") \($0.times)/\($0.students)" }
        #expect(fixes == ["changed left right 2/2", "inserted - forward 2/2"])
    }

    @Test("a class with known mistakes: exact counts by card, concept, level and fix")
    func exactCounts() throws {
        let grade = ClassGrade(classPath: "mistakes", grades: Self.grades(), levels: try Self.curriculum())
        Self.expectKnownCounts(grade.misconceptions)
    }

    @Test("without the levels, or on a session's own level file, nothing is counted")
    func onlyCurriculumLevels() throws {
        #expect(ClassGrade(classPath: "mistakes", grades: Self.grades()).misconceptions.isEmpty)
        var own = Self.grades()
        for index in own.indices { own[index].levelFile = "\(own[index].path)/level.json" }
        #expect(ClassGrade(classPath: "mistakes", grades: own, levels: try Self.curriculum()).misconceptions.isEmpty)
    }

    @Test("the teacher's sentences: each level's most common mistake, the concepts, the typical fixes")
    func sentences() throws {
        let said = ClassGrade(classPath: "mistakes", grades: Self.grades(), levels: try Self.curriculum()).misconceptions.sentences
        #expect(said == [
            "2 of 5 students on L3 Left and right turned the wrong way at the first corner: 2 attempts.",
            "1 of 2 students on L4 Jump over the water jumped too early: 1 attempt.",
            "Failed attempts by concept of the first wrong card (7 attempts): sequence 3, turning 3, jump 1.",
            "Typical fixes between attempts: left changed to right (2 times); forward put in (2 times).",
        ])
        var most = try #require(ClassGrade(classPath: "mistakes", grades: Self.grades(), levels: try Self.curriculum()).misconceptions.mistakes.first)
        most.studentsOnLevel = 3
        #expect(Misconceptions.sentence(most) == "Most students on L3 Left and right (2 of 3) turned the wrong way at the first corner: 2 attempts.")
    }

    @Test("the class JSON carries the counts under misconceptions")
    func json() throws {
        let grade = ClassGrade(classPath: "mistakes", grades: Self.grades(), levels: try Self.curriculum())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ClassJSON.text(for: grade).utf8)) as? [String: Any])
        let m = try #require(object["misconceptions"] as? [String: Any])
        #expect(m["attempts"] as? Int == 11 && m["failed"] as? Int == 7 && m["placed"] as? Int == 7)
        let mistakes = try #require(m["mistakes"] as? [[String: Any]])
        #expect(mistakes.count == 6)
        #expect(mistakes[0]["kind"] as? String == "wrong-turn" && mistakes[0]["corner"] as? Int == 1 && mistakes[0]["students"] as? Int == 2)
        #expect(mistakes[0]["card"] as? String == "left" && mistakes[0]["expected"] as? String == "right")
        let fixes = try #require(m["fixes"] as? [[String: Any]])
        #expect(fixes.first?["from"] as? String == "left" && fixes.first?["times"] as? Int == 2)
    }

    @Test("the fewest edits between two programs: a change, an insertion, a removal")
    func edits() {
        #expect(ProgramEdit.between(["forward", "left"], ["forward", "right"]) == [ProgramEdit(kind: .changed, from: "left", to: "right")])
        #expect(ProgramEdit.between(["jump", "forward"], ["forward", "jump", "forward"]) == [ProgramEdit(kind: .inserted, from: nil, to: "forward")])
        #expect(ProgramEdit.between(["forward", "forward", "jump"], ["forward", "jump"]) == [ProgramEdit(kind: .removed, from: "forward", to: nil)])
        #expect(ProgramEdit.between([], []) == [])
    }
}
