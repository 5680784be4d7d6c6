import CardBotClassroom
import Mustache

/// The term's progress as one self-contained HTML page: a grid of students by levels in unlock order (solved
/// cells coloured by stars with the day solved, the next level marked, locked levels grey), each level's solve
/// rate as a bar, and for each student a chart of the attempts each level took, in the order solved.
public enum ProgressHTML {
    private static let template: MustacheTemplate = {
        HTMLEscaping.registered
        do {
            return try MustacheTemplate(string: ProgressHTMLTemplate.text)
        } catch {
            preconditionFailure("the built-in progress template does not parse: \(error)")
        }
    }()

    /// The page.
    public static func text(for progress: TermProgress, title: String) -> String {
        template.render(context(for: progress, title: title))
    }

    /// Pixels per attempt in the charts, and the chart's height.
    static let barUnit = 12, chartHeight = 120, barWidth = 34

    static func context(for progress: TermProgress, title: String) -> [String: Any] {
        let played = Set(progress.figures.map(\.level))
        let open = Set(progress.students.flatMap(\.available))
        let columns = progress.levelOrder.filter { played.contains($0) || open.contains($0) }
        let rows: [[String: Any]] = progress.students.map { student in
            let cells: [[String: Any]] = columns.map { level in
                if let standing = student.levels.first(where: { $0.level == level }) {
                    if let day = standing.solvedOn {
                        return ["css": "s\(standing.stars)", "label": ClassTable.starText(standing.stars), "note": day,
                                "title": "solved on \(day) in \(standing.attemptsToSolve ?? standing.attempts) attempts"]
                    }
                    let tries = ClassTable.count(standing.attempts, "attempt")
                    return ["css": "tried", "label": "tried", "note": tries, "title": "\(tries), not solved yet"]
                }
                if student.next == level { return ["css": "next", "label": "next", "note": "", "title": "the next level to play"] }
                if student.available.contains(level) { return ["css": "open", "label": "open", "note": "", "title": "unlocked, not played"] }
                return ["css": "locked", "label": "", "note": "", "title": "locked"]
            }
            return ["student": student.name, "cells": cells, "chart": chart(student, progress: progress),
                    "summary": summary(student)]
        }
        let levels: [[String: Any]] = progress.figures.map { figure in
            let rate = figure.solveRate ?? 0
            var values: [String: Any] = [
                "number": String(figure.level), "name": figure.name, "students": String(figure.students),
                "solved": String(figure.solved), "rate": "\(Int((rate * 100).rounded()))%",
                "width": String(Int((rate * 200).rounded())),
                "median": figure.medianAttemptsToSolve.map(ClassTable.number) ?? "–",
            ]
            if figure.students >= 2 && rate < 0.5 { values["hard"] = "few solve it" }
            return values
        }
        var context: [String: Any] = [
            "title": title,
            "studentCount": ClassTable.count(progress.students.count, "student"),
            "levelCount": ClassTable.count(progress.figures.count, "level") + " played",
            "columns": columns.map { ["number": String($0), "name": progress.levelNames[$0] ?? ""] },
            "rows": rows,
            "levels": levels,
        ]
        if let first = progress.days.first, let last = progress.days.last {
            context["span"] = first == last ? "sessions of \(first)" : "sessions from \(first) to \(last)"
        }
        return context
    }

    /// "Solved 3 levels; next: level 4; tried: 5."
    static func summary(_ student: TermProgress.Student) -> String {
        var text = "Solved \(ClassTable.count(student.solved.count, "level"))"
        text += student.next.map { "; next: level \($0)" } ?? "; every unlocked level solved"
        if !student.triedNotSolved.isEmpty {
            text += "; tried, not solved: " + student.triedNotSolved.map { "level \($0.level)" }.joined(separator: ", ")
        }
        if student.errors > 0 {
            text += "; \(ClassTable.count(student.errors, "session")) could not be graded"
        }
        return text + "."
    }

    /// The bars of a student's chart: each level solved, in the order solved, as high as the attempts it took;
    /// then the levels tried and not solved, hollow, as high as the attempts so far.
    static func chart(_ student: TermProgress.Student, progress: TermProgress) -> [String: Any] {
        let solved = student.solved.sorted { ($0.solvedOn ?? "", $0.level) < ($1.solvedOn ?? "", $1.level) }
        let bars = solved.map { ($0, $0.attemptsToSolve ?? $0.attempts, "s\($0.stars)") }
            + student.triedNotSolved.map { ($0, $0.attempts, "tried") }
        let most = max(1, bars.map(\.1).max() ?? 1)
        let unit = Double(chartHeight - 30) / Double(most)
        let items: [[String: Any]] = bars.enumerated().map { index, bar in
            let height = max(2, Int((Double(bar.1) * unit).rounded()))
            let x = 30 + index * (barWidth + 8)
            let date = bar.0.solvedOn.map { String($0.dropFirst(5)) } ?? "not yet"
            return [
                "x": String(x), "y": String(chartHeight - 18 - height), "height": String(height), "width": String(barWidth),
                "css": bar.2, "labelX": String(x + barWidth / 2), "labelY": String(chartHeight - 5),
                "valueY": String(chartHeight - 22 - height), "value": String(bar.1),
                "label": "L\(bar.0.level)", "date": date,
                "title": "level \(bar.0.level): \(bar.1) attempts, \(bar.0.solvedOn.map { "solved \($0)" } ?? "not solved yet")",
            ]
        }
        return ["bars": items, "width": String(max(200, 40 + bars.count * (barWidth + 8))), "height": String(chartHeight),
                "axisY": String(chartHeight - 18), "hasBars": !items.isEmpty]
    }
}
