import GRDB

/// A student of the roster (a row of `student`): OneRoster's `users.csv` (role `student`), Clever's
/// `students.csv`. Sessions are tied to students by ``id``, never by name.
public struct RosterStudent: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "student"

    /// The student's id in the roster (OneRoster `sourcedId`, Clever `Student_id`): what `studentId` in
    /// session.json names.
    public var id: String
    /// The given (first) name.
    public var givenName: String
    /// The family (last) name.
    public var familyName: String
    /// The grade (OneRoster `grades`, Clever `Grade`), as the roster writes it; nil when not given.
    public var grade: String?
    /// The school's id (OneRoster's first `orgSourcedIds`, Clever `School_id`); nil when not given.
    public var schoolID: String?
    /// The user name (OneRoster `username`, Clever `Student_number`); nil when not given.
    public var username: String?

    enum CodingKeys: String, CodingKey {
        case id, grade, username
        case givenName = "given_name"
        case familyName = "family_name"
        case schoolID = "school_id"
    }

    /// Creates a student.
    public init(id: String, givenName: String, familyName: String, grade: String? = nil, schoolID: String? = nil, username: String? = nil) {
        self.id = id
        self.givenName = givenName
        self.familyName = familyName
        self.grade = grade
        self.schoolID = schoolID
        self.username = username
    }

    /// "Given Family", as reports show the student.
    public var fullName: String {
        [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The initials ("E. H." for Emma Hansen), as anonymised reports show the student.
    public var initials: String {
        [givenName, familyName].compactMap { $0.first.map { "\($0)." } }.joined(separator: " ")
    }
}
