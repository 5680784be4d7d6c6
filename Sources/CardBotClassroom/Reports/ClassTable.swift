import CardBotSupport

/// The class report for the terminal: a table of students by levels with each session's stars, the class
/// summary (how many solved each level, median attempts), then the sessions whose attempts are estimated, the notes
/// on recordings (a GO card never tapped, a video cut short, a session recorded badly) and the sessions that could
/// not be graded.
public struct ClassTable: Sendable {
    /// Colour the stars (only on a terminal, never with `NO_COLOR`).
    public var color: Bool

    /// Creates a table.
    public init(color: Bool = false) {
        self.color = color
    }

    /// The cell for a student's sessions on a level: the best stars (`★★☆`), `error` when every session
    /// there failed, `·` when there is none.
    public static func cell(_ grades: [SessionGrade]) -> String {
        let graded = grades.filter { $0.stars != nil }
        if let best = graded.max(by: { ($0.stars ?? 0) < ($1.stars ?? 0) }), let stars = best.stars {
            // A grade that needs the teacher's look is provisional: marked, not only coloured.
            return starText(stars) + (best.needsReview ? provisionalMark : "")
        }
        return grades.isEmpty ? "·" : errorCell
    }

    /// The mark after provisional stars (a grade that needs the teacher's look).
    public static let provisionalMark = "?"

    /// The cell of a level whose every session failed ("error", translated).
    static var errorCell: String { Messages.text("error", context: "grade cell") }

    /// What a screen reader says for ``starText(_:)``: "2 of 3 stars".
    public static func starWords(_ stars: Int) -> String {
        let count = max(0, min(3, stars))
        return Messages.plural("%s of 3 stars", "%s of 3 stars", count: count, count)
    }

    /// `★★☆` for 2 stars.
    public static func starText(_ stars: Int) -> String {
        let count = max(0, min(3, stars))
        return String(repeating: "★", count: count) + String(repeating: "☆", count: 3 - count)
    }

    /// Every line of the report.
    public func lines(for grade: ClassGrade) -> [String] {
        let grades = grade.grades
        let summary = grade.summary
        var lines: [String] = []
        let sessionCount = Messages.plural("%s session", "%s sessions", count: summary.sessions, summary.sessions)
        let studentCount = Messages.plural("%s student", "%s students", count: summary.students, summary.students)
        if summary.errors == 0 {
            lines.append(Messages.text("Class %1$s: %2$s, %3$s", Self.clean(grade.className), sessionCount, studentCount))
        } else {
            lines.append(
                Messages.text(
                    "Class %1$s: %2$s, %3$s, %4$s not graded", Self.clean(grade.className), sessionCount, studentCount,
                    summary.errors))
        }
        lines += Self.reviewLines(grades)
        lines.append("")
        let levels = Set(summary.levels.map(\.key)).union(grades.compactMap { $0.error != nil ? $0.levelKey : nil }).sorted()
        var students: [String] = []
        var seen = Set<String>()
        for row in grades where seen.insert(row.student).inserted { students.append(row.student) }
        let names = students.map { TerminalText.truncated($0, width: Self.maximumNameWidth) }
        let studentHeader = Messages.text("Student")
        let nameWidth = max(studentHeader.count, names.map(\.count).max() ?? 0)
        let headers = levels.map(\.heading)
        let cellWidth = max(5, headers.map(\.count).max() ?? 0)
        var header = Self.pad(studentHeader, nameWidth)
        for title in headers { header += "  " + Self.pad(title, cellWidth) }
        lines.append(trimmed(header))
        for (index, student) in students.enumerated() {
            var line = Self.pad(names[index], nameWidth)
            let own = grades.filter { $0.student == student }
            for level in levels {
                let text = Self.cell(own.filter { $0.levelKey == level })
                line += "  " + paint(Self.pad(text, cellWidth), for: text)
            }
            // Sessions that failed before their level was known have no column: say so at the row's end.
            let unplaced = own.filter { $0.error != nil && $0.level == nil }.count
            if unplaced > 0 { line += "  " + paint(Messages.text("%s not graded", unplaced), for: Self.errorCell) }
            lines.append(trimmed(line))
        }
        if !summary.levels.isEmpty {
            lines.append("")
            lines.append(Messages.text("Levels:"))
            for figures in summary.levels {
                var text = "  \(figures.key.heading) \(Self.clean(figures.levelTitle)): "
                    + Messages.plural(
                        "%1$s of %2$s student solved it", "%1$s of %2$s students solved it", count: figures.students,
                        figures.solved, figures.students)
                if let median = figures.medianAttempts { text += Messages.text("; median attempts %s", Self.number(median)) }
                if let median = figures.medianAttemptsToSolve { text += Messages.text(", to solve %s", Self.number(median)) }
                lines.append(text)
            }
        }
        let estimated = grades.filter(\.estimated)
        if !estimated.isEmpty {
            lines.append("")
            lines.append(Messages.text("Estimated attempts (no run signal in the recording: each program that lay still counts):"))
            for row in estimated { lines.append("  " + Self.sessionLabel(row)) }
        }
        let noted = grades.filter { $0.error == nil && !$0.notes.isEmpty }
        if !noted.isEmpty {
            lines.append("")
            lines.append(Messages.text("Notes (what the teacher should know about a recording):"))
            for row in noted {
                lines.append("  \(Self.sessionLabel(row)):")
                for note in row.notes { lines.append("    \(Self.clean(note))") }
            }
        }
        let failed = grades.filter { $0.error != nil }
        if !failed.isEmpty {
            lines.append("")
            lines.append(Messages.text("Not graded:"))
            for row in failed { lines.append("  \(Self.sessionLabel(row)): \(Self.clean(row.errorShown ?? ""))") }
        }
        return lines
    }

