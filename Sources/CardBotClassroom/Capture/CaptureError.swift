import CardBotSupport

/// Why a capture check could not judge a recording: no frame of it could be read.
public struct CaptureError: Error, Sendable, Equatable, DiagnosticError {
    /// The recording as the user named it.
    public var file: String
    /// What is wrong and what to do, in the reader's language.
    public var reason: MessageText

    /// Creates an error.
    public init(file: String, reason: MessageText) {
        self.file = file
        self.reason = reason
    }

    /// The recording and the reason.
    public var problems: [Problem] { [Problem(file: TerminalText.visible(file), reason.localized)] }
}
