import CardBotClassroom
import CardBotSession
import CardBotSupport
import Foundation
import GRDB

/// The term's gradebook: an SQLite file that remembers every graded session (see ``GradebookSchema``).
///
/// It is a ``GradeStore``: a regrade takes the sessions whose content (``SessionFingerprint``) and settings are
/// unchanged from it instead of reading their frames, and records each session it grades in its own
/// transaction, so that two runs at once, or a run killed midway, leave it consistent. The file is in WAL mode
/// with foreign keys on; a file that is not a CardBot gradebook, or was written by a newer cardbot, is refused
/// before anything is written.
public final class Gradebook: GradeStore, @unchecked Sendable {
    /// The gradebook file.
    public let path: String
    /// The connection pool (one writer, concurrent readers).
    let pool: DatabasePool
    /// The cardbot version written beside each grading.
    let cardbotVersion: String
    /// Grade every session again, even unchanged ones (`--regrade`).
    public var regradeAll = false

    private let lock = NSLock()
    private var failure: GradebookError?
    private var fileHashes: [String: String] = [:]
    private var fingerprints: [String: SessionFingerprint] = [:]
    /// Sessions whose stored grading could not be read (a damaged gradebook): graded again and stored anew.
    private var damaged: Set<String> = []
    private var counts = (reused: 0, recorded: 0, failed: 0)

    /// How long a write waits for another process's transaction on the same file.
    static let busyTimeout: TimeInterval = 120

    /// Opens the gradebook at `path` for writing, making it (and migrating it to the newest schema) when needed.
    /// - Throws: ``GradebookError`` when the file is not a CardBot gradebook, is from a newer cardbot, cannot be
    ///   written (a read-only file or folder) or cannot be opened; such a file is left unchanged.
    public init(path: String, cardbotVersion: String) throws {
        self.path = path
        self.cardbotVersion = cardbotVersion
        _ = try GradebookIdentity.inspect(path)
        try Self.checkWritable(path)
        do {
            pool = try Self.openPool(path)
        } catch {
            throw GradebookError(file: path, said: Messages.later("cannot be opened: %s", .plain("\(GradebookIdentity.message(error))")))
        }
        let migrator = GradebookSchema.migrator(cardbotVersion: cardbotVersion)
        do {
            // Checked again inside the pool: another process may have written the file since.
            _ = try pool.read { db in try GradebookIdentity.identity(db, path: path) }
            try migrator.migrate(pool)
        } catch let error as GradebookError {
            throw error
        } catch {
            // Two runs making the same new gradebook at once: the other one's migration won.
            let complete = (try? pool.read { db in try migrator.hasCompletedMigrations(db) }) ?? false
            if !complete {
                throw GradebookError(file: path, said: Messages.later("cannot be set up: %s", .plain("\(GradebookIdentity.message(error))")))
            }
        }
    }

