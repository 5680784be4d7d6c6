import CardBotClassroom
import CardBotSession
import CardBotSupport
import CardBotTracking
import Foundation
import GRDB

/// Grades to rows and back: one grading with its attempts, unreadable frames and files.
enum GradebookRows {
    /// Now, as ISO 8601 UTC to the second (`2026-11-23T05:41:07Z`), as SQLite's date functions read it.
    static func now() -> String { timestamp(Date()) }

    /// `date` as ISO 8601 UTC to the second.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
    }

    /// Card names as stored: separated by single spaces.
    static func programText(_ cards: [String]) -> String { cards.joined(separator: " ") }

    /// Card names from their stored text.
    static func program(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    /// Review reasons as stored: one a line, `code<TAB>text<TAB>fix` (tabs and line breaks in the texts made
    /// spaces).
    static func reviewText(_ reasons: [ReviewReason]) -> String {
        func flat(_ text: String) -> String {
            text.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "\r", with: " ")
        }
        return reasons.map { "\($0.code.rawValue)\t\(flat($0.text))\t\(flat($0.fix))" }.joined(separator: "\n")
    }

    /// Review reasons from their stored text; a line without a code this cardbot knows (a file edited by hand; a
    /// newer cardbot's gradebook is refused before this) is left out.
    static func review(_ text: String) -> [ReviewReason] {
        text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let code = ReviewReason.Code(rawValue: parts[0]) else { return nil }
            return ReviewReason(code: code, text: parts[1], fix: parts[2])
        }
    }

    /// Inserts `grade` as a grading with its attempts, unreadable frames and files; returns its id. When the same
    /// content and settings are already there (another run recorded it first), that grading's id, its rows
    /// replaced by these when `replace` (`--regrade`).
    static func insertGrading(
        _ grade: SessionGrade, pictures: SessionPictures?, fingerprint: SessionFingerprint, settings: String,
        levelHash: String?, cardbotVersion: String, replace: Bool, db: Database
    ) throws -> Int64 {
        let record = GradingRecord(
            grade: grade, pictures: pictures, fingerprint: fingerprint.value, settings: settings, levelHash: levelHash,
            recordedAt: fingerprint.modified.map(timestamp), gradedAt: now(), cardbotVersion: cardbotVersion)
        let id: Int64
        if let existing = try Int64.fetchOne(
            db, sql: "SELECT id FROM grading WHERE fingerprint = ? AND settings = ?", arguments: [fingerprint.value, settings])
        {
            guard replace else { return existing }
            for (table, _) in PartContent.childTables {
                try db.execute(sql: "DELETE FROM \(table) WHERE grading_id = ?", arguments: [existing])
            }
            try db.execute(sql: "DELETE FROM grading WHERE id = ?", arguments: [existing])
            id = try record.insert(db, id: existing)
        } else {
            id = try record.insert(db)
        }
        try insertChildren(
            id, attempts: grade.history, unreadable: grade.unreadable, replays: pictures?.replays ?? [],
            files: fingerprint.files.map { ($0.name, $0.size, $0.hash) }, taps: grade.taps, crops: pictures?.crops ?? [:], db: db)
        return id
    }

    /// Inserts the rows that belong to grading `id`.
    static func insertChildren(
        _ id: Int64, attempts: [AttemptRecord], unreadable: [SessionRun.UnreadableFrame],
        replays: [(attempt: Int, gif: [UInt8])], files: [(String, Int, String)], taps: [SessionGrade.Tap],
        crops: [Int: [[UInt8]?]] = [:], db: Database
    ) throws {
        for (position, tap) in taps.enumerated() {
            try db.execute(
                sql: "INSERT INTO tap (grading_id, position, frame, seconds, end_seconds, press) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [id, position + 1, tap.frame, tap.seconds, tap.end, tap.press])
        }
        for replay in replays {
            try db.execute(
                sql: "INSERT INTO replay (grading_id, attempt, gif) VALUES (?, ?, ?)",
                arguments: [id, replay.attempt, Data(replay.gif)])
        }
        for attempt in attempts {
            try db.execute(
                sql: """
                    INSERT INTO attempt (grading_id, number, frame, seconds, program, solved, reason, message, read_program,
                        corrected_by, corrected_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, attempt.number, attempt.frame, attempt.seconds, programText(attempt.program), attempt.solved,
                    attempt.reason, attempt.message, attempt.correction.map { programText($0.readNames) },
                    attempt.correction?.by, attempt.correction?.at,
                ])
        }
        for attempt in attempts {
            let pictures = crops[attempt.number] ?? []
            for (index, reading) in attempt.readings.enumerated() {
                guard let reading else { continue }
                let crop = index < pictures.count ? pictures[index].map { Data($0) } : nil
                try db.execute(
                    sql: """
                        INSERT INTO card_reading (grading_id, attempt, position, marker, confidence, corrected_cells, crop)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [id, attempt.number, index + 1, reading.marker, reading.confidence, reading.correctedCells, crop])
            }
        }
        for (position, frame) in unreadable.enumerated() {
            try db.execute(
                sql: "INSERT INTO unreadable_frame (grading_id, position, frame, reason) VALUES (?, ?, ?, ?)",
                arguments: [id, position + 1, frame.name, frame.reason])
        }
        for (position, file) in files.enumerated() {
            try db.execute(
                sql: "INSERT INTO session_file (grading_id, position, name, size, hash) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, position + 1, file.0, file.1, file.2])
        }
    }

    /// The grade's own level file within its session folder (the gradebook keeps it so, as a grading may be
    /// taken for the same content at another place), or nil for a curriculum level.
    static func sessionLevelFile(_ grade: SessionGrade) -> String? {
        guard let file = grade.levelFile else { return nil }
        if grade.path == "." { return file }
        return file.hasPrefix(grade.path + "/") ? String(file.dropFirst(grade.path.count + 1)) : file
    }

    /// The first success that grading `row` records (`first_success_attempt`, `_frame`, `_seconds`); nil when it
    /// records none.
    static func firstSuccess(_ row: Row) throws -> SessionGrade.FirstSuccess? {
        guard let attempt: Int = try row.checked("first_success_attempt", "grading") else { return nil }
        return .init(
            attempt: attempt, frame: try row.checked("first_success_frame", "grading") ?? "",
            seconds: try row.checked("first_success_seconds", "grading") ?? 0)
    }

    /// The grade of grading `row` for the session at `path` of `student`, and its pictures.
    static func grade(_ row: Row, db: Database, path: String, student: String) throws -> (SessionGrade, SessionPictures?) {
        let id: Int64 = try row.checked("id", "grading")
        var readings: [Int: [(position: Int, reading: CardReading, crop: [UInt8]?)]] = [:]
        for reading in try Row.fetchAll(
            db, sql: "SELECT * FROM card_reading WHERE grading_id = ? ORDER BY attempt, position", arguments: [id])
        {
            let attempt: Int = try reading.checked("attempt", "card_reading")
            let crop: Data? = try reading.checked("crop", "card_reading")
            readings[attempt, default: []].append((
                try reading.checked("position", "card_reading"),
                CardReading(
                    marker: try reading.checked("marker", "card_reading"), confidence: try reading.checked("confidence", "card_reading"),
                    correctedCells: try reading.checked("corrected_cells", "card_reading")),
                crop.map { Array($0) }))
        }
        var crops: [Int: [[UInt8]?]] = [:]
        var attempts = try Row.fetchAll(
            db, sql: "SELECT * FROM attempt WHERE grading_id = ? ORDER BY number", arguments: [id]
        ).map { attempt in
            var correction: AttemptCorrection? = nil
            if let read: String = try attempt.checked("read_program", "attempt") {
                correction = AttemptCorrection(
                    by: try attempt.checked("corrected_by", "attempt"), at: try attempt.checked("corrected_at", "attempt"),
                    readNames: program(read), readMarkers: [])
            }
            return AttemptRecord(
                number: try attempt.checked("number", "attempt"), frame: try attempt.checked("frame", "attempt"),
                seconds: try attempt.checked("seconds", "attempt"), program: program(try attempt.checked("program", "attempt")),
                solved: try attempt.checked("solved", "attempt"), reason: try attempt.checked("reason", "attempt"),
                message: try attempt.checked("message", "attempt"), correction: correction)
        }
        for index in attempts.indices {
            let number = attempts[index].number
            guard let kept = readings[number] else { continue }
            // Positions beyond the program are damage: left out.
            let count = attempts[index].program.count
            var shown = [CardReading?](repeating: nil, count: count)
            var pictures = [[UInt8]?](repeating: nil, count: count)
            for entry in kept where entry.position >= 1 && entry.position <= count {
                shown[entry.position - 1] = entry.reading
                pictures[entry.position - 1] = entry.crop
            }
            attempts[index].readings = shown
            if pictures.contains(where: { $0 != nil }) { crops[number] = pictures }
        }
        let unreadable = try Row.fetchAll(
            db, sql: "SELECT frame, reason FROM unreadable_frame WHERE grading_id = ? ORDER BY position", arguments: [id]
        ).map {
            SessionRun.UnreadableFrame(
                name: try $0.checked("frame", "unreadable_frame"), reason: try $0.checked("reason", "unreadable_frame"))
        }
        let taps = try Row.fetchAll(
            db, sql: "SELECT frame, seconds, end_seconds, press FROM tap WHERE grading_id = ? ORDER BY position",
            arguments: [id]
        ).map {
            SessionGrade.Tap(
                frame: try $0.checked("frame", "tap"), seconds: try $0.checked("seconds", "tap"),
                end: try $0.checked("end_seconds", "tap"), press: try $0.checked("press", "tap"))
        }
        let notesText: String = try row.checked("notes", "grading") ?? ""
        var grade = SessionGrade(
            path: path, student: student, level: try row.checked("level", "grading"),
            levelName: try row.checked("level_name", "grading"), attempts: try row.checked("attempts", "grading"),
            solved: try row.checked("solved", "grading"), stars: try row.checked("stars", "grading"),
            cards: try row.checked("cards", "grading"), optimal: try row.checked("optimal", "grading"),
            maxCards: try row.checked("max_cards", "grading"), firstSuccess: try firstSuccess(row),
            frames: try row.checked("frames", "grading"),
            unreadableFrames: try row.checked("unreadable_frames", "grading"),
            finalProgram: program(try row.checked("final_program", "grading")),
            shownProgram: program(try row.checked("shown_program", "grading")), history: attempts, unreadable: unreadable,
            signal: (try row.checked("run_signal", "grading") as String?).flatMap(RunSignal.init(rawValue:)), taps: taps,
            notes: notesText.isEmpty ? [] : notesText.components(separatedBy: "\n"))
        grade.review = GradebookRows.review(try row.checked("review_reasons", "grading") ?? "")
        if let own: String = try row.checked("own_level_file", "grading") { grade.levelFile = path == "." ? own : FileSystem.join(path, own) }
        let thumbnail: Data? = try row.checked("thumbnail", "grading")
        let map: Data? = try row.checked("map", "grading")
        let replays = try Row.fetchAll(
            db, sql: "SELECT attempt, gif FROM replay WHERE grading_id = ? ORDER BY attempt", arguments: [id]
        ).map { (attempt: try $0.checked("attempt", "replay") as Int, gif: Array(try $0.checked("gif", "replay") as Data)) }
        let leftOut: Int = try row.checked("replays_left_out", "grading") ?? 0
        guard thumbnail != nil || map != nil || !replays.isEmpty || leftOut > 0 || !crops.isEmpty else { return (grade, nil) }
        var pictures = SessionPictures(thumbnail: thumbnail.map { Array($0) }, map: map.map { Array($0) })
        pictures.replays = replays
        pictures.crops = crops
        pictures.replaysLeftOut = leftOut
        return (grade, pictures)
    }
}

