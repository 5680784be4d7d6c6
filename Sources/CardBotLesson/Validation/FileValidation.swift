/// What validating one level file found.
public struct FileValidation: Sendable {
    /// The file, as given.
    public var file: String
    /// The level, when the file decoded (it may still have errors such as an unreachable gem).
    public var level: Level?
    /// The solver's answer, when the level decoded and every goal and gem can be reached.
    public var solution: Solution?
    /// Every problem found in the file, in position order.
    public var diagnostics: [LevelProblem]

    public init(file: String, level: Level?, solution: Solution?, diagnostics: [LevelProblem]) {
        self.file = file
        self.level = level
        self.solution = solution
        self.diagnostics = diagnostics
    }

    /// True when no diagnostic is an error.
    public var isValid: Bool { !diagnostics.contains { $0.severity == .error } }
}
