import CardBotSupport

/// Why a synthesizer request cannot be carried out, with what to change.
public struct SynthError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or option the problem is about (for example `--cards` or an output folder).
    public var subject: String
    /// What is wrong and what to do, in the reader's language (the reasons are told as they are thrown).
    public var reason: String

    /// Creates an error.
    public init(_ subject: String, _ reason: String) {
        self.subject = subject
        self.reason = reason
    }

    public var description: String { "\(subject): \(reason)" }
}

extension SynthError: DiagnosticError {
    /// The file or option and the reason.
    public var problems: [Problem] { [Problem(file: subject, reason)] }
}
