import CardBotClassroom
import CardBotImaging
import CardBotSupport

/// A progress report file, its format told by its extension (`.html`, `.csv`, `.json`), and the text of each.
public enum ProgressFormat: String, Sendable {
    case html
    case csv
    case json

    /// The format of `path`, or nil for another extension.
    public init?(path: String) {
        guard let format = ReportFormat(path: path) else { return nil }
        self.init(rawValue: format.rawValue)
    }

    /// The report's text.
    public func text(for progress: TermProgress, title: String) -> String {
        switch self {
        case .html: return ProgressHTML.text(for: progress, title: title)
        case .csv: return Self.csv(progress)
        case .json: return Self.json(progress)
        }
    }

    /// Writes the report atomically.
    /// - Throws: `ImageError` naming `path` when it cannot be written.
    public func write(_ progress: TermProgress, title: String, to path: String) throws {
        try FileBytes.writeAtomically(Array(text(for: progress, title: title).utf8), to: path)
    }

    /// One row per student and level played, written as the class CSV is (``ClassCSV/line(_:)``):
    /// `student,level,levelName,sessions,attempts,solved,stars,solvedOn,attemptsToSolve,next,needsReview`
    /// (`needsReview`: a session of the level has a grade that needs the teacher's look).
    static func csv(_ progress: TermProgress) -> String {
        var text = ClassCSV.line([
            "student", "level", "levelName", "sessions", "attempts", "solved", "stars", "solvedOn", "attemptsToSolve", "next",
            "needsReview",
        ])
        for student in progress.students {
            for standing in student.levels {
                text += ClassCSV.line([
                    student.name, String(standing.level), progress.levelNames[standing.level] ?? "", String(standing.sessions),
                    String(standing.attempts), standing.solvedOn == nil ? "false" : "true", String(standing.stars),
                    standing.solvedOn ?? "", standing.attemptsToSolve.map(String.init) ?? "", student.next.map(String.init) ?? "",
                    String(standing.needsReview),
                ])
            }
        }
        return text
    }

    /// `{"students":[...],"levels":[...],"misconceptions":{...}}`, one student or level per line; `misconceptions`
    /// is ``Misconceptions/jsonObject``.
    static func json(_ progress: TermProgress) -> String {
        func int(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        func number(_ value: Double?) -> String { value.map { JSONText.number($0, places: 3) } ?? "null" }
        let students = progress.students.map { student in
            let solved = student.solved.map {
                "{\"level\":\($0.level),\"stars\":\($0.stars),\"date\":\(JSONText.quote($0.solvedOn ?? "")),\"attemptsToSolve\":\(int($0.attemptsToSolve)),\"sessions\":\($0.sessions),\"needsReview\":\($0.needsReview)}"
            }
            let tried = student.triedNotSolved.map {
                "{\"level\":\($0.level),\"stars\":\($0.stars),\"attempts\":\($0.attempts),\"sessions\":\($0.sessions),\"needsReview\":\($0.needsReview)}"
            }
            return "{\"student\":\(JSONText.quote(student.name)),\"solved\":[\(solved.joined(separator: ","))],"
                + "\"next\":\(int(student.next)),\"available\":[\(student.available.map(String.init).joined(separator: ","))],"
                + "\"triedNotSolved\":[\(tried.joined(separator: ","))],\"errors\":\(student.errors)}"
        }
        let levels = progress.figures.map {
            "{\"level\":\($0.level),\"levelName\":\(JSONText.quote($0.levelName)),\"students\":\($0.students),\"solved\":\($0.solved),"
                + "\"solveRate\":\(number($0.solveRate)),\"medianAttemptsToSolve\":\(number($0.medianAttemptsToSolve))}"
        }
        return "{\"students\":[\n" + students.map { " " + $0 }.joined(separator: ",\n") + (students.isEmpty ? "" : "\n")
            + "],\n\"levels\":[\n" + levels.map { " " + $0 }.joined(separator: ",\n") + (levels.isEmpty ? "" : "\n") + "],\n"
            + "\"misconceptions\":" + progress.misconceptions.jsonObject + "}\n"
    }

    /// The terminal summary: one line per student, then one per level, then what goes wrong (the sentences of
    /// ``Misconceptions/sentences``), in the language of the messages.
    public static func lines(_ progress: TermProgress) -> [String] {
        var lines: [String] = []
        for student in progress.students {
            let solved = student.solved.map {
                "L\($0.level) \(ClassTable.starText($0.stars))" + ($0.needsReview ? ClassTable.provisionalMark : "")
            }.joined(separator: ", ")
            let tried = student.triedNotSolved.map { "L\($0.level)" }.joined(separator: ", ")
            var line = Messages.text(
                "%1$s: solved %2$s", ClassTable.clean(student.name), solved.isEmpty ? Messages.text("none") : solved)
            if !tried.isEmpty { line += Messages.text("; tried %s", tried) }
            line += Messages.text(
                "; next %s", student.next.map { "L\($0)" } ?? Messages.text("none (all available levels solved)"))
            lines.append(line)
        }
        lines.append("")
        lines.append(Messages.text("Levels:"))
        for figure in progress.figures {
            let rate = figure.solveRate.map { "\(Int(($0 * 100).rounded()))%" } ?? "-"
            let median = figure.medianAttemptsToSolve.map(ClassTable.number) ?? "-"
            lines.append(
                "  L\(figure.level) \(ClassTable.clean(progress.shownLevelName(figure.level))): "
                    + Messages.plural(
                        "%1$s of %2$s student solved it (%3$s); median attempts to solve %4$s",
                        "%1$s of %2$s students solved it (%3$s); median attempts to solve %4$s", count: figure.students,
                        figure.solved, figure.students, rate, median))
        }
        let said = progress.misconceptions.sentences
        if !said.isEmpty {
            lines.append("")
            lines.append(Messages.text("What goes wrong:"))
            lines += said.map { "  " + ClassTable.clean($0) }
        }
        return lines
    }
}
