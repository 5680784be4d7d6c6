import CardBotImaging
import CardBotLesson
import CardBotSupport
import Foundation
import Mustache

/// The class report as one self-contained HTML page: a grid of students by levels coloured by stars, the
/// levels' figures, and for each session its program as card names, a thumbnail of its last readable frame
/// with the cards outlined, and the level's map with the robot's path. No network is needed to open it:
/// the CSS is inline and the pictures are PNG `data:` URIs, or, for a large class, files in a folder beside the
/// page (see ``ReportPictures``).
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

    /// The page, with its pictures inside it.
    public static func text(for grade: ClassGrade) -> String {
        template.render(context(for: grade))
    }

    /// The report of a large class as a book: the class page (the grid, the levels and an index of the sessions,
    /// no pictures), returned, and in `pictures`' folder a page per student (see ``StudentPages``) with that
    /// student's sessions and their pictures, written into `pictures.directory` as they are made. A class of
    /// any size stays a page that opens at once, and its pictures are read from the shelf one session at a time.
    /// - Throws: The first page or picture that could not be written.
    /// - Parameter classPage: The class page's file name, which the student pages link back to.
    public static func book(for grade: ClassGrade, classPage: String, pictures: ReportPictures) throws -> String {
        guard let folder = pictures.folder, let directory = pictures.directory else { return text(for: grade) }
        let book = StudentPages(grade.grades, folder: folder)
        let title = grade.className
        for (number, page) in book.pages.enumerated() {
            let sessions = page.rows.map { index in
                let row = grade.grades[index]
                return session(row, anchor: book.anchors[row.path] ?? "", pictures: grade.pictures[row.path], placement: pictures)
            }
            let heading = page.parts == 1
                ? Messages.text("%1$s · class report: %2$s", page.student, title)
                : Messages.text("%1$s (%2$s of %3$s) · class report: %4$s", page.student, page.part + 1, page.parts, title)
            var headings = Self.headings(classPath: title)
            headings["pageTitle"] = heading
            headings["heading"] = heading
            var links: [[String: String]] = [
                ["href": ReportPictures.link(to: "../" + classPage), "label": "← " + Messages.text("The whole class")]
            ]
            if number > 0 {
                links.append(["href": book.pages[number - 1].file, "label": "← " + book.pages[number - 1].student])
            }
            if number + 1 < book.pages.count {
                links.append(["href": book.pages[number + 1].file, "label": book.pages[number + 1].student + " →"])
            }
            let context: [String: Any] = [
                "title": title, "language": Messages.current.language, "t": headings,
                "sessionCount": Messages.plural("%s session", "%s sessions", count: sessions.count, sessions.count),
                "sessions": sessions, "navigation": links, "hasNavigation": true,
            ]
            if let error = pictures.writeError { throw error }
            try FileBytes.writeAtomically(Array(template.render(context).utf8), to: FileSystem.join(directory, page.file))
        }
        if let error = pictures.writeError { throw error }
        var context = context(for: grade, links: book.links, sessions: [])
        context["index"] = grade.grades.map { row -> [String: Any] in
            [
                "href": book.links[row.path] ?? "", "student": row.student, "path": row.path,
                "levelTitle": levelTitle(row), "starText": provisionalStars(row), "starWords": starWords(row),
                "css": row.stars.map { "s\($0)" } ?? "err", "attempts": row.error == nil ? String(row.attempts) : "–",
            ]
        }
        context["hasIndex"] = true
        return template.render(context)
    }

    /// The values the template shows, every one a string, a list or a flag.
    static func context(for grade: ClassGrade) -> [String: Any] {
        let placement = ReportPictures()
        var links: [String: String] = [:]
        for (index, row) in grade.grades.enumerated() { links[row.path] = "#session-\(index + 1)" }
        let sessions: [[String: Any]] = grade.grades.enumerated().map { index, row in
            session(row, anchor: "session-\(index + 1)", pictures: grade.pictures[row.path], placement: placement)
        }
        return context(for: grade, links: links, sessions: sessions)
    }

    /// The class page's values: the grid and the levels, each session linked by `links` (by path), and `sessions`
    /// shown in full.
    static func context(for grade: ClassGrade, links anchors: [String: String], sessions: [[String: Any]]) -> [String: Any] {
        let grades = grade.grades
        let summary = grade.summary

        var levelKeys = Set(summary.levels.map(\.key))
        var levelNames: [LevelKey: String] = [:]
        for row in grades {
            if let level = row.levelKey {
                levelKeys.insert(level)
                if levelNames[level] == nil, let name = row.levelTitle { levelNames[level] = name }
            }
        }
        let levels = levelKeys.sorted()
        var students: [String] = []
        var seen = Set<String>()
        for row in grades where seen.insert(row.student).inserted { students.append(row.student) }

        let rows: [[String: Any]] = students.map { student in
            let own = grades.filter { $0.student == student }
            let cells: [[String: Any]] = levels.map { level in
                let here = own.filter { $0.levelKey == level }
                var cell: [String: Any] = ["label": ClassTable.cell(here)]
                let best = here.filter { $0.stars != nil }.max { ($0.stars ?? 0) < ($1.stars ?? 0) } ?? here.first
                if let best, let anchor = anchors[best.path] { cell["anchor"] = anchor }
                if let stars = best?.stars {
                    cell["css"] = "s\(stars)"
                    cell["starWords"] = ClassTable.starWords(stars)
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
                "number": level.key.label, "name": level.levelTitle, "students": String(level.students),
                "solved": String(level.solved), "medianAttempts": level.medianAttempts.map(ClassTable.number) ?? "–",
                "medianAttemptsToSolve": level.medianAttemptsToSolve.map(ClassTable.number) ?? "–",
                "stars0": String(level.stars[0]), "stars1": String(level.stars[1]), "stars2": String(level.stars[2]),
                "stars3": String(level.stars[3]),
            ]
        }

        var context: [String: Any] = [
            "title": grade.className,
            "language": Messages.current.language,
            "t": Self.headings(classPath: grade.className),
            "sessionCount": Messages.plural("%s session", "%s sessions", count: summary.sessions, summary.sessions),
            "studentCount": Messages.plural("%s student", "%s students", count: summary.students, summary.students),
            "levels": levels.map {
                ["number": $0.label, "name": levelNames[$0] ?? "", "heading": Messages.text("Level %s", $0.label)]
            },
            "rows": rows,
            "hasUnplaced": hasUnplaced,
            "hasLevels": !figures.isEmpty,
            "levelFigures": figures,
            "sessions": sessions,
            "showSummary": true,
        ]
        if summary.errors > 0 { context["errorCount"] = Messages.text("%s not graded", summary.errors) }
        let doubtful = grades.filter { $0.error == nil && $0.needsReview }
        if !doubtful.isEmpty {
            context["review"] = [
                "heading": Messages.plural(
                    "%s session needs your look", "%s sessions need your look", count: doubtful.count, doubtful.count),
                "lead": Messages.text(
                    "CardBot is not sure of these grades: their stars are provisional (marked ?) until you check them. Each reason says what to look at, and the command that corrects it."),
                "sessions": doubtful.map { row -> [String: Any] in
                    [
                        "anchor": anchors[row.path] ?? "", "student": row.student, "levelTitle": levelTitle(row),
                        "starText": provisionalStars(row), "reasons": reasons(row),
                    ]
                },
            ]
        }
        if let misconceptions = MisconceptionsHTML.context(grade.misconceptions) { context["misconceptions"] = misconceptions }
        return context
    }

    static func session(
        _ row: SessionGrade, anchor: String, pictures: SessionPictures?, placement: ReportPictures = ReportPictures()
    ) -> [String: Any] {
        var values: [String: Any] = [
            "anchor": anchor,
            "student": row.student,
            "path": row.path,
            "levelTitle": levelTitle(row),
            "starText": provisionalStars(row),
            "starWords": starWords(row),
            "css": row.stars.map { "s\($0)" } ?? "err",
            "attempts": String(row.attempts),
        ]
        if let error = row.errorShown {
            values["error"] = error
            return values
        }
        if let first = row.firstSuccess {
            values["solvedText"] = Messages.text(
                "yes, at attempt %1$s (%2$s, %3$s)", first.attempt, FrameStamp.shown(first.frame), SessionReport.time(first.seconds))
        } else {
            values["solvedText"] = Messages.text("no")
        }
        if let signal = row.signal {
            values["signalText"] = SessionReport.signalText(
                signal, presses: row.taps.filter(\.press).map(\.seconds), attempts: row.attempts)
            values["estimated"] = signal.isEstimate
        }
        values["notes"] = row.notes
        values["hasNotes"] = !row.notes.isEmpty
        if row.needsReview {
            // Its own key: a session without one would find the page's `review` (Mustache looks up the stack).
            values["sessionReview"] = ["heading": Messages.text("Needs your look: the grade may be wrong."), "reasons": reasons(row)]
        }
        let optimum = row.optimal.map { Messages.text("the fewest possible is %s", $0) }
            ?? row.maxCards.map { Messages.text("the fewest possible is not known; the level allows %s", $0) }
            ?? Messages.text("the fewest possible is not known")
        values["cardsText"] = row.cards.map { "\($0) (\(optimum))" } ?? "– (\(optimum))"
        values["framesText"] = Messages.text(
            "%1$s read, %2$s unreadable", row.frames - row.unreadableFrames, row.unreadableFrames)
        values["programTitle"] = row.solved
            ? Messages.text("Best program")
            : (row.attempts > 0 ? Messages.text("Last program run") : Messages.text("Cards on the table at the end"))
        values["hasProgram"] = !row.shownProgram.isEmpty
        values["program"] = row.shownProgram.map(Card.shown)
        values["history"] = row.history.map { attempt -> [String: Any] in
            let readings = Self.readings(attempt, crops: pictures?.crops[attempt.number] ?? [], anchor: anchor, placement: placement)
            var values: [String: Any] = [
                "number": String(attempt.number), "frame": FrameStamp.shown(attempt.frame), "time": SessionReport.time(attempt.seconds),
                "cards": attempt.program.isEmpty ? Messages.text("no cards") : attempt.program.map(Card.shown).joined(separator: " "),
                "css": attempt.solved ? "ok" : "fail", "message": attempt.message,
                "readings": readings, "hasReadings": !readings.isEmpty,
            ]
            if let correction = attempt.correction { values["corrected"] = SessionReport.correctionLine(correction) }
            return values
        }
        values["hasHistory"] = !row.history.isEmpty
        values["unreadable"] = row.unreadable.map { ["frame": FrameStamp.shown($0.name), "reason": $0.shownReason] }
        values["hasUnreadable"] = !row.unreadable.isEmpty
        if let undone = row.failedAfterSolving, let first = row.firstSuccess {
            values["warning"] = Messages.text(
                "Solved at attempt %1$s, then the cards were changed: the last attempt (%2$s, %3$s) failed. The program above is the best one; the picture shows the cards at the end.",
                first.attempt, undone.number, FrameStamp.shown(undone.frame))
        }
        if let thumbnail = pictures?.thumbnail {
            values["thumbnail"] = placement.source(thumbnail, name: "\(anchor)-frame.png", type: "image/png")
            values["thumbnailCaption"] = Messages.text("The last readable frame, cards numbered in reading order")
            values["thumbnailAlt"] = Messages.text("The last readable frame of %s's session with the cards outlined", row.student)
        }
        if let map = pictures?.map {
            values["map"] = placement.source(map, name: "\(anchor)-map.png", type: "image/png")
            // The picture has a path only when a program ran (SessionPainter draws the best, else the last that ran).
            let ran = row.history.contains { $0.reason != AttemptRecord.notRunnable }
            values["mapCaption"] =
                row.solved
                ? Messages.text("The robot's path (best program)")
                : ran ? Messages.text("The robot's path (last program run)") : Messages.text("The level's map: no program was run")
            values["mapAlt"] = Messages.text("The map of %s with the robot's path", values["levelTitle"] as? String ?? "")
        }
        if let pictures, !pictures.replays.isEmpty {
            values["replays"] = pictures.replays.map { replay -> [String: Any] in
                [
                    "gif": placement.source(replay.gif, name: "\(anchor)-attempt-\(replay.attempt).gif", type: "image/gif"),
                    "alt": Messages.text("Attempt %1$s of %2$s's session replayed on the table", replay.attempt, row.student),
                    "caption": Messages.text("Attempt %s, replayed on the table", replay.attempt),
                ]
            }
        }
        if let notMade = pictures?.notMade, !notMade.isEmpty {
            values["notMade"] = Messages.text("Pictures that could not be made: %s. Grade the class again to make them.", notMade.joined(separator: "; "))
        }
        if let left = pictures?.replaysLeftOut, left > 0 {
            values["replaysLeftOut"] = Messages.plural(
                "%s more replay left out to keep the page small", "%s more replays left out to keep the page small", count: left,
                left)
        }
        return values
    }

    /// A session's stars (`★★☆`), marked `?` when the grade needs the teacher's look; "error" when not graded.
    static func provisionalStars(_ row: SessionGrade) -> String {
        guard let stars = row.stars else { return ClassTable.errorCell }
        return ClassTable.starText(stars) + (row.needsReview ? ClassTable.provisionalMark : "")
    }

    /// What a screen reader says for ``provisionalStars(_:)``: "2 of 3 stars", and that they are provisional.
    static func starWords(_ row: SessionGrade) -> String {
        guard let stars = row.stars else { return "" }
        let words = ClassTable.starWords(stars)
        return row.needsReview ? Messages.text("%s, provisional: needs your look", words) : words
    }

    /// A grade's reasons for a look, each with what to do.
    static func reasons(_ row: SessionGrade) -> [[String: String]] {
        row.review.map { ["code": $0.code.rawValue, "text": $0.text, "fix": $0.fix] }
    }

    /// An attempt's cards as read, for the history: each card's picture cut from the attempt's frame (where it
    /// was read), its words for a screen reader, and `unsure` when the reading should be checked.
    static func readings(
        _ attempt: AttemptRecord, crops: [[UInt8]?], anchor: String, placement: ReportPictures
    ) -> [[String: Any]] {
        (attempt.correction.map { $0.readNames.indices } ?? attempt.program.indices).compactMap { index -> [String: Any]? in
            guard index < crops.count, let crop = crops[index] else { return nil }
            let reading = index < attempt.readings.count ? attempt.readings[index] : nil
            // A corrected attempt's pictures are of what CardBot read.
            let names = attempt.correction?.readNames ?? attempt.program
            let card = Card.shown(index < names.count ? names[index] : "?")
            let percent = reading.map { Int(($0.confidence * 100).rounded()) } ?? 0
            let alt =
                reading?.isUnsure ?? false
                ? Messages.text("card %1$s, read as %2$s, unsure (%3$s%%): check it", index + 1, card, percent)
                : Messages.text("card %1$s, read as %2$s (%3$s%%)", index + 1, card, percent)
            return [
                "src": placement.source(crop, name: "\(anchor)-attempt-\(attempt.number)-card-\(index + 1).jpg", type: "image/jpeg"),
                "alt": alt, "unsure": reading?.isUnsure ?? false,
                // The confidence in words under the picture, not only in a tooltip.
                "confidence": reading.map { _ in "\(percent)%" } ?? "",
            ]
        }
    }

    /// "level 3: Left and right", as a session's heading names its level.
    static func levelTitle(_ row: SessionGrade) -> String {
        row.levelKey.map { level in
            row.levelTitle.map { Messages.text("level %1$s: %2$s", level.label, $0) } ?? Messages.text("level %s", level.label)
        } ?? Messages.text("not graded")
    }

    /// The page's fixed words, translated: the template shows them as `{{t.name}}`.
    static func headings(classPath: String) -> [String: String] {
        [
            "pageTitle": Messages.text("CardBot class report: %s", classPath),
            "heading": Messages.text("Class report: %s", classPath),
            "stars3": Messages.text("solved with the fewest cards"),
            "stars2": Messages.text("solved with more cards"),
            "stars1": Messages.text("tried, not solved"),
            "stars0": Messages.text("no program run"),
            "provisional": Messages.text("provisional: needs your look"),
            "whatToDo": Messages.text("What to do:"),
            "error": ClassTable.errorCell,
            "studentsByLevel": Messages.text("Students by level"),
            "gridCaption": Messages.text("The stars of each student on each level; a cell opens the session."),
            "levelsCaption": Messages.text("How the class did on each level."),
            "indexCaption": Messages.text("Every session, by student."),
            "stars3Words": ClassTable.starWords(3),
            "stars2Words": ClassTable.starWords(2),
            "stars1Words": ClassTable.starWords(1),
            "stars0Words": ClassTable.starWords(0),
            "student": Messages.text("Student"),
            "notGraded": Messages.text("Not graded"),
            "levels": Messages.text("Levels"),
            "level": Messages.text("Level"),
            "students": Messages.text("Students"),
            "solved": Messages.text("Solved"),
            "medianAttempts": Messages.text("Median attempts"),
            "medianAttemptsToSolve": Messages.text("Median attempts to solve"),
            "sessions": Messages.text("Sessions"),
            "session": Messages.text("Session"),
            "stars": Messages.text("Stars"),
            "attempts": Messages.text("Attempts"),
            "runSignal": Messages.text("Run signal"),
            "cards": Messages.text("Cards"),
            "frames": Messages.text("Frames"),
            "noCards": Messages.text("no cards"),
            "everyAttempt": Messages.text("Every attempt, in order"),
            "unreadableFrames": Messages.text("Frames that could not be read:"),
        ]
    }
}
