import GRDB

/// A student in a class (a row of `enrollment`), from a day to a day: OneRoster's `enrollments.csv` (role
/// `student`), Clever's `enrollments.csv`. A student who changes class mid-term has two, one ending the day
/// before the other begins; exports give each session to the class she was in on its day.
public struct RosterEnrollment: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "enrollment"

    /// The class's id.
    public var classID: String
    /// The student's id.
    public var studentID: String
    /// The first day (`YYYY-MM-DD`), nil: since the start.
    public var beginDate: String?
    /// The last day (`YYYY-MM-DD`), nil: still enrolled.
    public var endDate: String?

    enum CodingKeys: String, CodingKey {
        case classID = "class_id"
        case studentID = "student_id"
        case beginDate = "begin_date"
        case endDate = "end_date"
    }

    /// Creates an enrollment.
    public init(classID: String, studentID: String, beginDate: String? = nil, endDate: String? = nil) {
        self.classID = classID
        self.studentID = studentID
        self.beginDate = beginDate
        self.endDate = endDate
    }

    /// Whether the enrollment covers `day` (`YYYY-MM-DD`).
    public func covers(_ day: String) -> Bool {
        (beginDate.map { $0 <= day } ?? true) && (endDate.map { day <= $0 } ?? true)
    }
}
