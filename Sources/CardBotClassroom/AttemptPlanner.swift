/// Works out which programs a child ran, from the card readings of a session's frames.
///
/// With run marks (`session.json`'s `runs`), each mark runs the program current at that frame.
/// Without them, every new stable program with at least one card is an attempt.
public enum AttemptPlanner {
    /// One program the child ran.
    public struct Attempt: Sendable, Equatable {
        /// 1-based attempt number.
        public var number: Int
        /// The frame (index into the session's frames) at which it ran.
        public var frame: Int
        /// The program as marker ids in reading order.
        public var markers: [Int]
    }

    /// The attempts in a session.
    ///
    /// - Parameters:
    ///   - readings: One entry per frame in playing order: the marker ids read, or nil when the frame was unreadable.
    ///   - runFrames: Frame indices of the run marks, or nil when the session has none.
    ///   - stableFrames: How many consecutive equal readings make a new program.
    /// - Returns: The attempts and the final program (the one current after the last frame).
    public static func attempts(
        readings: [[Int]?], runFrames: [Int]?, stableFrames: Int
    ) -> (attempts: [Attempt], finalProgram: [Int]) {
        var tracker = ProgramTracker(stableFrames: stableFrames)
        var attempts: [Attempt] = []
        var marks = runFrames.map { Set($0) }
        for (frame, reading) in readings.enumerated() {
            let changed = reading.flatMap { tracker.observe($0) }
            if var remaining = marks {
                if remaining.remove(frame) != nil {
                    attempts.append(Attempt(number: attempts.count + 1, frame: frame, markers: tracker.current))
                }
                marks = remaining
            } else if let program = changed, !program.isEmpty {
                attempts.append(Attempt(number: attempts.count + 1, frame: frame, markers: program))
            }
        }
        return (attempts, tracker.current)
    }
}
