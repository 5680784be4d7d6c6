import CardBotSupport

/// A level file that could not be read or is not a valid level: every problem, each with its position.
public struct LevelLoadError: Error, Sendable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// The problems, in file order; at least one is an error.
    public var diagnostics: [LevelProblem]

    public init(file: String, diagnostics: [LevelProblem]) {
        self.file = file
        self.diagnostics = diagnostics
    }

    /// One problem per line, `FILE:LINE:COLUMN: error: message`, in the reader's language.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// ``description`` in English, as JSON, CSV and the gradebook keep it.
    public var englishDescription: String {
        diagnostics.map(\.englishDescription).joined(separator: "\n")
    }
}

extension LevelLoadError: DiagnosticError {
    /// Every error in the file (warnings are left to `validate`), each with its place when it has one.
    public var problems: [Problem] {
        diagnostics.filter { $0.severity == .error }.map { Problem(file: $0.file, position: $0.position, $0.shownMessage) }
    }
}
