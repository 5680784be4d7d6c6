import CardBotSupport

/// A class report to write (`--out`): the file, and the format its extension names.
public struct ReportFile: Sendable, Equatable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    /// The format of `path`.
    public let format: ReportFormat

    /// The report file `path` names, or nil when its extension is not `.csv`, `.json` or `.html` (`.htm`).
    public init?(path: String) {
        guard let format = ReportFormat(path: path) else { return nil }
        self.path = path
        self.format = format
    }

    public var description: String { path }

    /// Writes `grade` to the file atomically, first removing what an earlier, killed run left half written.
    /// - Throws: `ImageError` naming the file that cannot be written, `SessionError` for its pictures folder.
    public func write(_ grade: ClassGrade) throws {
        TemporaryFiles.sweep(besides: path)
        try format.write(grade, to: path)
    }
}
