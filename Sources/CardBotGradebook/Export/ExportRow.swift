/// One student's standing on one level in one roster class, as exports write it: the best of her sessions on
/// that level while she was in that class.
public struct ExportRow: Sendable, Equatable {
    /// The student's roster id; nil for a session tied to no roster student (the generic CSV only).
    public var studentID: String?
    /// The name the student is shown by: the roster's full name, else the sessions' name.
    public var studentName: String
    /// The roster student, when known.
    public var student: RosterStudent?
    /// The roster class she was in on the sessions' days; nil when none covers them.
    public var classID: String?
    /// The class's title.
    public var classTitle: String?
    /// The level.
    public var level: Int
    /// Its title.
    public var levelName: String
    /// Whether some session solved it.
    public var solved: Bool
    /// The best stars (0 to 3).
    public var stars: Int
    /// Programs run, over the sessions.
    public var attempts: Int
    /// Sessions.
    public var sessions: Int
    /// The first day played (`YYYY-MM-DD`).
    public var firstDay: String
    /// The day of the first session that solved it.
    public var solvedOn: String?
    /// The latest time any of the sessions was recorded (ISO 8601).
    public var lastRecorded: String
}
