/// The class at a glance: how many sessions, students and errors, and for each level how many solved it.
public struct ClassSummary: Sendable, Equatable {
    /// Every session, graded or not.
    public var sessions: Int
    /// Sessions that could not be graded.
    public var errors: Int
    /// Graded sessions whose grade needs the teacher's look (``SessionGrade/needsReview``).
    public var needReview: Int
    /// Distinct students.
    public var students: Int
    /// Frames in all graded sessions.
    public var frames: Int
    /// Unreadable frames in all graded sessions.
    public var unreadableFrames: Int
    /// Figures per level, each session one play: curriculum levels by number, then own levels (see ``LevelKey``).
    public var levels: [LevelFigures]

    /// The summary of `grades`.
    public init(_ grades: [SessionGrade]) {
        sessions = grades.count
        errors = grades.filter { $0.error != nil }.count
        needReview = grades.filter { $0.error == nil && $0.needsReview }.count
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
            return LevelFigures(
                key: key, levelName: rows[0].levelName ?? "", shownLevelName: rows[0].shownLevelName, sessions: rows)
        }
    }
}
