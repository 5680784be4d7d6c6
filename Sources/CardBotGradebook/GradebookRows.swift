import CardBotClassroom
import CardBotSession
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
            for table in PartContent.childTables {
                try db.execute(sql: "DELETE FROM \(table) WHERE grading_id = ?", arguments: [existing])
            }
            try db.execute(sql: "DELETE FROM grading WHERE id = ?", arguments: [existing])
            id = try record.insert(db, id: existing)
        } else {
            id = try record.insert(db)
        }
        try insertChildren(
            id, attempts: grade.history, unreadable: grade.unreadable, replays: pictures?.replays ?? [],
            files: fingerprint.files.map { ($0.name, $0.size, $0.hash) }, taps: grade.taps, db: db)
        return id
    }

    /// Inserts the rows that belong to grading `id`.
    static func insertChildren(
        _ id: Int64, attempts: [AttemptRecord], unreadable: [SessionRun.UnreadableFrame],
        replays: [(attempt: Int, gif: [UInt8])], files: [(String, Int, String)], taps: [SessionGrade.Tap], db: Database
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
                    INSERT INTO attempt (grading_id, number, frame, seconds, program, solved, reason, message)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, attempt.number, attempt.frame, attempt.seconds, programText(attempt.program), attempt.solved,
                    attempt.reason, attempt.message,
                ])
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

    /// The grade of grading `row` for the session at `path` of `student`, and its pictures.
    static func grade(_ row: Row, db: Database, path: String, student: String) throws -> (SessionGrade, SessionPictures?) {
        let id: Int64 = row["id"]
        let attempts = try Row.fetchAll(
            db, sql: "SELECT * FROM attempt WHERE grading_id = ? ORDER BY number", arguments: [id]
        ).map { attempt in
            AttemptRecord(
                number: attempt["number"], frame: attempt["frame"], seconds: attempt["seconds"],
                program: program(attempt["program"]), solved: attempt["solved"], reason: attempt["reason"],
                message: attempt["message"])
        }
        let unreadable = try Row.fetchAll(
            db, sql: "SELECT frame, reason FROM unreadable_frame WHERE grading_id = ? ORDER BY position", arguments: [id]
        ).map { SessionRun.UnreadableFrame(name: $0["frame"], reason: $0["reason"]) }
        let taps = try Row.fetchAll(
            db, sql: "SELECT frame, seconds, end_seconds, press FROM tap WHERE grading_id = ? ORDER BY position",
            arguments: [id]
        ).map { SessionGrade.Tap(frame: $0["frame"], seconds: $0["seconds"], end: $0["end_seconds"], press: $0["press"]) }
        let notesText: String = row["notes"] ?? ""
        var first: SessionGrade.FirstSuccess? = nil
        if let attempt: Int = row["first_success_attempt"] {
            first = .init(attempt: attempt, frame: row["first_success_frame"] ?? "", seconds: row["first_success_seconds"] ?? 0)
        }
        let grade = SessionGrade(
            path: path, student: student, level: row["level"], levelName: row["level_name"], attempts: row["attempts"],
            solved: row["solved"], stars: row["stars"], cards: row["cards"], optimal: row["optimal"],
            maxCards: row["max_cards"], firstSuccess: first, frames: row["frames"],
            unreadableFrames: row["unreadable_frames"], finalProgram: program(row["final_program"]),
            shownProgram: program(row["shown_program"]), history: attempts, unreadable: unreadable,
            signal: (row["run_signal"] as String?).flatMap(RunSignal.init(rawValue:)), taps: taps,
            notes: notesText.isEmpty ? [] : notesText.components(separatedBy: "\n"))
        let thumbnail: Data? = row["thumbnail"]
        let map: Data? = row["map"]
        let replays = try Row.fetchAll(
            db, sql: "SELECT attempt, gif FROM replay WHERE grading_id = ? ORDER BY attempt", arguments: [id]
        ).map { (attempt: $0["attempt"] as Int, gif: Array($0["gif"] as Data)) }
        let leftOut: Int = row["replays_left_out"] ?? 0
        guard thumbnail != nil || map != nil || !replays.isEmpty || leftOut > 0 else { return (grade, nil) }
        var pictures = SessionPictures(thumbnail: thumbnail.map { Array($0) }, map: map.map { Array($0) })
        pictures.replays = replays
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
                    replays_left_out, run_signal, notes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, fingerprint, settings, grade.level, grade.levelName, levelHash, grade.attempts, grade.solved, grade.stars,
                grade.cards, grade.optimal, grade.maxCards, grade.firstSuccess?.attempt, grade.firstSuccess?.frame,
                grade.firstSuccess?.seconds, grade.frames, grade.unreadableFrames,
                GradebookRows.programText(grade.finalProgram), GradebookRows.programText(grade.shownProgram),
                pictures?.thumbnail.map { Data($0) }, pictures?.map.map { Data($0) }, recordedAt, gradedAt, cardbotVersion,
                pictures?.replaysLeftOut ?? 0, grade.signal?.rawValue,
                grade.notes.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n"),
            ])
        return db.lastInsertedRowID
    }
}
