/// One level's figures: how many students played it and solved it, the median attempts to solve it, and how its
/// sessions went (attempts and stars).
///
/// The class summary (``ClassSummary``) and the term's progress count them the same way; they differ only in what
/// one play of the level is: in a class each session is one play, over a term all of a student's sessions of the
/// level are one (her attempts to solve add up over her sessions until the first success).
public struct LevelFigures: Sendable, Equatable {
    /// One play of the level by one student, as the figures count it.
    public struct Play: Sendable, Equatable {
        /// Who played: the same text for every play of one student.
        public var student: String
        /// True when the play solved the level.
        public var solved: Bool
        /// The attempts it took to solve the level; nil when it was not solved.
        public var attemptsToSolve: Int?

        /// Creates a play.
        public init(student: String, solved: Bool, attemptsToSolve: Int?) {
            self.student = student
            self.solved = solved
            self.attemptsToSolve = attemptsToSolve
        }

        /// A session as one play: its student, whether it solved the level, and the number of its first success.
        public init(_ grade: SessionGrade) {
            self.init(student: grade.student, solved: grade.solved, attemptsToSolve: grade.firstSuccess?.attempt)
        }
    }

    /// The level's number.
    public var level: Int
    /// The session's own level file, or nil for a curriculum level.
    public var levelFile: String?
    /// The level's title, as its level file names it.
    public var levelName: String
    /// The level's title in the reader's language, when it differs.
    public var shownLevelName: String? = nil
    /// Which level these figures are for.
    public var key: LevelKey { LevelKey(number: level, file: levelFile) }
    /// The level's title as reports show it.
    public var levelTitle: String { key.title(shownLevelName ?? levelName) }
    /// Graded sessions on this level.
    public var sessions: Int
    /// Distinct students who played it.
    public var students: Int
    /// Distinct students who solved it.
    public var solved: Int
    /// solved / students.
    public var solveRate: Double? { students > 0 ? Double(solved) / Double(students) : nil }
    /// The median number of attempts over the graded sessions.
    public var medianAttempts: Double?
    /// The median of the plays' attempts to solve, over the plays that solved it.
    public var medianAttemptsToSolve: Double?
    /// How many sessions got 0, 1, 2 and 3 stars.
    public var stars: [Int]

    /// The figures of level `key`, titled `levelName` (`shownLevelName` in the reader's language, when it differs),
    /// over its graded `sessions` and the students' `plays` of it (by default each session is one play).
    public init(
        key: LevelKey, levelName: String, shownLevelName: String? = nil, sessions: [SessionGrade], plays: [Play]? = nil
    ) {
        let plays = plays ?? sessions.map(Play.init)
        level = key.number
        levelFile = key.file
        self.levelName = levelName
        self.shownLevelName = shownLevelName
        self.sessions = sessions.count
        students = Set(plays.map(\.student)).count
        solved = Set(plays.filter(\.solved).map(\.student)).count
        medianAttempts = Median.of(sessions.map(\.attempts))
        medianAttemptsToSolve = Median.of(plays.compactMap(\.attemptsToSolve))
        var stars = [0, 0, 0, 0]
        for session in sessions { if let count = session.stars, (0...3).contains(count) { stars[count] += 1 } }
        self.stars = stars
    }
}
