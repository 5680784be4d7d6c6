import CardBotSupport

/// Why a gradebook cannot be used: names the file and says what to do. A gradebook refused for what it is
/// (not a CardBot gradebook, or one from a newer cardbot) is never modified.
public struct GradebookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The gradebook file.
    public var file: String
    /// What is wrong and what to do about it, kept to be told in the reader's language.
    public var said: MessageText

    /// What is wrong and what to do about it, in English.
    public var reason: String { said.english }

    /// Creates an error.
    public init(file: String, said: MessageText) {
        self.file = file
        self.said = said
    }

    /// Creates an error whose reason is a text from elsewhere (SQLite's, a damaged value's), told as it is.
    public init(file: String, reason: String) {
        self.init(file: file, said: MessageText(template: "%s", values: [.plain(reason)]))
    }

    public var description: String { "\(file): \(reason)" }
}

extension GradebookError: DiagnosticError {
    /// The gradebook and the reason.
    public var problems: [Problem] { [Problem(file: file, said.localized)] }
}
