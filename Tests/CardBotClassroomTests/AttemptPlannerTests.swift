import CardBotClassroom
import Testing

@Suite("Attempts from frame readings")
struct AttemptPlannerTests {
    @Test("without run marks, every new stable non-empty program is an attempt")
    func stablePrograms() {
        let readings: [[Int]?] = [[], [], [], [0], [0], [0], [0, 1], [0, 1], [0, 1], [], [], []]
        let result = AttemptPlanner.attempts(readings: readings, runFrames: nil, stableFrames: 3)
        #expect(result.attempts.map(\.markers) == [[0], [0, 1]])
        #expect(result.attempts.map(\.frame) == [5, 8])
        #expect(result.attempts.map(\.number) == [1, 2])
        #expect(result.finalProgram == [])
    }

    @Test("with run marks, each mark runs the program current at that frame, even an unchanged one")
    func runMarks() {
        let readings: [[Int]?] = [[0], [0], [0], [0, 1], nil, [0, 1], [0, 1], [0, 1]]
        let result = AttemptPlanner.attempts(readings: readings, runFrames: [2, 4, 7], stableFrames: 3)
        #expect(result.attempts.map(\.markers) == [[0], [0], [0, 1]])
        #expect(result.attempts.map(\.frame) == [2, 4, 7])
        #expect(result.finalProgram == [0, 1])
    }

    @Test("a run mark before any program runs the empty program")
    func earlyMark() {
        let result = AttemptPlanner.attempts(readings: [[0], [0], [0]], runFrames: [0], stableFrames: 3)
        #expect(result.attempts.map(\.markers) == [[]])
        #expect(result.finalProgram == [0])
    }

    @Test("a brief occlusion between two identical programs makes no new attempt")
    func occlusion() {
        let readings: [[Int]?] = [[2, 2], [2, 2], [2, 2], [2], [2, 2], [2, 2]]
        let result = AttemptPlanner.attempts(readings: readings, runFrames: nil, stableFrames: 3)
        #expect(result.attempts.map(\.markers) == [[2, 2]])
    }
}
