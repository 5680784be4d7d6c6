import Foundation
import Mustache

/// The class report as one self-contained HTML page: a grid of students by levels coloured by stars, the
/// levels' figures, and for each session its program as card names, a thumbnail of its last readable frame
/// with the cards outlined, and the level's map with the robot's path. No network is needed to open it:
/// the CSS is inline and the pictures are PNG `data:` URIs.
public enum ClassHTML {
    /// The parsed template (parsed once; it is a constant, so parsing cannot fail at run time).
    private static let template: MustacheTemplate = {
        HTMLEscaping.registered
        do {
            return try MustacheTemplate(string: ClassHTMLTemplate.text)
        } catch {
            preconditionFailure("the built-in HTML report template does not parse: \(error)")
        }
    }()

    /// The page.
    public static func text(for grade: ClassGrade) -> String {
        template.render(context(for: grade))
    }

    /// The values the template shows, every one a string, a list or a flag.
    static func context(for grade: ClassGrade) -> [String: Any] {
        let grades = grade.grades
        let summary = grade.summary
        var anchors: [String: String] = [:]
        for (index, row) in grades.enumerated() { anchors[row.path] = "session-\(index + 1)" }

        var levelNumbers = Set(summary.levels.map(\.level))
        var levelNames: [Int: String] = [:]
        for row in grades {
            if let level = row.level {
                levelNumbers.insert(level)
                if levelNames[level] == nil, let name = row.levelName { levelNames[level] = name }
            }
        }
        let levels = levelNumbers.sorted()
        var students: [String] = []
        var seen = Set<String>()
        for row in grades where seen.insert(row.student).inserted { students.append(row.student) }

        let rows: [[String: Any]] = students.map { student in
            let own = grades.filter { $0.student == student }
            let cells: [[String: Any]] = levels.map { level in
                let here = own.filter { $0.level == level }
                var cell: [String: Any] = ["label": ClassTable.cell(here)]
                let best = here.filter { $0.stars != nil }.max { ($0.stars ?? 0) < ($1.stars ?? 0) } ?? here.first
                if let best, let anchor = anchors[best.path] { cell["anchor"] = anchor }
                if let stars = best?.stars {
                    cell["css"] = "s\(stars)"
                } else {
                    cell["css"] = here.isEmpty ? "none" : "err"
                }
                return cell
            }
            var row: [String: Any] = ["student": student, "cells": cells, "unplacedCss": "none"]
            // Sessions that failed before their level was known get the last column.
            let unplaced = own.filter { $0.error != nil && $0.level == nil }
            if !unplaced.isEmpty {
                row["unplaced"] = unplaced.map { ["anchor": anchors[$0.path] ?? "", "path": $0.path] }
                row["unplacedCss"] = "err"
            }
            return row
        }
        let hasUnplaced = grades.contains { $0.error != nil && $0.level == nil }

        let figures: [[String: Any]] = summary.levels.map { level in
            [
                "number": String(level.level), "name": level.levelName, "students": String(level.students),
                "solved": String(level.solved), "medianAttempts": level.medianAttempts.map(ClassTable.number) ?? "–",
                "medianAttemptsToSolve": level.medianAttemptsToSolve.map(ClassTable.number) ?? "–",
                "stars0": String(level.stars[0]), "stars1": String(level.stars[1]), "stars2": String(level.stars[2]),
                "stars3": String(level.stars[3]),
            ]
        }

        let sessions: [[String: Any]] = grades.map { row in
            session(row, anchor: anchors[row.path] ?? "", pictures: grade.pictures[row.path])
        }

        var context: [String: Any] = [
            "title": grade.classPath,
            "sessionCount": ClassTable.count(summary.sessions, "session"),
            "studentCount": ClassTable.count(summary.students, "student"),
            "levels": levels.map { ["number": String($0), "name": levelNames[$0] ?? ""] },
            "rows": rows,
            "hasUnplaced": hasUnplaced,
            "hasLevels": !figures.isEmpty,
            "levelFigures": figures,
            "sessions": sessions,
        ]
        if summary.errors > 0 { context["errorCount"] = "\(summary.errors) not graded" }
        return context
    }

    static func session(_ row: SessionGrade, anchor: String, pictures: SessionPictures?) -> [String: Any] {
        var values: [String: Any] = [
            "anchor": anchor,
            "student": row.student,
            "path": row.path,
            "levelTitle": row.level.map { "level \($0)" + (row.levelName.map { ": \($0)" } ?? "") } ?? "no level",
            "starText": row.stars.map(ClassTable.starText) ?? "error",
            "css": row.stars.map { "s\($0)" } ?? "err",
            "attempts": String(row.attempts),
        ]
        if let error = row.error {
            values["error"] = error
            return values
        }
        if let first = row.firstSuccess {
            values["solvedText"] = "yes, at attempt \(first.attempt) (\(first.frame), \(SessionReport.time(first.seconds)))"
        } else {
            values["solvedText"] = "no"
        }
        let optimum = row.optimal.map { "the fewest possible is \($0)" }
            ?? row.maxCards.map { "the fewest possible is not known; the level allows \($0)" }
            ?? "the fewest possible is not known"
        values["cardsText"] = row.cards.map { "\($0) (\(optimum))" } ?? "– (\(optimum))"
        values["framesText"] = "\(row.frames - row.unreadableFrames) read, \(row.unreadableFrames) unreadable"
        values["programTitle"] = row.solved ? "Best program" : (row.attempts > 0 ? "Last program run" : "Cards on the table at the end")
        values["hasProgram"] = !row.shownProgram.isEmpty
        values["program"] = row.shownProgram
        if let thumbnail = pictures?.thumbnail {
            values["thumbnail"] = Data(thumbnail).base64EncodedString()
            values["thumbnailCaption"] = "The last readable frame, cards numbered in reading order"
        }
        if let map = pictures?.map {
            values["map"] = Data(map).base64EncodedString()
            values["mapCaption"] = row.solved ? "The robot's path (best program)" : "The robot's path (last program run)"
        }
        if let pictures, !pictures.replays.isEmpty {
            values["replays"] = pictures.replays.map { replay -> [String: Any] in
                ["gif": Data(replay.gif).base64EncodedString(), "attempt": String(replay.attempt)]
            }
        }
        if let left = pictures?.replaysLeftOut, left > 0 {
            values["replaysLeftOut"] = "\(left) more \(left == 1 ? "replay" : "replays") left out to keep the page small"
        }
        return values
    }
}
