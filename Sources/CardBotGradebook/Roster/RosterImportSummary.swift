/// What `cardbot roster import` put into the gradebook.
public struct RosterImportSummary: Sendable, Equatable {
    /// Schools, students, classes and enrollments written (new or updated).
    public var schools = 0, students = 0, classes = 0, enrollments = 0
    /// Rows left out on purpose (teachers, `tobedeleted`, orgs that are not schools).
    public var leftOut = 0
    /// Sessions already in the gradebook that are now tied to a student id by their name.
    public var sessionsMatched = 0

    /// Creates an empty summary.
    public init() {}
}
