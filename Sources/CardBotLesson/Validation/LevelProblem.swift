import CardBotSupport

/// One problem found in a level file (or a curriculum folder) by the loader or the validator, printed as a compiler
/// prints it: `FILE:LINE:COLUMN: error: message`. (Not to be confused with `DiagnosticError`, the one protocol every
/// error a user can act on conforms to: a ``LevelLoadError`` carries these.)
public struct LevelProblem: Sendable, Equatable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// The file, as given.
    public var file: String
    /// Where in the file.
    public var position: SourcePosition
    /// Error, warning or note.
    public var severity: Severity
    /// What is wrong and what to do, in English (as JSON keeps it).
    public var message: String
    /// The message in the reader's language, as printed.
    public var shownMessage: String

    public init(file: String, position: SourcePosition, severity: Severity = .error, message: String) {
        self.file = file
        self.position = position
        self.severity = severity
        self.message = message
        self.shownMessage = message
    }

    /// A diagnostic whose message is told in the reader's language where it is printed.
    public init(file: String, position: SourcePosition, severity: Severity = .error, said: MessageText) {
        self.init(file: file, position: position, severity: severity, message: said.english)
        shownMessage = said.localized
    }

    /// `FILE:LINE:COLUMN: severity: message` (`FILE: severity: message` for a problem with no place in the file),
    /// in the reader's language.
    public var description: String { line(shownMessage) }

    /// ``description`` in English, as JSON, CSV and the gradebook keep it.
    public var englishDescription: String { line(message) }

    private func line(_ message: String) -> String {
        position == .none
            ? "\(file): \(severity.rawValue): \(message)"
            : "\(file):\(position.line):\(position.column): \(severity.rawValue): \(message)"
    }

    /// The diagnostic as one JSON object: `{"file","line","column","severity","message"}` (line and column null
    /// for a problem with no place in the file).
    public var jsonObject: String {
        let line = position == .none ? "null" : String(position.line)
        let column = position == .none ? "null" : String(position.column)
        return "{\"type\":\"diagnostic\",\"file\":\(JSONText.quote(file)),\"line\":\(line),\"column\":\(column),"
            + "\"severity\":\"\(severity.rawValue)\",\"message\":\(JSONText.quote(message))}"
    }
}
