/// The class at a glance: how many sessions, students and errors, and for each level how many solved it.
public struct ClassSummary: Sendable, Equatable {
    /// One level's figures.
    public struct LevelFigures: Sendable, Equatable {
        /// The level's number.
        public var level: Int
        /// The session's own level file, or nil for a curriculum level.
        public var levelFile: String?
        /// The level's title, as its level file names it.
        public var levelName: String
        /// Which level these figures are for.
        public var key: LevelKey { LevelKey(number: level, file: levelFile) }
        /// The level's title as reports show it.
        public var levelTitle: String { key.title(shownLevelName ?? levelName) }
        /// Sessions on this level that were graded.
        public var sessions: Int
        /// Distinct students with a graded session on this level.
        public var students: Int
        /// Distinct students who solved it.
        public var solved: Int
        /// The median number of attempts over the graded sessions.
        public var medianAttempts: Double?
        /// The median attempt number of the first success, over the solved sessions.
        public var medianAttemptsToSolve: Double?
        /// How many sessions got 0, 1, 2 and 3 stars.
        public var stars: [Int]
        /// The level's title in the reader's language, when it differs.
        public var shownLevelName: String? = nil
    }

    /// Every session, graded or not.
    public var sessions: Int
    /// Sessions that could not be graded.
    public var errors: Int
    /// Distinct students.
    public var students: Int
    /// Frames in all graded sessions.
    public var frames: Int
    /// Unreadable frames in all graded sessions.
    public var unreadableFrames: Int
    /// Figures per level: curriculum levels by number, then own levels (see ``LevelKey``).
    public var levels: [LevelFigures]

    /// The summary of `grades`.
    public init(_ grades: [SessionGrade]) {
        sessions = grades.count
        errors = grades.filter { $0.error != nil }.count
        students = Set(grades.map(\.student)).count
        let graded = grades.filter { $0.error == nil }
        frames = graded.reduce(0) { $0 + $1.frames }
        unreadableFrames = graded.reduce(0) { $0 + $1.unreadableFrames }
        var byLevel: [LevelKey: [SessionGrade]] = [:]
        for grade in graded {
            if let key = grade.levelKey { byLevel[key, default: []].append(grade) }
        }
        levels = byLevel.keys.sorted().map { key in
            let rows = byLevel[key]!
            var stars = [0, 0, 0, 0]
            for row in rows { if let count = row.stars, (0...3).contains(count) { stars[count] += 1 } }
            return LevelFigures(
                level: key.number, levelFile: key.file, levelName: rows[0].levelName ?? "",
                sessions: rows.count, students: Set(rows.map(\.student)).count,
                solved: Set(rows.filter(\.solved).map(\.student)).count,
                medianAttempts: Median.of(rows.map(\.attempts)),
                medianAttemptsToSolve: Median.of(rows.compactMap { $0.firstSuccess?.attempt }),
                stars: stars, shownLevelName: rows[0].shownLevelName)
        }
    }
}
