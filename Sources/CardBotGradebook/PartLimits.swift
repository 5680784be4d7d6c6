import CardBotSupport
import GRDB
import GRDBSQLite

/// The most a part gradebook's rows may hold before `grade merge` copies them: a bound for every field and for the
/// rows of each grading, far above what `grade` writes, so that a part made by hand cannot make the merge take the
/// memory or the time of a class it is not.
///
/// The figures, with what `grade` writes (the largest seen in the bundled and benchmark classes):
/// - a text field: at most 1 MiB of UTF-8 (a program of 1,000 cards is about 8 KiB; notes and review reasons a few KiB);
/// - a thumbnail or map picture: at most 16 MiB (about 100 KiB);
/// - a replay GIF: at most 48 MiB (about 350 KiB);
/// - a card's crop: at most 1 MiB (about 2 KiB);
/// - the attempts, unreadable frames, files, taps or card readings of one grading: at most 200,000 rows of each
///   table (a lesson of 10,000 frames has at most 10,000 attempts, each of at most 1,000 cards is a reading);
///   card readings at most 1,000,000.
///
/// The fields are measured by SQLite (a BLOB's length without reading it), with SQLite's heap bounded at
/// ``heapLimit`` while it measures: a text too long to measure is refused as too long.
enum PartLimits {
    /// The most bytes of a text field.
    static let maximumTextBytes = 1 << 20
    /// The most bytes of each BLOB column, by table and column.
    static let maximumBlobBytes: [String: [String: Int]] = [
        "grading": ["thumbnail": 16 << 20, "map": 16 << 20],
        "replay": ["gif": 48 << 20],
        "card_reading": ["crop": 1 << 20],
    ]
    /// The most rows of a child table for one grading.
    static let maximumRowsPerGrading: [String: Int] = [
        "attempt": 200_000, "unreadable_frame": 200_000, "session_file": 200_000, "replay": 200_000, "tap": 200_000,
        "card_reading": 1_000_000,
    ]
    /// SQLite's heap while a part is measured: a value larger than this cannot be read whole.
    static let heapLimit: Int64 = 96 << 20

    /// Refuses a part (already checked by ``PartSchema``) whose field or rows exceed a limit, or whose sessions
    /// name a class its `class_folder` table does not hold.
    /// - Throws: ``GradebookError`` naming the part, the table, the column and the limit.
    static func check(_ partPath: String) throws {
        let part = try PartSchema.open(partPath, label: "cardbot-part-limits")
        defer { try? part.close() }
        let previous = sqlite3_hard_heap_limit64(-1)
        _ = sqlite3_hard_heap_limit64(heapLimit)
        defer { _ = sqlite3_hard_heap_limit64(previous) }
        try GradebookError.reading(partPath) {
            try part.read { db in try check(db, partPath: partPath) }
        }
    }

    /// Checks the part open as `db`.
    private static func check(_ db: Database, partPath: String) throws {
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        for table in tables.sorted() where !table.hasPrefix("sqlite_") {
            try checkFields(of: table, db: db, partPath: partPath)
        }
        for (table, limit) in maximumRowsPerGrading.sorted(by: { $0.key < $1.key }) where tables.contains(table) {
            let most = try Int.fetchOne(
                db,
                sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier) GROUP BY grading_id ORDER BY 1 DESC LIMIT 1")
            if let most, most > limit {
                throw GradebookError(
                    file: partPath,
                    said: Messages.later(
                        "has a grading with %1$s rows in its table '%2$s'; a grading has at most %3$s there, so the part is not merged: give the part files `cardbot grade --shard` wrote",
                        .number(most), .plain(table), .number(limit)))
            }
        }
        if let stranger = try String.fetchOne(
            db, sql: "SELECT class FROM session WHERE class NOT IN (SELECT class FROM class_folder) ORDER BY class LIMIT 1")
        {
            throw GradebookError(
                file: partPath,
                said: Messages.later(
                    "holds sessions of the class '%s' but not the class itself (its table 'class_folder' does not name it), so the part is not merged: a part may only hold sessions of its own classes; grade that class's folder with --shard again",
                    .plain(PartSchema.shown(stranger))))
        }
    }

    /// Refuses a field of `table` longer than its limit.
    private static func checkFields(of table: String, db: Database, partPath: String) throws {
        let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
        guard !columns.isEmpty else { return }
        let blobs = maximumBlobBytes[table] ?? [:]
        // One scan of the table: the longest value of each column (a BLOB's length is read from its header).
        // A text is measured in bytes (as a BLOB), which reads it under the bounded heap.
        let measures = columns.map { column -> String in
            let name: String = column.quotedDatabaseIdentifier
            return blobs[column] == nil ? "max(length(CAST(\(name) AS BLOB)))" : "max(length(\(name)))"
        }.joined(separator: ", ")
        let row: Row?
        do {
            row = try Row.fetchOne(db, sql: "SELECT \(measures) FROM \(table.quotedDatabaseIdentifier)")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOMEM || error.resultCode == .SQLITE_TOOBIG {
            throw GradebookError(
                file: partPath,
                said: Messages.later(
                    "its table '%1$s' holds a value too large to read (over %2$s MiB), so the part is not merged: give the part files `cardbot grade --shard` wrote",
                    .plain(table), .number(Int(heapLimit >> 20))))
        }
        guard let row else { return }
        for (index, column) in columns.enumerated() {
            guard let length = Int.fromDatabaseValue(row[index]) else { continue }
            let limit = blobs[column] ?? maximumTextBytes
            if length > limit {
                throw GradebookError(
                    file: partPath,
                    said: Messages.later(
                        "its table '%1$s' holds a '%2$s' of %3$s bytes; CardBot writes at most %4$s there, so the part is not merged: give the part files `cardbot grade --shard` wrote",
                        .plain(table), .plain(column), .number(length), .number(limit)))
            }
        }
    }
}
