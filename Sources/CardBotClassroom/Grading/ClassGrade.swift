import CardBotLesson
import CardBotSupport

/// A graded class: every session's grade in report order, the summary, and the pictures for the HTML report.
public struct ClassGrade: Sendable {
    /// The class folder as given (JSON reports keep it).
    public var classPath: String
    /// The class's name as pages and the terminal title it: `--class-name`, else the folder's own name (`4b` for
    /// `.` typed inside `/school/4b`), never the path as typed.
    public var className: String
    /// Every session's grade, sorted by student, then level, then path.
    public var grades: [SessionGrade]
    /// The class at a glance.
    public var summary: ClassSummary
    /// Pictures by session path (only when they were asked for), in constant memory however large the class.
    public var pictures: PictureShelf
    /// Warnings for standard error, by session path: the pictures that could not be made (``SessionPictures/notMade``).
    public var warnings: [(path: String, text: String)] = []
    /// What goes wrong: the failed attempts' first wrong cards, by card, concept and level, and the fixes tried
    /// (curriculum levels only; empty when the levels were not given).
    public var misconceptions: Misconceptions

    /// Creates a graded class with the pictures on `shelf`; the grades are put in report order. `levels` (the
    /// curriculum levels the sessions played, by number) let the misconceptions be counted.
    public init(
        classPath: String, grades: [SessionGrade], shelf: PictureShelf, className: String? = nil, levels: [Int: Level] = [:]
    ) {
        self.classPath = classPath
        self.className = className ?? Self.name(ofFolder: classPath)
        self.grades = grades.sorted(by: SessionGrade.reportOrder)
        self.summary = ClassSummary(self.grades)
        self.pictures = shelf
        self.misconceptions = Misconceptions(grades: self.grades, levels: levels)
    }

    /// Creates a graded class; the grades are put in report order.
    public init(
        classPath: String, grades: [SessionGrade], pictures: [String: SessionPictures] = [:], levels: [Int: Level] = [:]
    ) {
        self.init(classPath: classPath, grades: grades, shelf: PictureShelf(pictures), levels: levels)
    }

    /// The last component of `path` once `.`, `..` and links are resolved (`/` for the root).
    public static func name(ofFolder path: String) -> String {
        FileSystem.absolute(path).split(separator: "/").last.map(String.init) ?? "/"
    }

    /// True when some session could not be graded.
    public var hasErrors: Bool { grades.contains { $0.error != nil } }
}

/// The pictures of one session for the HTML report, as PNG files (never raw pixels).
public struct SessionPictures: Sendable {
    /// The last readable frame, small, with the cards outlined.
    public var thumbnail: [UInt8]?
    /// The level's map with the robot's path.
    public var map: [UInt8]?
    /// Each attempt's short AR replay as a GIF, in order, as many as fit `SessionPainter.replayBudget`.
    public var replays: [(attempt: Int, gif: [UInt8])] = []
    /// Attempts whose replays were left out to keep the page small.
    public var replaysLeftOut = 0
    /// Each attempt's cards as read, cut from its frame (small JPEG images), by attempt number, in program order;
    /// nil where that frame does not show the card.
    public var crops: [Int: [[UInt8]?]] = [:]
    /// The pictures that could not be made, each with the reason ("the replay of attempt 2: No space left on
    /// device"): told on standard error and in the report, never left out in silence.
    public var notMade: [String] = []

    /// Creates pictures.
    public init(thumbnail: [UInt8]? = nil, map: [UInt8]? = nil) {
        self.thumbnail = thumbnail
        self.map = map
    }
}
