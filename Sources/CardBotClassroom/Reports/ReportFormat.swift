import CardBotImaging
import CardBotSession

/// A class report file, its format told by its extension: `.csv`, `.json` or `.html` (`.htm`), any case.
public enum ReportFormat: String, Sendable, CaseIterable {
    case csv
    case json
    case html

    /// The format of `path`, or nil for another extension.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "json": self = .json
        case "html", "htm": self = .html
        default: return nil
        }
    }

    /// The report's text.
    public func text(for grade: ClassGrade) -> String {
        switch self {
        case .csv: return ClassCSV.text(for: grade)
        case .json: return ClassJSON.text(for: grade)
        case .html: return ClassHTML.text(for: grade)
        }
    }

    /// Writes the report to `path` atomically (a temporary file beside it, then renamed over it), so an
    /// interrupted run never leaves half a report.
    /// - Throws: `SessionError` naming `path` when it cannot be written.
    public func write(_ grade: ClassGrade, to path: String) throws {
        do {
            try FileBytes.writeAtomically(Array(text(for: grade).utf8), to: path)
        } catch let error as ImageError {
            throw SessionError(file: path, reason: error.reason)
        }
    }
}
