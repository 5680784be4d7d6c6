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
    /// The reason, with what to do where there is something to do, kept to be told in the reader's language.
    public var said: MessageText

    /// The reason in English, as JSON and the gradebook keep it.
    public var reason: String { said.english }

    /// Creates an error.
    public init(_ kind: Kind, file: String, said: MessageText) {
        self.kind = kind
        self.file = file
        self.said = said
    }

    /// Creates an error whose reason is a text from elsewhere (a library's message), told as it is.
    public init(_ kind: Kind, file: String, reason: String) {
        self.init(kind, file: file, said: MessageText(template: "%s", values: [.plain(reason)]))
    }

    public var description: String { "\(file): \(reason)" }
}

extension ImageError: DiagnosticError {
    /// The file and the reason.
    public var problems: [Problem] { [Problem(file: file, said.localized)] }
}
