/// What validating files and directories found.
public struct ValidationReport: Sendable {
    /// Each file validated, in the order given (directories expanded in name order).
    public var files: [FileValidation]
    /// Problems across files of a directory (missing unlocks, duplicate numbers, cycles).
    public var crossFileDiagnostics: [LevelProblem]

    public init(files: [FileValidation], crossFileDiagnostics: [LevelProblem]) {
        self.files = files
        self.crossFileDiagnostics = crossFileDiagnostics
    }

    /// Every diagnostic, file by file, each file's cross-file problems with it.
    public var diagnostics: [LevelProblem] {
        var result: [LevelProblem] = []
        for file in files {
            var own = file.diagnostics + crossFileDiagnostics.filter { $0.file == file.file }
            own.sort { $0.position < $1.position }
            result += own
        }
        let known = Set(files.map(\.file))
        result += crossFileDiagnostics.filter { !known.contains($0.file) }
        return result
    }

    /// The number of errors.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// The number of warnings.
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    /// True when there is no error at all.
    public var isValid: Bool { errorCount == 0 }
}
