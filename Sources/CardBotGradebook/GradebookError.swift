import CardBotSupport

/// Why a gradebook cannot be used: names the file and says what to do. A gradebook refused for what it is
/// (not a CardBot gradebook, or one from a newer cardbot) is never modified.
public struct GradebookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The gradebook file.
    public var file: String
    /// What is wrong and what to do about it.
    public var reason: String

    /// Creates an error.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}

extension GradebookError: DiagnosticError {
    /// The gradebook and the reason.
    public var problems: [Problem] { [Problem(file: file, reason)] }
}
