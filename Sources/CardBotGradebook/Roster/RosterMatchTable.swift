import CardBotClassroom
import CardBotSupport

/// The table `cardbot roster match` prints: a row per session (its place, the name it gives, the student id,
/// how it was matched), then a count of the sessions not matched.
public enum RosterMatchTable {
    /// The table's lines, in the reader's language (names from files made visible and cut to fit).
    public static func lines(_ matches: [SessionMatch]) -> [String] {
        let header = [Messages.text("SESSION"), Messages.text("NAME"), Messages.text("STUDENT ID"), Messages.text("MATCH")]
        let rows = matches.map { match in
            [match.path, match.name, match.studentID ?? "-"].map { TerminalText.truncated(TerminalText.visible($0), width: 60) }
                + [TerminalText.visible(match.shownKind)]
        }
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated().dropLast() { widths[index] = max(widths[index], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }.joined()
        }
        var lines = [line(header)] + rows.map(line)
        let unmatched = matches.filter { !$0.isMatched }.count
        lines.append(unmatched == 0
            ? Messages.text("every session is tied to a roster student")
            : Messages.plural("%s session is not tied to a roster student", "%s sessions are not tied to a roster student", count: unmatched, unmatched))
        return lines
    }
}
