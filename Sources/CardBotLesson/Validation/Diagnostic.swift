import CardBotSupport

/// One problem found in a file, printed as a compiler prints it: `FILE:LINE:COLUMN: error: message`.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
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
    /// What is wrong and what to do.
    public var message: String

    public init(file: String, position: SourcePosition, severity: Severity = .error, message: String) {
        self.file = file
        self.position = position
        self.severity = severity
        self.message = message
    }

    /// `FILE:LINE:COLUMN: severity: message`.
    public var description: String {
        "\(file):\(position.line):\(position.column): \(severity.rawValue): \(message)"
    }

    /// The diagnostic as one JSON object: `{"file","line","column","severity","message"}`.
    public var jsonObject: String {
        "{\"type\":\"diagnostic\",\"file\":\(JSONText.quote(file)),\"line\":\(position.line),\"column\":\(position.column),"
            + "\"severity\":\"\(severity.rawValue)\",\"message\":\(JSONText.quote(message))}"
    }
}
