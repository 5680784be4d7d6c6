/// An error a user can act on, printed once by the root command in the compiler's shape.
///
/// Every layer throws its own typed error (a level's, a session's, an image's, a gradebook's) and conforms it
/// here; nothing between the layer and the root catches it to print or re-label it. The root prints each of
/// ``problems`` (see ``Problem/line``) on standard error and exits with ``exitStatus``.
public protocol DiagnosticError: Error {
    /// What to print: one problem for most errors, every problem of a file for a level with several.
    var problems: [Problem] { get }
    /// The process's exit status: 2 (bad input) unless the command's EXIT STATUS says otherwise.
    var exitStatus: Int32 { get }
}

extension DiagnosticError {
    /// Bad input.
    public var exitStatus: Int32 { 2 }
}
