/// The lines `cardbot validate` prints besides the diagnostics.
public enum ValidationSummary {
    /// "Levels/01-first-steps.json: ok, level 1, fewest cards 3".
    public static func fileLine(_ file: FileValidation) -> String {
        guard let level = file.level else { return "\(file.file): ok" }
        let fewest = file.solution.map { " fewest cards \(SolutionReport.shortCount($0))" } ?? ""
        return "\(file.file): ok (level \(level.number),\(fewest))"
    }

    /// "Checked 16 files: all valid." or "Checked 3 files: 2 errors, 1 warning."
    public static func totalLine(_ report: ValidationReport) -> String {
        let files = "Checked \(report.files.count) \(report.files.count == 1 ? "file" : "files")"
        if report.errorCount == 0 && report.warningCount == 0 { return "\(files): all valid." }
        let errors = "\(report.errorCount) \(report.errorCount == 1 ? "error" : "errors")"
        let warnings = "\(report.warningCount) \(report.warningCount == 1 ? "warning" : "warnings")"
        return "\(files): \(errors), \(warnings)."
    }
}
