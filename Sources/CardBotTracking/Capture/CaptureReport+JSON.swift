import CardBotSupport

extension CaptureReport {
    /// The report as one JSON object (docs/formats.md, "check --json"); messages in English, as every machine
    /// format keeps them.
    public var json: String {
        func number(_ value: Double?) -> String { value.map { JSONText.number($0, places: 3) } ?? "null" }
        let checks = findings.map { finding in
            "{\"aspect\":\(JSONText.quote(finding.aspect.rawValue)),\"severity\":\(JSONText.quote(finding.severity.rawValue)),"
                + "\"value\":\(number(finding.value)),\"limit\":\(number(finding.limit)),"
                + "\"measured\":\(JSONText.quote(finding.measured.english)),"
                + "\"advice\":\(finding.advice.map { JSONText.quote($0.english) } ?? "null")}"
        }
        let unreadable = self.unreadable.map { "{\"frame\":\(JSONText.quote($0.name)),\"reason\":\(JSONText.quote($0.reason))}" }
        let verdict = self.verdict == .problem ? "will-not-read-well" : (self.verdict == .warning ? "reads-with-warnings" : "reads-well")
        return "{\"recording\":\(JSONText.quote(recording)),\"frames\":\(frames),\"width\":\(width),\"height\":\(height),"
            + "\"unreadable\":[\(unreadable.joined(separator: ","))],\"verdict\":\(JSONText.quote(verdict)),"
            + "\"exit_status\":\(exitStatus),\"checks\":[\(checks.joined(separator: ","))]}"
    }
}
