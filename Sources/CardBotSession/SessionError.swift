import CardBotSupport

/// Why a recorded session could not be opened or graded: names the file and the reason, and where in the
/// file when the problem is in its text (`FILE:LINE:COLUMN: error: message`, as level files report).
public struct SessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder the problem is about.
    public var file: String
    /// Where in `file` the problem is, when it is in the file's text.
    public var position: SourcePosition?
    /// What is wrong and what to do about it, in English (as JSON and the gradebook keep it).
    public var reason: String
    /// The reason in the reader's language, as printed.
    public var shownReason: String

    /// Creates an error whose reason is told in English only.
    public init(file: String, position: SourcePosition? = nil, reason: String) {
        self.file = file
        self.position = position
        self.reason = reason
        self.shownReason = reason
    }

    /// Creates an error whose reason is told in the reader's language where it is printed.
    public init(file: String, position: SourcePosition? = nil, said: MessageText) {
        self.init(file: file, position: position, reason: said.english)
        shownReason = said.localized
    }

    /// `FILE: reason`, or `FILE:LINE:COLUMN: error: reason` when the position is known, in the reader's language;
    /// control characters of names from files are made visible.
    public var description: String { line(shownReason) }

    /// ``description`` in English, as JSON, CSV and the gradebook keep it.
    public var englishDescription: String { line(reason) }

    private func line(_ reason: String) -> String {
        let shown = TerminalText.visible(file)
        guard let position else { return "\(shown): \(TerminalText.visible(reason))" }
        return "\(shown):\(position.line):\(position.column): error: \(TerminalText.visible(reason))"
    }
}

extension SessionError: DiagnosticError {
    /// The file, the place in it when known, and the reason.
    public var problems: [Problem] { [Problem(file: file, position: position, shownReason)] }
}
