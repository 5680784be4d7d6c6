/// How reports show students when they must not name them (`--anonymise`).
///
/// - `initials`: the initials of the name (`Maya Berg` is `M.B.`, `maya` is `M.`); students whose initials
///   coincide are numbered in the order of their names (`M.B. (1)`, `M.B. (2)`).
/// - `ids`: the roster id where the student is tied to one, else `student-1`, `student-2`, ... in the order of
///   their names.
///
/// Either way nothing else about the child is written: session folders become `session-N`, the words of a
/// child's name are taken out of every other text (errors, notes, frame names), and camera pictures are left out.
public enum Anonymisation: String, CaseIterable, Sendable {
    /// Initials only.
    case initials
    /// Roster ids (or numbers) only.
    case ids
}
