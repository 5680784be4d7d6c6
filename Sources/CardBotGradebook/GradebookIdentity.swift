import CardBotSupport
import Foundation
import GRDB

/// What a file given as a gradebook is, found without changing it: missing or empty (a new gradebook may be
/// made there), a CardBot gradebook of some schema version, or something else (refused).
enum GradebookIdentity: Equatable {
    /// No file, or an empty one: a new gradebook can be made.
    case new
    /// A CardBot gradebook at this schema version.
    case gradebook(version: Int)

    /// The first 16 bytes of every SQLite 3 database file.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Looks at `path` read-only.
    /// - Throws: ``GradebookError`` for a folder, a file that is not SQLite, an SQLite database that is not a
    ///   CardBot gradebook, or one whose schema is newer than this cardbot knows.
    static func inspect(_ path: String) throws -> GradebookIdentity {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
                throw GradebookError(file: path, said: Messages.later("no folder %s to make the gradebook in", .plain(parent)))
            }
            return .new
        }
        if isDirectory.boolValue {
            throw GradebookError(file: path, said: Messages.later("is a folder; name the gradebook file, for example term.sqlite"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw GradebookError(file: path, said: Messages.later("cannot be read (check its permissions)"))
        }
        let head = Array((try? handle.read(upToCount: 100)) ?? Data())
        try? handle.close()
        if head.isEmpty { return .new }
        guard head.count == 100, Array(head[0..<16]) == sqliteHeader else {
            throw GradebookError(
                file: path, said: Messages.later("is not a CardBot gradebook (not an SQLite database); it was left unchanged"))
        }
        // A gradebook is always in WAL mode (header bytes 18 and 19 are 2). Any other database is told apart by
        // its header alone, without opening it (opening a database may leave files beside it).
        let applicationID = Int32(bitPattern: UInt32(head[68]) << 24 | UInt32(head[69]) << 16 | UInt32(head[70]) << 8 | UInt32(head[71]))
        if head[18] != 2 || head[19] != 2, applicationID != GradebookSchema.applicationID {
            throw notGradebook(path, applicationID: applicationID, detail: .plain(""))
        }
        do {
            let queue = try GradebookReadOnly.open(path, label: "cardbot-gradebook-check")
            defer { try? queue.close() }
            return try queue.read { db in
                try identity(db, path: path)
            }
        } catch let error as GradebookError {
            throw error
        } catch {
            throw GradebookError(file: path, said: Messages.later("cannot be opened as a gradebook: %s; it was left unchanged", .plain("\(Self.message(error))")))
        }
    }

    /// The identity of an open database.
    static func identity(_ db: Database, path: String) throws -> GradebookIdentity {
        do {
            let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let objects = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            if application == 0 && objects == 0 { return .new }
            // Another cardbot making this gradebook right now: GRDB's migration table is there, no migration yet.
            if application == 0 {
                let others = try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE '%grdb_migrations%'") ?? 0
                if others == 0, (try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") ?? 0) == 0 {
                    return .new
                }
            }
            guard application == GradebookSchema.applicationID else {
                throw notGradebook(
                    path, applicationID: application, detail: .said(Messages.later(", %s schema objects", .plain("\(objects)"))))
            }
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let applied = try GradebookSchema.migrator(cardbotVersion: "").appliedIdentifiers(db)
            // A schema change this cardbot does not know (whatever user_version says) is a newer or another cardbot's.
            if let unknown = applied.subtracting(GradebookSchema.migrationNames).sorted().first {
                throw GradebookError(
                    file: path,
                    said: Messages.later(
                        "was made by a newer or different cardbot: it has the schema change '%1$s', which this cardbot does not know (the last it knows is '%2$s'); use that cardbot, or update this one. The file was left unchanged",
                        .plain(TerminalText.visible(TerminalText.truncated(unknown, width: 80))), .plain(GradebookSchema.migrationNames.last ?? "")))
            }
            if version > GradebookSchema.version {
                let writer = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'created-by'") ?? "a newer cardbot"
                throw GradebookError(
                    file: path,
                    said: Messages.later(
                        "was written by a newer cardbot (gradebook schema %1$s, made by %2$s); this cardbot reads schema %3$s at most: update cardbot. The file was left unchanged",
                        .plain("\(version)"), .plain(writer), .plain("\(GradebookSchema.version)")))
            }
            return .gradebook(version: version)
        } catch let error as GradebookError {
            throw error
        } catch {
            throw GradebookError(file: path, said: Messages.later("cannot be read as a gradebook: %s; it was left unchanged", .plain("\(message(error))")))
        }
    }

    /// The refusal of an SQLite database that is not a gradebook.
    static func notGradebook(_ path: String, applicationID: Int32, detail: MessageText.Value) -> GradebookError {
        GradebookError(
            file: path,
            said: Messages.later(
                "is an SQLite database but not a CardBot gradebook (application_id %1$s%2$s); it was left unchanged: give a new file name for the gradebook",
                .plain("\(applicationID)"), detail))
    }

    /// SQLite's own words for an error, without GRDB's decoration.
    static func message(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode.rawValue)" }
        return "\(error)"
    }
}
