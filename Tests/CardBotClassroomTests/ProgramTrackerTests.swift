import CardBotClassroom
import Testing

@Suite("Stable program tracking")
struct ProgramTrackerTests {
    /// Feeds readings (nil = unreadable frame) and returns (frame index, program) for every change.
    static func changes(_ readings: [[Int]?], stable: Int = 3) -> [(Int, [Int])] {
        var tracker = ProgramTracker(stableFrames: stable)
        var result: [(Int, [Int])] = []
        for (index, reading) in readings.enumerated() {
            guard let reading else { continue }
            if let program = tracker.observe(reading) { result.append((index, program)) }
        }
        return result
    }

    @Test("a program becomes current on its K-th consecutive frame")
    func accept() {
        let found = Self.changes([[0], [0], [0], [0]])
        #expect(found.map(\.0) == [2])
        #expect(found.map(\.1) == [[0]])
    }

    @Test("a hand passing for fewer than K frames never changes the program")
    func occlusion() {
        let program = [0, 0, 1]
        let readings: [[Int]?] = [program, program, program, [0], [], program, program]
        let found = Self.changes(readings)
        #expect(found.map(\.1) == [program])
    }

    @Test("a rearrangement is accepted after exactly K frames, even after a program was set")
    func rearrangement() {
        let first = [0, 1, 0]
        let second = [0, 2, 0]
        let found = Self.changes([first, first, first, second, second, second, second])
        #expect(found.map(\.0) == [2, 5])
        #expect(found.map(\.1) == [first, second])
    }

    @Test("unreadable frames neither count nor break a run", arguments: [1, 2, 3, 5])
    func unreadable(stable: Int) {
        var readings: [[Int]?] = []
        for _ in 0..<stable { readings.append([3]); readings.append(nil) }
        let found = Self.changes(readings, stable: stable)
        #expect(found.map(\.0) == [2 * stable - 2])
    }

    @Test("an interrupted run starts counting again")
    func interrupted() {
        let found = Self.changes([[1], [1], [2], [1], [1], [1]])
        #expect(found.map(\.0) == [5])
    }

    @Test("removing every card makes the empty program current after K frames")
    func cleared() {
        let found = Self.changes([[1], [1], [1], [], [], []])
        #expect(found.map(\.1) == [[1], []])
    }
}
