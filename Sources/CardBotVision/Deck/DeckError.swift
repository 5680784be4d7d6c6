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
    /// The reason in words, with what to do.
    public var reason: String
    /// Where in deck.json the problem is, when it is in the file's text.
    public var position: SourcePosition?

    /// Creates an error.
    public init(_ kind: Kind, file: String, position: SourcePosition? = nil, reason: String) {
        self.kind = kind
        self.file = file
        self.position = position
        self.reason = reason
    }

    /// `FILE: reason`, or `FILE:LINE:COLUMN: error: reason` when the position is known.
    public var description: String {
        guard let position else { return "\(file): \(reason)" }
        return "\(file):\(position.line):\(position.column): error: \(reason)"
    }
}

extension DeckError: DiagnosticError {
    /// deck.json or the reference image, the place in deck.json when known, and the reason.
    public var problems: [Problem] { [Problem(file: file, position: position, reason)] }
}
