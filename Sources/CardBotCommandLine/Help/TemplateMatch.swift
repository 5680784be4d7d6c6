import CardBotSupport
import Foundation

/// The values a message template (`Unknown option '%s'`, `%1$s (default: %2$s)`) was filled in with to give a
/// text: each placeholder matches as much as it can, so the last of repeated phrases is the template's.
package enum TemplateMatch {
    private static let placeholder = try! NSRegularExpression(pattern: #"%(?:([0-9]+)\$)?[sd]"#)

    /// The values by placeholder number (from 1, in order for plain `%s`), or nil when `text` does not match.
    package static func values(in text: String, template: String) -> [String]? {
        var pattern = "^"
        var numbers: [Int] = []
        var last = template.startIndex
        let range = NSRange(template.startIndex..., in: template)
        for match in placeholder.matches(in: template, range: range) {
            let whole = Range(match.range, in: template)!
            pattern += NSRegularExpression.escapedPattern(for: String(template[last..<whole.lowerBound])) + "(.+)"
            let number = Range(match.range(at: 1), in: template).flatMap { Int(template[$0]) }
            numbers.append(number ?? numbers.count + 1)
            last = whole.upperBound
        }
        pattern += NSRegularExpression.escapedPattern(for: String(template[last...])) + "$"
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        var values = Array(repeating: "", count: numbers.max() ?? 0)
        for (group, number) in numbers.enumerated() {
            guard let captured = Range(match.range(at: group + 1), in: text) else { return nil }
            values[number - 1] = String(text[captured])
        }
        return values
    }

    /// `text` translated by the first of `templates` (English, translation; the longest first) that matches the
    /// whole of it, each value it fills in translated by `valueTemplates` when one matches, else by `otherValue`;
    /// nil when none does.
    package static func translate(
        _ text: String, by templates: [(String, String)], values valueTemplates: [(String, String)] = [],
        otherValue: (String) -> String = { $0 }
    ) -> String? {
        for (english, translation) in templates.sorted(by: { $0.0.count > $1.0.count }) {
            guard let found = values(in: text, template: english) else { continue }
            let filled = found.map { value in translate(value, by: valueTemplates) ?? otherValue(value) }
            return Messages.format(translation, filled)
        }
        return nil
    }
}