    /// Opens the pool for writing, trying again while another process holds the file to set it up: switching a new
    /// file to WAL takes a lock that SQLite's busy handler does not wait for, so two runs starting on one new
    /// gradebook at once would otherwise fail with "database is locked".
    static func openPool(_ path: String) throws -> DatabasePool {
        var delay = 0.05
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration(readonly: false))
            } catch let error as DatabaseError
                where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED) && Date() < deadline
            {
                Thread.sleep(forTimeInterval: delay)
                delay = min(1, delay * 2)
            }
        }
    }

    /// The connection settings: foreign keys on, a long wait for other writers.
    static func configuration(readonly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "cardbot-gradebook"
        if !readonly {
            // In WAL mode NORMAL keeps the file consistent through any crash; only a power cut may lose the
            // last sessions recorded, which the next run grades again.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        }
        return configuration
    }

    /// In this run: sessions taken unchanged from the gradebook, sessions graded and recorded, and sessions
    /// recorded with the error that kept them from being graded.
    public var activity: (reused: Int, recorded: Int, failed: Int) { lock.withLock { counts } }

    /// The first error met while recording, if any (the grader goes on; the caller reports it).
    public var firstError: GradebookError? { lock.withLock { failure } }

    /// The line that says what this run did with the gradebook.
    /// - Throws: the first ``GradebookError`` met while recording, if any.
    public func summary() throws -> String {
        if let firstError { throw firstError }
        let (reused, recorded, failed) = activity
        let line = Messages.plural(
            "gradebook %1$s: %2$s unchanged session read from it, %3$s graded and recorded",
            "gradebook %1$s: %2$s unchanged sessions read from it, %3$s graded and recorded", count: reused, path, reused, recorded)
        return failed > 0 ? line + Messages.text(", %s not graded (recorded with the error)", failed) : line
    }

    func fail(_ error: Error) {
        let wrapped = (error as? GradebookError)
            ?? (error as? DamagedGradebookValue).map { GradebookError(file: path, reason: $0.description) }
            ?? GradebookError(file: path, said: Messages.later("cannot be written: %s", .plain("\(GradebookIdentity.message(error))")))
        lock.withLock { if failure == nil { failure = wrapped } }
    }

    // MARK: - GradeStore

    public func beginClass(_ identity: ClassIdentity, name: String, legacyKey: String) {
        do {
            try pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO class_folder (class, name, folder, source) VALUES (?, ?, ?, ?)
                        ON CONFLICT (class) DO UPDATE SET name = excluded.name, folder = excluded.folder, source = excluded.source
                        """,
                    arguments: [identity.key, name, identity.folder, identity.source.rawValue])
                // Sessions recorded under the class's former keys are this class: its folder's path before it had a
                // class.json, its own id before class.json named its roster class, and (before classes had
                // identities) the folder as typed. Places already under the key win.
                for former in identity.formerKeys + [legacyKey] where former != identity.key {
                    try db.execute(
                        sql: "DELETE FROM session WHERE class = ? AND path IN (SELECT path FROM session WHERE class = ?)",
                        arguments: [former, identity.key])
                    try db.execute(sql: "UPDATE session SET class = ? WHERE class = ?", arguments: [identity.key, former])
                    if former != legacyKey { try db.execute(sql: "DELETE FROM class_folder WHERE class = ?", arguments: [former]) }
                }
            }
        } catch {
            fail(error)
        }
    }

    public func storedGrade(for subject: SessionSubject) -> (SessionGrade, SessionPictures?)? {
        let fingerprint = SessionFingerprint(subject.folder)
        lock.withLock { fingerprints[subject.entry.path] = fingerprint }
        guard !regradeAll else { return nil }
        let settings = fullSettings(subject)
        do {
            let found = try pool.read { db -> (grade: SessionGrade, pictures: SessionPictures?, id: Int64, placed: Bool)? in
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM grading WHERE fingerprint = ? AND settings = ?",
                    arguments: [fingerprint.value, settings])
                else { return nil }
                let id: Int64 = try row.checked("id", "grading")
                let (grade, pictures) = try GradebookRows.grade(row, db: db, path: subject.entry.relativePath, student: subject.student)
                let current = try Row.fetchOne(
                    db, sql: "SELECT student, student_id, grading_id FROM session WHERE class = ? AND path = ?",
                    arguments: [subject.classKey, subject.entry.relativePath])
                let resolvedID = try studentID(subject.studentId, name: subject.student, db: db)
                let placed = try current.map { row in
                    let gradingID: Int64? = try row.checked("grading_id", "session")
                    let student: String = try row.checked("student", "session")
                    let storedID: String? = try row.checked("student_id", "session")
                    return gradingID == id && student == subject.student && storedID == resolvedID
                }
                return (grade, pictures, id, placed ?? false)
            }
            guard let found else { return nil }
            if !found.placed {
                // Known content at a new place (moved, or first seen in this class): point the session at it.
                try pool.write { db in try place(subject, gradingID: found.id, fingerprint: fingerprint.value, db: db) }
            }
            lock.withLock { counts.reused += 1 }
            return (found.grade, found.pictures)
        } catch is DamagedGradebookValue {
            // A damaged grading is graded again, and the new one replaces it.
            lock.withLock { _ = damaged.insert(subject.entry.path) }
            return nil
        } catch {
            fail(error)
            return nil
        }
    }

    public func record(_ grade: SessionGrade, pictures: SessionPictures?, subject: SessionSubject) {
        let fingerprint = lock.withLock { fingerprints[subject.entry.path] } ?? SessionFingerprint(subject.folder)
        let settings = fullSettings(subject)
        let levelHash = fileHash(subject.level.source.file)
        do {
            try pool.write { db in
                let id = try GradebookRows.insertGrading(
                    grade, pictures: pictures, fingerprint: fingerprint, settings: settings, levelHash: levelHash,
                    cardbotVersion: cardbotVersion,
                    replace: regradeAll || lock.withLock { damaged.contains(subject.entry.path) }, db: db)
                try place(subject, gradingID: id, fingerprint: fingerprint.value, db: db)
            }
            lock.withLock { counts.recorded += 1 }
        } catch {
            fail(error)
        }
    }

    public func recordFailure(_ grade: SessionGrade, classKey: String) {
        do {
            let unchanged = try pool.read { db in
                let resolvedID = try studentID(nil, name: grade.student, db: db)
                return try Row.fetchOne(
                    db, sql: "SELECT student, student_id, error FROM session WHERE class = ? AND path = ? AND grading_id IS NULL",
                    arguments: [classKey, grade.path]
                ).map { row in
                    let student: String = try row.checked("student", "session")
                    let storedID: String? = try row.checked("student_id", "session")
                    let error: String? = try row.checked("error", "session")
                    return student == grade.student && error == grade.error && storedID == resolvedID
                } ?? false
            }
            if unchanged {
                lock.withLock { counts.failed += 1 }
                return
            }
            try pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO session (class, path, student, grading_id, error, graded_at, student_id)
                        VALUES (?, ?, ?, NULL, ?, ?, ?)
                        ON CONFLICT (class, path) DO UPDATE SET student = excluded.student, grading_id = NULL,
                            error = excluded.error, graded_at = excluded.graded_at, student_id = excluded.student_id
                        """,
                    arguments: [
                        classKey, grade.path, grade.student, grade.error ?? "not graded", GradebookRows.now(),
                        try studentID(nil, name: grade.student, db: db),
                    ])
            }
            lock.withLock { counts.failed += 1 }
        } catch {
            fail(error)
        }
    }

    /// Points session `subject` (its class and path) at grading `gradingID`, and forgets the places of the same
    /// content in the same class whose folders are gone: a session that moved is the same session.
    private func place(_ subject: SessionSubject, gradingID: Int64, fingerprint: String, db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO session (class, path, student, grading_id, error, graded_at, student_id) VALUES (?, ?, ?, ?, NULL, ?, ?)
                ON CONFLICT (class, path) DO UPDATE SET student = excluded.student, grading_id = excluded.grading_id,
                    error = NULL, graded_at = excluded.graded_at, student_id = excluded.student_id
                """,
            arguments: [
                subject.classKey, subject.entry.relativePath, subject.student, gradingID, GradebookRows.now(),
                try studentID(subject.studentId, name: subject.student, db: db),
            ])
        let others = try String.fetchAll(
            db,
            sql: """
                SELECT s.path FROM session s JOIN grading g ON g.id = s.grading_id
                WHERE s.class = ? AND s.path <> ? AND g.fingerprint = ?
                """,
            arguments: [subject.classKey, subject.entry.relativePath, fingerprint])
        for other in others {
            let folder = other == "." ? subject.classFolder : (subject.classFolder as NSString).appendingPathComponent(other)
            if !FileManager.default.fileExists(atPath: folder) {
                try db.execute(sql: "DELETE FROM session WHERE class = ? AND path = ?", arguments: [subject.classKey, other])
            }
        }
    }

    /// The student id a session is recorded with: session.json's `studentId` when given, else the roster's one
    /// student of that name (``StudentDirectory``), else nil (no roster, or the name is ambiguous or unknown).
    func studentID(_ given: String?, name: String, db: Database) throws -> String? {
        if let given { return given }
        if case .student(let id) = try StudentDirectory.match(name, in: db) { return id }
        return nil
    }


    /// The subject's settings with its level file's and deck file's content hashes.
    private func fullSettings(_ subject: SessionSubject) -> String {
        subject.settings + " level=\(fileHash(subject.level.source.file)) deck=\(fileHash(subject.deckFile))"
    }

    /// The content hash of a file (level, deck), read once per run.
    private func fileHash(_ file: String) -> String {
        if let known = lock.withLock({ fileHashes[file] }) { return known }
        let hash = SessionFingerprint.hash(ofFile: file) ?? "unreadable"
        lock.withLock { fileHashes[file] = hash }
        return hash
    }
}
