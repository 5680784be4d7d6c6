import CardBotSupport

/// Level files of a folder that are not valid levels: every error of every file, in file order.
public struct LevelFilesError: Error, Sendable, DiagnosticError {
    /// The files that failed, each with its problems.
    public var files: [LevelLoadError]

    /// Creates the error of `files`.
    public init(files: [LevelLoadError]) {
        self.files = files
    }

    public var problems: [Problem] { files.flatMap(\.problems) }
}

extension LevelCatalog {
    /// Throws every problem of the folder's level files, when some file is not a valid level.
    public func requireNoProblems() throws(LevelFilesError) {
        if !problems.isEmpty { throw LevelFilesError(files: problems) }
    }
}