/// One row of `grading`, as inserted.
struct GradingRecord {
    var grade: SessionGrade
    var pictures: SessionPictures?
    var fingerprint: String
    var settings: String
    var levelHash: String?
    var recordedAt: String?
    var gradedAt: String
    var cardbotVersion: String

    /// Inserts the row (with `id`, else a new one) and returns its id.
    func insert(_ db: Database, id: Int64? = nil) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO grading (id, fingerprint, settings, level, level_name, level_file_hash, attempts, solved, stars,
                    cards, optimal, max_cards, first_success_attempt, first_success_frame, first_success_seconds, frames,
                    unreadable_frames, final_program, shown_program, thumbnail, map, recorded_at, graded_at, cardbot_version,
                    replays_left_out, run_signal, notes, own_level_file, needs_review, review_reasons)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, fingerprint, settings, grade.level, grade.levelName, levelHash, grade.attempts, grade.solved, grade.stars,
                grade.cards, grade.optimal, grade.maxCards, grade.firstSuccess?.attempt, grade.firstSuccess?.frame,
                grade.firstSuccess?.seconds, grade.frames, grade.unreadableFrames,
                GradebookRows.programText(grade.finalProgram), GradebookRows.programText(grade.shownProgram),
                pictures?.thumbnail.map { Data($0) }, pictures?.map.map { Data($0) }, recordedAt, gradedAt, cardbotVersion,
                pictures?.replaysLeftOut ?? 0, grade.signal?.rawValue,
                grade.notes.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n"),
                GradebookRows.sessionLevelFile(grade), grade.needsReview, GradebookRows.reviewText(grade.review),
            ])
        return db.lastInsertedRowID
    }
}