    /// "N sessions need your look" with each session, its reasons and what to do; nothing when none does.
    static func reviewLines(_ grades: [SessionGrade]) -> [String] {
        let doubtful = grades.filter { $0.error == nil && $0.needsReview }
        guard !doubtful.isEmpty else { return [] }
        var lines = [
            "",
            Messages.plural(
                "%s session needs your look (its stars, marked ?, are provisional):",
                "%s sessions need your look (their stars, marked ?, are provisional):", count: doubtful.count, doubtful.count),
        ]
        for row in doubtful {
            lines.append("  \(Self.sessionLabel(row)):")
            for reason in row.review {
                lines.append("    - " + Self.clean(reason.text))
                lines.append("      " + Messages.text("What to do: %s", Self.clean(reason.fix)))
            }
        }
        return lines
    }

    /// A session as the lists below the table name it: its folder and its student, `maya/level-3 (Maya)`, made
    /// safe for a terminal (the name cut to ``maximumNameWidth``).
    static func sessionLabel(_ grade: SessionGrade) -> String {
        "\(clean(grade.path)) (\(TerminalText.truncated(grade.student, width: maximumNameWidth)))"
    }

    private func trimmed(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    private func paint(_ text: String, for value: String) -> String {
        guard color else { return text }
        let code: String
        switch value.hasSuffix(Self.provisionalMark) ? String(value.dropLast()) : value {
        case Self.starText(3): code = "32"
        case Self.starText(2): code = "33"
        case Self.starText(1): code = "35"
        case Self.starText(0), Self.errorCell: code = "31"
        default: code = "2"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// A figure as few digits as it needs: 2, 1.5.
    public static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : Messages.decimal(String(value))
    }

    /// The widest student name shown in the table; longer names end in `…` (CSV, JSON and HTML keep them whole).
    public static let maximumNameWidth = 40

    /// A name from a file made safe for a terminal: control characters (which could move the cursor or
    /// change colours) are made visible (see `TerminalText.visible`).
    public static func clean(_ text: String) -> String {
        TerminalText.visible(text)
    }
}
