import CardBotClassroom
import CardBotSupport
import Foundation
import GRDB

/// `cardbot grade export`: a gradebook's results for another gradebook, OneRoster 1.1 results or a generic CSV.
///
/// Every graded session of a curriculum level counts (sessions that could not be graded, and those that played
/// their own level file, do not). A session is given to the roster class its student was enrolled in on the day it
/// was recorded (the class of smallest id when several), so a student who changes class mid-term has her
/// earlier levels in the old class and her later ones in the new; a session no enrollment covers counts in the
/// roster class its class folder is (class.json's `rosterClassId`), when it is one. Rows depend only on the sessions' content and
/// days, never on when or in how many shards they were graded: a merged gradebook exports byte for byte what one
/// run does.
public enum GradeExport {
    /// The export rows of the gradebook at `path` (read only), sorted by class, level, student.
    /// - Throws: ``GradebookError`` when it is missing, not a CardBot gradebook, or cannot be read.
    public static func rows(inGradebook path: String) throws -> [ExportRow] {
        guard case .gradebook(let version) = try GradebookIdentity.inspect(path) else {
            throw GradebookError(file: path, said: Messages.later("no gradebook here: make one with cardbot grade CLASS_DIR --gradebook %s", .plain(path)))
        }
        guard version >= 6 else {
            throw GradebookError(file: path, said: Messages.later("is gradebook schema %s, without rosters: grade a class into it with this cardbot first", .plain("\(version)")))
        }
        return try GradebookReadOnly.read(path) { db in try rows(db) }
    }

    static func rows(_ db: Database) throws -> [ExportRow] {
        var students: [String: RosterStudent] = [:]
        for student in try RosterStudent.fetchAll(db) { students[student.id] = student }
        var titles: [String: String] = [:]
        for rosterClass in try RosterClass.fetchAll(db) { titles[rosterClass.id] = rosterClass.title }
        var enrollments: [String: [RosterEnrollment]] = [:]
        for enrollment in try RosterEnrollment.order(Column("class_id")).fetchAll(db) {
            enrollments[enrollment.studentID, default: []].append(enrollment)
        }
        var groups: [String: ExportRow] = [:]
        let sessions = try Row.fetchAll(
            db,
            sql: """
                SELECT s.class, s.student, s.student_id, g.level, coalesce(g.level_name, '') AS level_name, g.attempts, g.solved,
                       coalesce(g.stars, 0) AS stars, coalesce(g.recorded_at, s.graded_at) AS date
                FROM session s JOIN grading g ON g.id = s.grading_id
                WHERE g.level IS NOT NULL AND g.own_level_file IS NULL
                ORDER BY date, s.class, s.path
                """)
        for session in sessions {
            let id: String? = try session.checked("student_id", "session")
            let name: String = try session.checked("student", "session")
            let date: String = try session.checked("date", "session")
            let day = String(date.prefix(10))
            let level: Int = try session.checked("level", "grading")
            // The roster class she was in on the day; else the class the session was graded in, when its class.json
            // names a roster class.
            let folderClass: String = try session.checked("class", "session")
            let classID = id.flatMap { enrollments[$0]?.first { $0.covers(day) }?.classID }
                ?? (titles[folderClass] != nil ? folderClass : nil)
            let who = id.map { "id:" + $0 } ?? "name:" + name
            let key = [who, classID ?? "", String(level)].joined(separator: "\u{0}")
            let solved: Bool = try session.checked("solved", "grading")
            let stars: Int = try session.checked("stars", "grading")
            let attempts: Int = try session.checked("attempts", "grading")
            let levelName: String = try session.checked("level_name", "grading")
            var row = groups[key] ?? ExportRow(
                studentID: id, studentName: id.flatMap { students[$0]?.fullName } ?? name, student: id.flatMap { students[$0] },
                classID: classID, classTitle: classID.flatMap { titles[$0] }, level: level, levelName: levelName, solved: false, stars: 0, attempts: 0, sessions: 0,
                firstDay: day, solvedOn: nil, lastRecorded: date)
            row.solved = row.solved || solved
            row.stars = max(row.stars, stars)
            row.attempts += attempts
            row.sessions += 1
            if solved, row.solvedOn == nil { row.solvedOn = day }
            row.lastRecorded = max(row.lastRecorded, date)
            groups[key] = row
        }
        return groups.values.sorted {
            ($0.classID ?? "", $0.level, $0.studentID ?? "", $0.studentName) < ($1.classID ?? "", $1.level, $1.studentID ?? "", $1.studentName)
        }
    }

