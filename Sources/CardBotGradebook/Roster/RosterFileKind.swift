/// The roster files CardBot reads: OneRoster 1.1 CSV and Clever-style CSV, told apart by the file's name and,
/// for `enrollments.csv` (both have one) or any other name, by its header.
///
/// Column names are compared without case, spaces, `_` or `-` (`sourcedId`, `Student_id`).
enum RosterFileKind: CaseIterable, Comparable {
    case oneRosterOrgs, cleverSchools
    case oneRosterUsers, cleverStudents
    case oneRosterClasses, cleverSections
    case oneRosterEnrollments, cleverEnrollments

    /// The file as the reader knows it, for messages ("OneRoster users.csv").
    var title: String {
        switch self {
        case .oneRosterOrgs: "OneRoster orgs.csv"
        case .oneRosterUsers: "OneRoster users.csv"
        case .oneRosterClasses: "OneRoster classes.csv"
        case .oneRosterEnrollments: "OneRoster enrollments.csv"
        case .cleverSchools: "Clever schools.csv"
        case .cleverStudents: "Clever students.csv"
        case .cleverSections: "Clever sections.csv"
        case .cleverEnrollments: "Clever enrollments.csv"
        }
    }

    /// The columns a file of this kind must have, as the standards spell them.
    var required: [String] {
        switch self {
        case .oneRosterOrgs: ["sourcedId", "name", "type"]
        case .oneRosterUsers: ["sourcedId", "role", "givenName", "familyName"]
        case .oneRosterClasses: ["sourcedId", "title"]
        case .oneRosterEnrollments: ["classSourcedId", "userSourcedId", "role"]
        case .cleverSchools: ["School_id", "School_name"]
        case .cleverStudents: ["Student_id", "First_name", "Last_name"]
        case .cleverSections: ["Section_id"]
        case .cleverEnrollments: ["Section_id", "Student_id"]
        }
    }

    /// A column name as compared: lowercased, without spaces, `_` and `-`.
    static func key(_ name: String) -> String {
        // The names the reader asks for are a few literals ("givenName"), asked a million times.
        if let known = knownKeys[name] { return known }
        return String(name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
    }

    /// The compared form of every column name a kind names.
    private static let knownKeys: [String: String] = {
        var keys: [String: String] = [:]
        for name in ["sourcedId", "name", "type", "role", "givenName", "familyName", "orgSourcedIds", "grades", "username", "title",
                     "schoolSourcedId", "classSourcedId", "userSourcedId", "beginDate", "endDate", "status", "School_id",
                     "School_name", "Student_id", "First_name", "Last_name", "Grade", "Student_number", "Section_id",
                     "Section_name", "Teacher_id"] {
            keys[name] = String(name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
        }
        return keys
    }()

    /// The kind of the file named `fileName` whose header has the (compared) columns `header`; nil when it is
    /// none of them.
    static func detect(fileName: String, header: Set<String>) -> RosterFileKind? {
        let oneRoster = header.contains("sourcedid") || header.contains("classsourcedid")
        switch fileName.lowercased() {
        case "orgs.csv": return .oneRosterOrgs
        case "users.csv": return .oneRosterUsers
        case "classes.csv": return .oneRosterClasses
        case "schools.csv": return .cleverSchools
        case "students.csv": return .cleverStudents
        case "sections.csv": return .cleverSections
        case "enrollments.csv": return oneRoster ? .oneRosterEnrollments : .cleverEnrollments
        default: break
        }
        // Another name: the kind whose columns the header has all of, most specific first.
        let order: [RosterFileKind] = [
            .oneRosterEnrollments, .oneRosterUsers, .oneRosterOrgs, .oneRosterClasses, .cleverEnrollments,
            .cleverStudents, .cleverSchools, .cleverSections,
        ]
        return order.first { kind in kind.required.allSatisfy { header.contains(key($0)) } }
    }
}
