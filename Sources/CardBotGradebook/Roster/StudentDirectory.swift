import Foundation

/// The roster's students looked up by name, without guessing: a name is matched by its full form first
/// ("Emma Hansen", "Hansen, Emma"), then as a user name or id, then as a given name alone ("Emma"); the first
/// of these that finds anyone decides, and finding two or more students is ``NameMatch/ambiguous(_:)``, never
/// a choice. Letters are compared without case, runs of spaces as one.
public struct StudentDirectory: Sendable {
    /// The students by id.
    public let students: [String: RosterStudent]
    private var full: [String: Set<String>] = [:]
    private var user: [String: Set<String>] = [:]
    private var given: [String: Set<String>] = [:]

    /// A directory of `students`.
    public init(_ students: [RosterStudent]) {
        var byID: [String: RosterStudent] = [:]
        for student in students {
            byID[student.id] = student
            for form in [student.fullName, student.familyName + ", " + student.givenName, student.familyName + " " + student.givenName] {
                full[Self.key(form), default: []].insert(student.id)
            }
            user[Self.key(student.id), default: []].insert(student.id)
            if let username = student.username { user[Self.key(username), default: []].insert(student.id) }
            given[Self.key(student.givenName), default: []].insert(student.id)
        }
        self.students = byID
    }

    /// A name as compared: lowercased, spaces collapsed.
    static func key(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The student `name` names, if exactly one.
    public func match(_ name: String) -> NameMatch {
        let key = Self.key(name)
        guard !key.isEmpty else { return .unknown }
        for table in [full, user, given] {
            guard let ids = table[key], !ids.isEmpty else { continue }
            return ids.count == 1 ? .student(ids.first!) : .ambiguous(ids.sorted())
        }
        return .unknown
    }
}
