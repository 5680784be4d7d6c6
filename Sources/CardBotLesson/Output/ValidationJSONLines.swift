import CardBotSupport

/// The JSON Lines form of `cardbot validate --json`.
///
/// One `{"type":"diagnostic","file","line","column","severity","message"}` per problem, one
/// `{"type":"file","file","valid","number","optimal"}` per file, then `{"type":"summary","files","errors","warnings","valid"}`.
public enum ValidationJSONLines {
    /// Every line, without newlines.
    public static func lines(_ report: ValidationReport) -> [String] {
        var lines = report.diagnostics.map(\.jsonObject)
        for file in report.files {
            let number = file.level.map { String($0.number) } ?? "null"
            let optimal = file.solution?.optimalCardCount.map(String.init) ?? "null"
            lines.append(
                "{\"type\":\"file\",\"file\":\(JSONText.quote(file.file)),\"valid\":\(file.isValid),\"number\":\(number),\"optimal\":\(optimal)}")
        }
        lines.append(
            "{\"type\":\"summary\",\"files\":\(report.files.count),\"errors\":\(report.errorCount),\"warnings\":\(report.warningCount),\"valid\":\(report.isValid)}"
        )
        return lines
    }
}
