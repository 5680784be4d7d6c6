/// How a name from a session (session.json's `student`, or its folder's name) matched the roster.
public enum NameMatch: Sendable, Equatable {
    /// Exactly one student: her id.
    case student(String)
    /// Several students: their ids, sorted. Nothing is chosen: give `studentId` in session.json.
    case ambiguous([String])
    /// Nobody.
    case unknown
}
