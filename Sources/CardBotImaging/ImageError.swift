import CardBotSupport

/// Why an image could not be read or written. Every case names the file (or "<memory>") and the reason.
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is, for callers that branch on it.
    public enum Kind: String, Sendable, Equatable {
        case notFound
        case isDirectory
        case unreadable
        case empty
        case unknownFormat
        case corrupt
        case truncated
        case tooLarge
        case writeFailed
    }

    /// The kind of failure.
    public var kind: Kind
    /// The file the failure is about, or `<memory>` for bytes.
    public var file: String
    /// The reason in words, with what to do where there is something to do.
    public var reason: String

    /// Creates an error.
    public init(_ kind: Kind, file: String, reason: String) {
        self.kind = kind
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}

extension ImageError: DiagnosticError {
    /// The file and the reason.
    public var problems: [Problem] { [Problem(file: file, reason)] }
}
