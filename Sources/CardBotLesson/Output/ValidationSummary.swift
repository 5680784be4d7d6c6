import CardBotSupport

/// The lines `cardbot validate` prints besides the diagnostics.
public enum ValidationSummary {
    /// "Levels/01-first-steps.json: ok, level 1, fewest cards 3".
    public static func fileLine(_ file: FileValidation) -> String {
        guard let level = file.level else { return Messages.text("%s: ok", file.file) }
        guard let solution = file.solution else { return Messages.text("%1$s: ok (level %2$s)", file.file, level.number) }
        return Messages.text(
            "%1$s: ok (level %2$s, fewest cards %3$s)", file.file, level.number, SolutionReport.shortCount(solution))
    }

    /// "Checked 16 files: all valid." or "Checked 3 files: 2 errors, 1 warning."
    public static func totalLine(_ report: ValidationReport) -> String {
        let count = report.files.count
        if report.errorCount == 0 && report.warningCount == 0 {
            return Messages.plural("Checked %s file: all valid.", "Checked %s files: all valid.", count: count, count)
        }
        let files = Messages.plural("Checked %s file", "Checked %s files", count: count, count)
        let errors = Messages.plural("%s error", "%s errors", count: report.errorCount, report.errorCount)
        let warnings = Messages.plural("%s warning", "%s warnings", count: report.warningCount, report.warningCount)
        return Messages.text("%1$s: %2$s, %3$s.", files, errors, warnings)
    }
}
