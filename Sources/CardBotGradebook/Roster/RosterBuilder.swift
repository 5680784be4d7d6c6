import CardBotSupport
import Foundation

/// Gathers the rows of roster files into a ``Roster``, in the order schools, students, classes, enrollments:
/// each id once, users that are not students left out with their enrollments, and no user id both a student and
/// something else.
struct RosterBuilder {
    /// What was gathered.
    var roster = Roster()
    /// Where each id was first listed, by table.
    private var firstPlace: [String: [String: (file: String, line: Int)]] = [:]
    /// Users listed with another role than student, with the first role and place: their enrollments are left out
    /// too, and a student of the same id is refused.
    private var otherUsers: [String: (role: String, file: String, line: Int)] = [:]
    /// The schools read (so that a student's first org that is a school is her school).
    private var schoolIDs: Set<String> = []

    /// Adds the row `row` of a file of `kind`; its problems go into `row`.
    mutating func add(_ row: inout RosterRow, kind: RosterFileKind) {
        if let status = row.optional("status"), status.lowercased() == "tobedeleted" {
            roster.leftOut += 1
            return
        }
        switch kind {
        case .oneRosterOrgs, .cleverSchools:
            let isOneRoster = kind == .oneRosterOrgs
            let id = row.required(isOneRoster ? "sourcedId" : "School_id")
            let name = row.required(isOneRoster ? "name" : "School_name")
            if isOneRoster, row.required("type").lowercased() != "school" {
                roster.leftOut += 1
                return
            }
            guard row.problems.isEmpty, unique(id, in: "school", row: &row) else { return }
            schoolIDs.insert(id)
            roster.schools.append(RosterEntry(RosterSchool(id: id, name: name), file: row.file, line: row.record.line))
        case .oneRosterUsers:
            let id = row.required("sourcedId")
            let role = row.required("role")
            guard role.lowercased() == "student" else {
                if !id.isEmpty, !role.isEmpty {
                    if let student = firstPlace["student"]?[id] {
                        bothRoles(id, first: ("student", student.file, student.line), now: role, row: &row)
                    }
                    otherUsers[id] = otherUsers[id] ?? (role, row.file, row.record.line)
                }
                roster.leftOut += row.problems.isEmpty ? 1 : 0
                return
            }
            if let other = otherUsers[id] {
                bothRoles(id, first: other, now: role, row: &row)
                return
            }
            let orgs = (row.optional("orgSourcedIds") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let student = RosterStudent(
                id: id, givenName: row.required("givenName"), familyName: row.required("familyName"),
                grade: row.optional("grades"), schoolID: orgs.first { schoolIDs.contains($0) } ?? orgs.first,
                username: row.optional("username"))
            addStudent(student, row: &row)
        case .cleverStudents:
            let student = RosterStudent(
                id: row.required("Student_id"), givenName: row.required("First_name"), familyName: row.required("Last_name"),
                grade: row.optional("Grade"), schoolID: row.optional("School_id"), username: row.optional("Student_number"))
            addStudent(student, row: &row)
        case .oneRosterClasses, .cleverSections:
            let isOneRoster = kind == .oneRosterClasses
            let id = row.required(isOneRoster ? "sourcedId" : "Section_id")
            let title = isOneRoster
                ? row.required("title") : row.optional("Name") ?? row.optional("Section_name") ?? row.optional("Course_name") ?? id
            let school = row.optional(isOneRoster ? "schoolSourcedId" : "School_id")
            guard row.problems.isEmpty, unique(id, in: "class", row: &row) else { return }
            roster.classes.append(RosterEntry(RosterClass(id: id, title: title, schoolID: school), file: row.file, line: row.record.line))
        case .oneRosterEnrollments, .cleverEnrollments:
            let isOneRoster = kind == .oneRosterEnrollments
            let classID = row.required(isOneRoster ? "classSourcedId" : "Section_id")
            let studentID = row.required(isOneRoster ? "userSourcedId" : "Student_id")
            if isOneRoster, row.required("role").lowercased() != "student" || otherUsers[studentID] != nil {
                roster.leftOut += row.problems.isEmpty ? 1 : 0
                return
            }
            let begin = row.date("beginDate")
            let end = row.date("endDate")
            if let begin, let end, end < begin {
                row.problem(Messages.later("'endDate' %1$s is before 'beginDate' %2$s", .plain(end), .plain(begin)))
            }
            guard row.problems.isEmpty, unique(classID + "\u{0}" + studentID, in: "enrollment", row: &row) else { return }
            roster.enrollments.append(RosterEntry(
                RosterEnrollment(classID: classID, studentID: studentID, beginDate: begin, endDate: end), file: row.file,
                line: row.record.line))
        }
    }

    private mutating func addStudent(_ student: RosterStudent, row: inout RosterRow) {
        guard row.problems.isEmpty, unique(student.id, in: "student", row: &row) else { return }
        roster.students.append(RosterEntry(student, file: row.file, line: row.record.line))
    }

    /// The problem of a user id listed with two roles, one of them student: the student's enrollments would
    /// otherwise be left out without a word.
    private func bothRoles(_ id: String, first: (role: String, file: String, line: Int), now role: String, row: inout RosterRow) {
        row.problem(Messages.later(
            "user '%1$s' is listed with the role '%2$s' at %3$s:%4$s and with the role '%5$s' here; an id is one person: give each person their own sourcedId",
            .plain(id), .plain(first.role), .plain(first.file), .number(first.line), .plain(role)))
    }

    /// Whether `id` is new in `table`; else a problem naming where it was first listed.
    private mutating func unique(_ id: String, in table: String, row: inout RosterRow) -> Bool {
        if let first = firstPlace[table]?[id] {
            let shown = id.replacingOccurrences(of: "\u{0}", with: " / ")
            let what = MessageText.Value.term(table, context: "roster")
            row.problem(Messages.later(
                "%1$s '%2$s' is listed twice (first at %3$s:%4$s); list each once", what, .plain(shown),
                .plain(first.file), .number(first.line)))
            return false
        }
        firstPlace[table, default: [:]][id] = (row.file, row.record.line)
        return true
    }
}
