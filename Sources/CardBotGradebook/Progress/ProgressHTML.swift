import CardBotClassroom
import CardBotSupport
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
                        return ["css": "s\(standing.stars)",
                                "label": ClassTable.starText(standing.stars) + (standing.needsReview ? ClassTable.provisionalMark : ""),
                                "note": Messages.day(day),
                                "starWords": standing.needsReview
                                    ? Messages.text("%s, provisional: needs your look", ClassTable.starWords(standing.stars))
                                    : ClassTable.starWords(standing.stars),
                                "title": Messages.plural(
                                    "solved on %1$s in %2$s attempt", "solved on %1$s in %2$s attempts",
                                    count: standing.attemptsToSolve ?? standing.attempts, Messages.day(day),
                                    standing.attemptsToSolve ?? standing.attempts)]
                    }
                    let tries = Messages.plural("%s attempt", "%s attempts", count: standing.attempts, standing.attempts)
                    return ["css": "tried", "label": Messages.text("tried"), "note": tries,
                            "title": Messages.text("%s, not solved yet", tries)]
                }
                if student.next == level { return ["css": "next", "label": Messages.text("next"), "note": "", "title": Messages.text("the next level to play")] }
                if student.available.contains(level) { return ["css": "open", "label": Messages.text("open"), "note": "", "title": Messages.text("unlocked, not played")] }
                return ["css": "locked", "label": "", "note": "", "title": Messages.text("locked")]
            }
            return ["student": student.name, "cells": cells, "chart": chart(student, progress: progress),
                    "summary": summary(student), "chartLabel": Messages.text("attempts per level for %s", student.name)]
        }
        let levels: [[String: Any]] = progress.figures.map { figure in
            let rate = figure.solveRate ?? 0
            var values: [String: Any] = [
                "number": String(figure.level), "name": progress.shownLevelName(figure.level), "students": String(figure.students),
                "solved": String(figure.solved), "rate": "\(Int((rate * 100).rounded()))%",
                "width": String(Int((rate * 200).rounded())),
                "median": figure.medianAttemptsToSolve.map(ClassTable.number) ?? "–",
            ]
            if figure.students >= 2 && rate < 0.5 { values["hard"] = Messages.text("few solve it") }
            return values
        }
        var context: [String: Any] = [
            "title": title,
            "language": Messages.current.language,
            "t": headings(title: title),
            "studentCount": Messages.plural("%s student", "%s students", count: progress.students.count, progress.students.count),
            "levelCount": Messages.plural("%s level played", "%s levels played", count: progress.figures.count, progress.figures.count),
            "columns": columns.map { ["number": String($0), "name": progress.shownLevelName($0)] },
            "rows": rows,
            "levels": levels,
        ]
        if let misconceptions = MisconceptionsHTML.context(progress.misconceptions) { context["misconceptions"] = misconceptions }
        if let first = progress.days.first, let last = progress.days.last {
            context["span"] = first == last
                ? Messages.text("sessions of %s", first) : Messages.text("sessions from %1$s to %2$s", first, last)
        }
        return context
    }

    /// "Solved 3 levels; next: level 4; tried, not solved: level 5."
    static func summary(_ student: TermProgress.Student) -> String {
        let count = student.solved.count
        var text = Messages.plural("Solved %s level", "Solved %s levels", count: count, count)
        text += student.next.map { Messages.text("; next: level %s", $0) } ?? Messages.text("; every unlocked level solved")
        if !student.triedNotSolved.isEmpty {
            let levels = student.triedNotSolved.map { Messages.text("level %s", $0.level) }.joined(separator: ", ")
            text += Messages.text("; tried, not solved: %s", levels)
        }
        if student.errors > 0 {
            text += Messages.plural(
                "; %s session could not be graded", "; %s sessions could not be graded", count: student.errors, student.errors)
        }
        return text + "."
    }

    /// The page's fixed words, translated: the template shows them as `{{t.name}}`.
    static func headings(title: String) -> [String: String] {
        [
            "pageTitle": Messages.text("CardBot progress: %s", title),
            "heading": Messages.text("Progress: %s", title),
            "solvedFewest": Messages.text("solved, fewest cards"),
            "solved": Messages.text("solved"),
            "tried": Messages.text("tried, not solved"),
            "next": Messages.text("next"),
            "open": Messages.text("open"),
            "unlockedNotPlayed": Messages.text("unlocked, not played"),
            "locked": Messages.text("locked"),
            "studentsByLevel": Messages.text("Students by level, in unlock order"),
            "gridCaption": Messages.text("Each student's standing on each level: stars and the day solved, tried, next, open or locked."),
            "levelsCaption": Messages.text("How the term's students did on each level."),
            "student": Messages.text("Student"),
            "levels": Messages.text("Levels"),
            "level": Messages.text("Level"),
            "students": Messages.text("Students"),
            "solvedColumn": Messages.text("Solved"),
            "solveRate": Messages.text("Solve rate"),
            "medianAttemptsToSolve": Messages.text("Median attempts to solve"),
            "eachStudent": Messages.text("Each student: attempts each level took, in the order solved"),
        ]
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
            let date = bar.0.solvedOn.map(Messages.shortDay) ?? Messages.text("not yet")
            return [
                "x": String(x), "y": String(chartHeight - 18 - height), "height": String(height), "width": String(barWidth),
                "css": bar.2, "labelX": String(x + barWidth / 2), "labelY": String(chartHeight - 5),
                "valueY": String(chartHeight - 22 - height), "value": String(bar.1),
                "label": "L\(bar.0.level)", "date": date,
                "title": bar.0.solvedOn.map {
                    Messages.plural(
                        "level %1$s: %2$s attempt, solved %3$s", "level %1$s: %2$s attempts, solved %3$s", count: bar.1,
                        bar.0.level, bar.1, Messages.day($0))
                } ?? Messages.plural(
                    "level %1$s: %2$s attempt, not solved yet", "level %1$s: %2$s attempts, not solved yet", count: bar.1,
                    bar.0.level, bar.1),
            ]
        }
        return ["bars": items, "width": String(max(200, 40 + bars.count * (barWidth + 8))), "height": String(chartHeight),
                "axisY": String(chartHeight - 18), "hasBars": !items.isEmpty]
    }
}
