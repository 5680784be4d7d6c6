import CardBotTracking
import Testing

@Suite("Stable program tracking in seconds")
struct ProgramTrackerTests {
    /// Feeds readings (nil = unreadable frame) at `fps` and returns (time, program) for every change.
    static func changes(_ readings: [[Int]?], fps: Double = 2, stable: Double = 1) -> [(Double, [Int])] {
        var tracker = ProgramTracker(stableSeconds: stable)
        var result: [(Double, [Int])] = []
        for (index, reading) in readings.enumerated() {
            guard let reading else { continue }
            let seconds = Double(index) / fps
            if let program = tracker.observe(reading, at: seconds) { result.append((seconds, program)) }
        }
        return result
    }

    @Test("a program becomes current once it has been seen unchanged for the stable time")
    func accept() {
        let found = Self.changes([[0], [0], [0], [0]], fps: 2, stable: 1)
        #expect(found.map(\.0) == [1.0])
        #expect(found.map(\.1) == [[0]])
    }

    @Test("the same stable time is the same moment at 2, 5 and 30 frames a second", arguments: [2.0, 5.0, 30.0])
    func rateIndependent(fps: Double) {
        // The card lies from 0 s; a hand covers it from 3 s to 3.4 s; a second card lies from 5 s.
        let frames = Int(8 * fps)
        let readings: [[Int]?] = (0..<frames).map { index in
            let t = Double(index) / fps
            if t >= 3 && t < 3.4 { return [] }
            return t < 5 ? [0] : [0, 1]
        }
        let found = Self.changes(readings, fps: fps, stable: 0.5)
        #expect(found.map(\.1) == [[0], [0, 1]])
        // Accepted at the first frame 0.5 s after the program appeared: within one frame of 0.5 s and 5.5 s.
        #expect(abs(found[0].0 - 0.5) < 1 / fps + 1e-9)
        #expect(abs(found[1].0 - 5.5) < 1 / fps + 1e-9)
    }

    @Test("a hand passing for less than the stable time never changes the program")
    func occlusion() {
        let program = [0, 0, 1]
        let readings: [[Int]?] = [program, program, program, [0], program, program]
        let found = Self.changes(readings, fps: 2, stable: 1)
        #expect(found.map(\.1) == [program])
    }

    @Test("unreadable frames neither count nor break a run")
    func unreadable() {
        // Readable frames at 0, 1, 2 s (every other frame at 2 fps is unreadable): accepted at 1 s with stable 1 s.
        let found = Self.changes([[3], nil, [3], nil, [3]], fps: 2, stable: 1)
        #expect(found.map(\.0) == [1.0])
    }

    @Test("an interrupted run starts timing again")
    func interrupted() {
        let found = Self.changes([[1], [1], [2], [1], [1], [1]], fps: 2, stable: 1)
        #expect(found.map(\.0) == [2.5])
    }

    @Test("removing every card makes the empty program current")
    func cleared() {
        let found = Self.changes([[1], [1], [1], [], [], []], fps: 2, stable: 1)
        #expect(found.map(\.1) == [[1], []])
    }

    @Test("a stable time of 0 accepts each new reading at once")
    func immediate() {
        let found = Self.changes([[1], [2], [2], [3]], fps: 1, stable: 0)
        #expect(found.map(\.1) == [[1], [2], [3]])
    }
}
