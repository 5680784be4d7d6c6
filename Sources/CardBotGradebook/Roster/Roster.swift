/// What roster files say: schools, students, classes and who is in which class when. Read by ``RosterReader``,
/// written into a gradebook by ``Gradebook/importRoster(_:)`` in one transaction.
public struct Roster: Sendable, Equatable {
    /// The schools (OneRoster `orgs.csv` of type `school`, Clever `schools.csv`).
    public var schools: [RosterEntry<RosterSchool>] = []
    /// The students.
    public var students: [RosterEntry<RosterStudent>] = []
    /// The classes.
    public var classes: [RosterEntry<RosterClass>] = []
    /// The enrollments of students in classes.
    public var enrollments: [RosterEntry<RosterEnrollment>] = []
    /// Rows left out on purpose: teachers and other users that are not students, their enrollments, rows whose
    /// `status` is `tobedeleted`, and orgs that are not schools.
    public var leftOut = 0

    /// An empty roster.
    public init() {}
}
