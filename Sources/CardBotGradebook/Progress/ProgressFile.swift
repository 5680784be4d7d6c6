/// A progress report to write (`progress --out`): the file, and the format its extension names.
public struct ProgressFile: Sendable, Equatable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    /// The format of `path`.
    public let format: ProgressFormat

    /// The report file `path` names, or nil when its extension is not `.html`, `.csv` or `.json`.
    public init?(path: String) {
        guard let format = ProgressFormat(path: path) else { return nil }
        self.path = path
        self.format = format
    }

    public var description: String { path }
}

extension ProgressFile {
    /// Writes `progress` to the file atomically, titled `title`.
    /// - Throws: ``GradebookError`` naming the file when it cannot be written.
    public func write(_ progress: TermProgress, title: String) throws {
        try format.write(progress, title: title, to: path)
    }
}
