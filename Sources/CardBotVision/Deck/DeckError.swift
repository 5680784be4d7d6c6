import CardBotSupport

/// Why a deck could not be found, read or accepted. It names the file and the reason.
public struct DeckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is, for callers that branch on it.
    public enum Kind: String, Sendable, Equatable {
        /// No deck file where one was looked for.
        case notFound
        /// The deck file or a reference image could not be read.
        case unreadable
        /// deck.json is not valid JSON or lacks a field.
        case malformed
        /// A reference image is not a marker CardBot can use.
        case badMarker
        /// Two cards have the same id or name.
        case duplicate
        /// A marker reads the same turned, or two markers are too alike.
        case ambiguous
    }

    /// The kind of failure.
    public var kind: Kind
    /// The file the failure is about (deck.json or a reference image).
    public var file: String
    /// The reason in words, with what to do, kept to be told in the reader's language.
    public var said: MessageText
    /// Where in deck.json the problem is, when it is in the file's text.
    public var position: SourcePosition?

    /// The reason in English, as machine formats keep it.
    public var reason: String { said.english }

    /// Creates an error whose reason is told in the reader's language where it is printed.
    public init(_ kind: Kind, file: String, position: SourcePosition? = nil, said: MessageText) {
        self.kind = kind
        self.file = file
        self.position = position
        self.said = said
    }

    /// Creates an error whose reason is a text from elsewhere (a library's message), told as it is.
    public init(_ kind: Kind, file: String, position: SourcePosition? = nil, reason: String) {
        self.init(kind, file: file, position: position, said: MessageText(template: "%s", values: [.plain(reason)]))
    }

    /// `FILE: reason`, or `FILE:LINE:COLUMN: error: reason` when the position is known (in English).
    public var description: String {
        guard let position else { return "\(file): \(reason)" }
        return "\(file):\(position.line):\(position.column): error: \(reason)"
    }
}

extension DeckError: DiagnosticError {
    /// deck.json or the reference image, the place in deck.json when known, and the reason in the reader's language.
    public var problems: [Problem] { [Problem(file: file, position: position, said.localized)] }
}