    /// Writes the gradebook at `gradebook`'s results in `format` to `out` (a folder for OneRoster, made when
    /// missing; a file for CSV), each file atomically. Returns the files written and the rows left out of a
    /// OneRoster export (sessions tied to no roster student or class).
    /// With `anonymise`, the CSV shows each student by her pseudonym only (``Anonymisation``; no names, grade or
    /// school; with `initials` no id either); OneRoster results hold only roster ids and scores either way.
    /// - Throws: ``GradebookError`` for the gradebook, a ``Problem`` for a file that cannot be written.
    public static func write(
        _ format: ExportFormat, gradebook: String, to out: String, anonymise: Anonymisation? = nil
    ) throws -> (files: [String], leftOut: Int) {
        // An export over the gradebook it reads (however the path is spelled, a link or a hard link) would destroy it.
        if FileSystem.isSameFile(out, gradebook) {
            throw Problem(file: out, Messages.text("is %s; name the report another file", Messages.text("the gradebook itself")))
        }
        let rows = try rows(inGradebook: gradebook)
        var files: [(String, String)] = []
        var leftOut = 0
        switch format {
        case .csv:
            files = [(out, ExportCSV.text(anonymise.map { anonymised(rows, $0) } ?? rows))]
        case .oneRosterResults:
            if FileSystem.kind(out) == .missing {
                do {
                    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                } catch {
                    throw Problem(file: out, Messages.text("cannot make the folder: %s", error.localizedDescription))
                }
            }
            guard FileSystem.kind(out) == .directory else {
                throw Problem(file: out, Messages.text("is not a folder: OneRoster results are a folder of CSV files"))
            }
            let kept = rows.filter { $0.studentID != nil && $0.classID != nil }
            leftOut = rows.count - kept.count
            files = [
                (FileSystem.join(out, "lineItems.csv"), OneRosterResults.lineItems(kept)),
                (FileSystem.join(out, "results.csv"), OneRosterResults.results(kept)),
                (FileSystem.join(out, "manifest.csv"), OneRosterResults.manifest),
            ]
        }
        if let file = files.map(\.0).first(where: { FileSystem.isSameFile($0, gradebook) }) {
            throw Problem(file: file, Messages.text("is %s; name the report another file", Messages.text("the gradebook itself")))
        }
        for (file, text) in files {
            do {
                try AtomicFile.write(Array(text.utf8), to: file)
            } catch {
                throw Problem(file: file, Messages.text("cannot be written: %s", error.said.localized))
            }
        }
        return (files.map(\.0), leftOut)
    }

    /// `rows` with each student shown by her pseudonym only: the roster's names, grade and school left out, and
    /// with `initials` her id too.
    static func anonymised(_ rows: [ExportRow], _ rule: Anonymisation) -> [ExportRow] {
        func key(_ row: ExportRow) -> String { row.studentID.map { "id:" + $0 } ?? "name:" + row.studentName }
        let pseudonyms = Pseudonyms(
            rule, students: rows.map { Pseudonyms.Student(key: key($0), name: $0.studentName, id: $0.studentID) })
        return rows.map { row in
            var row = row
            row.studentName = pseudonyms.byKey[key(row)] ?? "?"
            row.student = nil
            if rule == .initials { row.studentID = nil }
            return row
        }
    }

    /// The lines that say what an export wrote, in the reader's language.
    public static func summary(_ files: [String], leftOut: Int) -> String {
        var lines = files.map { Messages.text("wrote %s", $0) }
        if leftOut > 0 {
            lines.append(Messages.plural(
                "%s row left out: its sessions are tied to no roster student or class (see cardbot roster match)",
                "%s rows left out: their sessions are tied to no roster student or class (see cardbot roster match)",
                count: leftOut, leftOut))
        }
        return lines.joined(separator: "\n")
    }
}
