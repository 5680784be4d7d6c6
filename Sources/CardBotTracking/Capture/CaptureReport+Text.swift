import CardBotSupport

extension CaptureReport {
    /// The report for a person: a heading, one line per aspect, one line of advice per aspect that is not good,
    /// and the verdict, in the reader's language.
    public var lines: [String] {
        var lines = [
            Messages.text("Capture check of %1$s: %2$s frames, %3$sx%4$s", TerminalText.visible(recording), frames, width, height)
        ]
        let labels = findings.map { $0.aspect.label }
        let labelWidth = labels.map(\.count).max() ?? 0
        let severityWidth = [CaptureSeverity.good, .warning, .problem].map(\.label.count).max() ?? 0
        for (finding, label) in zip(findings, labels) {
            let severity = finding.severity.label
            lines.append(
                "  " + label + String(repeating: " ", count: labelWidth - label.count + 2) + severity
                    + String(repeating: " ", count: severityWidth - severity.count + 2) + finding.measured.localized)
        }
        let advice = problems.compactMap(\.advice)
        if !advice.isEmpty {
            lines.append("")
            lines.append(Messages.text("Advice:"))
            lines += advice.map { "  - " + $0.localized }
        }
        lines.append("")
        lines.append(verdictLine)
        return lines
    }
}
