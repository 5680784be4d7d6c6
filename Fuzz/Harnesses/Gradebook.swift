import CardBotClassroom
import CardBotGradebook
import CardBotLesson
import Foundation
import FuzzSupport
import GRDB

// libFuzzer harness over gradebook files: a damaged or hand-edited gradebook must give a typed error (a thrown
// GradebookError), never a trap. Each input becomes one gradebook file in this process's own folder under $TMPDIR,
// which then goes through every reading path of the public API, in the order the commands take them:
//   1. `cardbot progress`: ProgressSession.all (read only), TermProgress over the curriculum (every student, and
//      one), the summary lines and the HTML, CSV and JSON reports;
//   2. `cardbot grade merge`: Gradebook.checkPart, then the file merged as a part into a new, empty gradebook,
//      whose classes are read back (classes, classGrade) and reported (class table, CSV, JSON, HTML, and the
//      report book of a large class written into a folder);
//   3. `cardbot grade --gradebook`: the file opened as the gradebook itself (which upgrades an older schema), its
//      classes read back and reported the same way.
// Any thrown error is fine; a trap, an AddressSanitizer report or a hang is a finding.
//
// Two input modes, told apart by the first bytes:
//   - Raw: an input that starts with SQLite's header ("SQLite format 3\0") is the whole file. Its seeds are real
//     gradebooks (Fuzz/Seeds/gradebook/*.sqlite); byte mutations reach SQLite's header and page checks, GRDB's
//     open and the identity checks, but seldom leave a file SQLite still reads, so this mode stays shallow.
//   - Edits, the one that reaches the readers: any other input is a short program of edits made through SQLite to
//     a copy of a seed gradebook before it is read. An edit sets a column of one row (or of every row) to a typed
//     value (NULL, a small or a 64-bit integer, Int64's ends and halves, any double, 1e300 and the like,
//     number-like, date-like or path-like text, text that is not UTF-8, a blob, a long text), copies a row with
//     one column changed, deletes a row, drops a table or a view, drops or renames a column, renames a table, or
//     sets user_version or application_id. This is what a hostile review did by hand (`update grading set
//     attempts='abc'`, a student stored as a BLOB, frames=1e300, attempt.seconds='x'; those are the seeds
//     Fuzz/Seeds/gradebook/*.edits), and what a file written by another program can hold: CHECK constraints and
//     foreign keys are off while editing, and NOT NULL is taken out of the schema when a NULL needs it. The inputs
//     stay small, libFuzzer's byte mutations keep them meaningful, and every execution reads a file SQLite accepts.
// A custom mutator (LLVMFuzzerCustomMutator rewriting whole files through SQLite) was not chosen: its inputs would
// be 20-30 KB files, each mutation would cost an SQLite round trip on top of the reading, and crash minimisation
// could not shrink them.
//
// An edit program: byte 0 picks the seed gradebook (in name order; from 0x80 on, among the seeds of an older schema
// upgraded, when there are such), then come the edits, each an operation byte and its operands (0 once the input
// ends), at most 24. Tables and columns are picked by index (tables in name order, columns in declaration order),
// rows by position in rowid order, each modulo what there is. A finding is best kept as the edited file:
// FUZZ_GRADEBOOK_KEEP=DIR copies each edited file to DIR/edited.sqlite before it is read, and that file reproduces
// in raw mode whatever the seeds become. build.sh puts the seed gradebooks in gradebook-bases/ beside the
// executable (FUZZ_GRADEBOOK_BASES names another folder) and the curriculum in gradebook-levels/
// (FUZZ_GRADEBOOK_LEVELS).

private struct Harness {
    /// This process's folder for the gradebook under test and the merge target.
    var folder: String
    /// The seed gradebooks the edits start from, in name order.
    var bases: [[UInt8]]
    /// Those of an older schema, upgraded.
    var upgraded: [[UInt8]]
    /// A new, empty gradebook's bytes: the merge target.
    var empty: [UInt8]
    /// The curriculum, for the unlock chain.
    var levels: [Level]
    /// Where to copy each edited file (FUZZ_GRADEBOOK_KEEP).
    var keep: String?

    var input: String { folder + "/input.sqlite" }
    var target: String { folder + "/merged.sqlite" }
}

/// The harness state, made on the first input (libFuzzer calls the entry from one thread).
nonisolated(unsafe) private var harness: Harness?

/// The folder the harness executable is in.
private func executableFolder() -> String {
    let path =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return (path as NSString).deletingLastPathComponent
}

/// Removes `path` and the WAL and shared-memory files SQLite may have left beside it.
private func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
}

private func write(_ bytes: [UInt8], to path: String) {
    removeDatabase(path)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// LeakSanitizer's built-in suppressions: the plural rule's one-time global (an indirect enum, whose pointers carry
/// tag bits, made by the first message formatted) is reachable, but LeakSanitizer cannot see it and reports it as
/// lost (the catalog harness runs without leak checks for the same reason); every other leak is still reported.
@_cdecl("__lsan_default_suppressions")
public func fuzzGradebookLeakSuppressions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(leakSuppressions.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let leakSuppressions: StaticString = "leak:PluralRule\n"

/// libFuzzer set-up: the process's folder, the seeds, the empty merge target, and one full reading of the first
/// seed, so that one-time allocations (message catalogs, templates, GRDB's globals) are not taken for a leak.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzGradebookInitialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    // The folders of harness processes that are gone (a crash ends the process without its exit handlers).
    for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    where name.hasPrefix("cardbot-fuzz-gradebook-") {
        if let pid = Int32(name.dropFirst("cardbot-fuzz-gradebook-".count)), kill(pid, 0) != 0, errno == ESRCH {
            try? FileManager.default.removeItem(atPath: (temporary as NSString).appendingPathComponent(name))
        }
    }
    let folder = (temporary as NSString).appendingPathComponent("cardbot-fuzz-gradebook-\(getpid())")
    try? FileManager.default.removeItem(atPath: folder)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    atexit { if let folder = harness?.folder { try? FileManager.default.removeItem(atPath: folder) } }

    let here = executableFolder()
    let seeds = environment["FUZZ_GRADEBOOK_BASES"] ?? here + "/gradebook-bases"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: seeds)) ?? []).filter { $0.hasSuffix(".sqlite") }
        .sorted()
    let bases = names.compactMap { FileManager.default.contents(atPath: seeds + "/" + $0).map { Array($0) } }
    var upgraded: [[UInt8]] = []
    // A seed of an older schema is also taken upgraded (opened as the gradebook, as `grade --gradebook` does), so
    // that edits still reach the merge, which takes parts of the newest schema only, when the seeds lag behind.
    let upgradePath = folder + "/upgrade.sqlite"
    for base in bases {
        write(base, to: upgradePath)
        guard (try? Gradebook.checkPart(upgradePath)) == nil,
            (try? Gradebook(path: upgradePath, cardbotVersion: "fuzz")) != nil,
            (try? Gradebook.checkPart(upgradePath)) != nil,
            let bytes = FileManager.default.contents(atPath: upgradePath)
        else { continue }
        upgraded.append(Array(bytes))
    }
    removeDatabase(upgradePath)
    if bases.isEmpty {
        FileHandle.standardError.write(Data("fuzz-gradebook: no seed gradebooks (*.sqlite) in \(seeds): edit programs are skipped\n".utf8))
    }
    let levelsFolder = environment["FUZZ_GRADEBOOK_LEVELS"] ?? here + "/gradebook-levels"
    let levels = (try? LevelCatalog(directory: levelsFolder))?.levels ?? []

    let emptyPath = folder + "/empty.sqlite"
    do {
        _ = try Gradebook(path: emptyPath, cardbotVersion: "fuzz")
    } catch {
        FileHandle.standardError.write(Data("fuzz-gradebook: cannot make an empty gradebook in \(folder): \(error)\n".utf8))
        exit(1)
    }
    let empty = FileManager.default.contents(atPath: emptyPath).map { Array($0) } ?? []
    removeDatabase(emptyPath)
    harness = Harness(
        folder: folder, bases: bases, upgraded: upgraded, empty: empty, levels: levels,
        keep: environment["FUZZ_GRADEBOOK_KEEP"])
    if let first = bases.first {
        write(first, to: harness!.input)
        readEverything(harness!)
    }
    return 0
}

/// libFuzzer entry: the input as a gradebook file (raw mode) or as edits of a seed gradebook, then every reading
/// path (see the top of this file).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGradebook(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let harness else { return 0 }
    let bytes = fuzzBytes(data, size)
    let header = Array("SQLite format 3\0".utf8)
    if bytes.starts(with: header) {
        write(bytes, to: harness.input)
    } else {
        guard !harness.bases.isEmpty else { return 0 }
        var program = EditProgram(bytes)
        let pick = Int(program.byte())
        let base =
            pick >= 0x80 && !harness.upgraded.isEmpty
            ? harness.upgraded[pick % harness.upgraded.count] : harness.bases[pick % harness.bases.count]
        program.apply(to: harness.input, base: base)
        if let keep = harness.keep {
            let copy = keep + "/edited.sqlite"
            removeDatabase(copy)
            try? FileManager.default.copyItem(atPath: harness.input, toPath: copy)
        }
    }
    readEverything(harness)
    removeDatabase(harness.input)
    removeDatabase(harness.target)
    return 0
}

/// Every reading path over the gradebook at `harness.input` (which the last one may upgrade).
private func readEverything(_ harness: Harness) {
    // cardbot progress
    if let sessions = try? ProgressSession.all(inGradebook: harness.input) {
        for student in [nil, sessions.map(\.grade.student).min()] {
            let progress = TermProgress(sessions: sessions, catalog: harness.levels, student: student)
            _ = ProgressFormat.lines(progress)
            for format in [ProgressFormat.html, .csv, .json] { _ = format.text(for: progress, title: "fuzz") }
        }
    }
    // cardbot grade merge
    _ = try? Gradebook.checkPart(harness.input)
    write(harness.empty, to: harness.target)
    if let book = try? Gradebook(path: harness.target, cardbotVersion: "fuzz"), (try? book.merge(harness.input)) != nil
    {
        report(book)
    }
    // cardbot grade --gradebook
    if let book = try? Gradebook(path: harness.input, cardbotVersion: "fuzz") {
        report(book)
    }
}

/// Every class of `book`, read back and reported as `grade` and `grade merge` do: the class table, the CSV, JSON and
/// HTML reports, and the HTML report of a large class, whose pictures go to a folder beside the page (their file
/// names must stay inside that folder).
private func report(_ book: Gradebook) {
    guard let classes = try? book.classes() else { return }
    for (key, name) in classes.prefix(8) {
        guard let grade = try? book.classGrade(key, name: name) else { continue }
        _ = ClassTable(color: false).lines(for: grade)
        for format in ReportFormat.allCases { _ = format.text(for: grade) }
        _ = ReportPictures.fitInPage(grade)
        // The report book of a large class: its student pages and pictures written into a folder of their own.
        if let folder = harness?.folder {
            let book = folder + "/book"
            try? FileManager.default.removeItem(atPath: book)
            try? FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: false)
            let written = ReportPictures(folder: "class.files", directory: book)
            _ = try? ClassHTML.book(for: grade, classPage: "class.html", pictures: written)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: book)) ?? []
            where !(name.hasPrefix("session-") || name.hasPrefix("student-")) {
                fatalError("the report book wrote '\(name)' into its folder")
            }
            try? FileManager.default.removeItem(atPath: book)
        }
    }
}

/// An edit program (see the top of this file) and its application through SQLite.
private struct EditProgram {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    /// The next byte, 0 past the end.
    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in byte() } }

    mutating func int64() -> Int64 {
        bytes(8).reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    /// Numbers that stand out: huge, infinite, negative zero, 2^63 (just past Int64), 2^53, halves.
    static let specialNumbers: [Double] = [
        1e300, -1e300, .infinity, -.infinity, 0.5, -0.0, 9.3e18, -9.3e18, 9_223_372_036_854_775_808, 1e-300,
        4_294_967_296, 2_147_483_648, 9_007_199_254_740_992, -1.5, 3.999999, 1e15,
    ]

    /// Whole numbers that stand out: the ends of Int64, halves of it (two of them overflow a sum), 32-bit limits.
    static let specialIntegers: [Int64] = [
        .max, .min, .max - 1, 1 << 62, -(1 << 62), (1 << 62) + 1, 1 << 32, 1 << 31, -(1 << 31) - 1, -1, 0, 1, 255,
        1_000_000_000, 1 << 53, (1 << 53) + 1,
    ]

    /// Texts that stand out in a gradebook's columns: not numbers, numbers as text, dates, paths, markup, format
    /// specifiers, the run signal's names.
    static let specialTexts: [String] = [
        "abc", "", "x", "1", "-1", "0", "1e300", "3.5", "9223372036854775808", " 2", "0x10", "NaN", "inf",
        "2026-13-45T99:99:99Z", "2026-11-23", "0000-00-00T00:00:00Z", ".", "..", "/", "../../x", "a/b/", "\n", "\r\n",
        "\u{7F}\u{1B}[31m", "★★★", "a  b", "<script>x</script>", "{{name}}{{{raw}}}{{#x}}", "%s %1$s %@ %n",
        "run-marks", "go-taps", "settled", "Examples", "class-b", "Leo", "forward forward left", "cardbot-gradebook",
        "3", "99",
        "v1: sessions, gradings, attempts", "v4: from the future", "\u{202E}RTL", "日本語",
    ]

    /// The next value, as an SQL expression and its arguments.
    mutating func value() -> (sql: String, arguments: StatementArguments) {
        switch byte() % 11 {
        case 0: return ("NULL", [])
        case 1: return ("?", [Int64(Int8(bitPattern: byte()))])
        case 2: return ("?", [int64()])
        case 3:
            let number = Double(bitPattern: UInt64(bitPattern: int64()))
            return number.isNaN ? ("NULL", []) : ("?", [number])
        case 4: return ("?", [Self.specialNumbers[Int(byte()) % Self.specialNumbers.count]])
        case 5: return ("?", [Self.specialTexts[Int(byte()) % Self.specialTexts.count]])
        case 6:
            // Any bytes as TEXT: not always UTF-8, NUL included.
            let text = bytes(Int(byte()) % 48)
            return ("CAST(? AS TEXT)", [Data(text)])
        case 7: return ("?", [Data(bytes(Int(byte()) % 48))])
        case 8:
            let unit = String(UnicodeScalar(UInt8(32 + byte() % 95)))
            return ("?", [String(repeating: unit, count: 256 * (1 + Int(byte()) % 64))])
        case 9: return ("zeroblob(?)", [Int64(byte()) * 64])
        default: return ("?", [Self.specialIntegers[Int(byte()) % Self.specialIntegers.count]])
        }
    }

    /// Writes `base` to `path` and applies the edits to it.
    ///
    /// The edits are made in one transaction, with CHECK constraints and foreign keys off and no syncing to disk.
    /// Edits SQLite refuses (a duplicate key, a column a view or an index needs) are skipped; when a NOT NULL column
    /// refuses a NULL, the edits are made again on a fresh copy whose schema has no NOT NULL (SQLite reads such a
    /// change of the schema only on a new connection).
    func apply(to path: String, base: [UInt8]) {
        write(base, to: path)
        var program = self
        guard program.run(path, loosened: false) == .refusedNull else { return }
        write(base, to: path)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        _ = try? DatabaseQueue(path: path, configuration: configuration).inDatabase { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(sql: "UPDATE sqlite_master SET sql = replace(sql, 'NOT NULL', '') WHERE type = 'table'")
            try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        program = self
        _ = program.run(path, loosened: true)
    }

    enum Outcome { case done, refusedNull }

    /// Runs the edits on the file at `path`; stops at a NULL refused by NOT NULL unless the schema was `loosened`.
    mutating func run(_ path: String, loosened: Bool) -> Outcome {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON; PRAGMA synchronous = OFF")
        }
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return .done }
        defer { try? queue.close() }
        let outcome = try? queue.inDatabase { db -> Outcome in
            try db.execute(sql: "BEGIN")
            var edits = 0
            var schema: Schema?
            while !atEnd && edits < 24 {
                edits += 1
                let operation = byte() % 8
                if schema == nil { schema = try? Schema(db) }
                guard let known = schema, let statements = try? statements(operation, db, known) else { continue }
                // A schema edit changes the tables and columns.
                if operation == 6 { schema = nil }
                for (sql, arguments) in statements {
                    do {
                        try db.execute(sql: sql, arguments: arguments)
                    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_NOTNULL {
                        if !loosened {
                            try db.execute(sql: "ROLLBACK")
                            return .refusedNull
                        }
                    } catch {
                        continue
                    }
                }
            }
            do {
                try db.execute(sql: "COMMIT")
            } catch {
                try? db.execute(sql: "ROLLBACK")
            }
            return .done
        }
        return outcome ?? .done
    }

    /// The statements of one edit.
    mutating func statements(
        _ operation: UInt8, _ db: Database, _ schema: Schema
    ) throws -> [(String, StatementArguments)] {
        let tables = schema.tables
        if operation == 7 {
            // The file's identity: mostly small schema versions, sometimes any 32-bit value.
            let pragma = byte() % 4 == 0 ? "application_id" : "user_version"
            let number = byte() % 2 == 0 ? Int32(Int8(bitPattern: byte())) : Int32(truncatingIfNeeded: int64())
            return [("PRAGMA \(pragma) = \(number)", [])]
        }
        if operation == 6 {
            return try schemaEdit(db, schema)
        }
        guard !tables.isEmpty else { return [] }
        let table = tables[Int(byte()) % tables.count]
        let quoted = "\"\(table)\""
        let columns = schema.columns[table] ?? []
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quoted)") ?? 0
        let rowPick = Int(byte())
        guard !columns.isEmpty else { return [] }
        let column = "\"\(columns[Int(byte()) % columns.count])\""
        let row = "(SELECT rowid FROM \(quoted) ORDER BY rowid LIMIT 1 OFFSET \(count > 0 ? rowPick % count : 0))"
        switch operation {
        case 0, 1, 2:
            let (sql, arguments) = value()
            return [("UPDATE \(quoted) SET \(column) = \(sql) WHERE rowid = \(row)", arguments)]
        case 3:
            let (sql, arguments) = value()
            return [("UPDATE \(quoted) SET \(column) = \(sql)", arguments)]
        case 4:
            // A copy of a row with one column changed (a second session, a grading's twin).
            let (sql, arguments) = value()
            return [
                ("DROP TABLE IF EXISTS temp.fuzz_row", []),
                ("CREATE TEMP TABLE fuzz_row AS SELECT * FROM \(quoted) WHERE rowid = \(row)", []),
                ("UPDATE temp.fuzz_row SET \(column) = \(sql)", arguments),
                ("INSERT INTO \(quoted) SELECT * FROM temp.fuzz_row", []),
                ("DROP TABLE temp.fuzz_row", []),
            ]
        default:
            return [("DELETE FROM \(quoted) WHERE rowid = \(row)", [])]
        }
    }

    /// A change of the schema: a table or view dropped, a column dropped or renamed, a table renamed.
    mutating func schemaEdit(_ db: Database, _ schema: Schema) throws -> [(String, StatementArguments)] {
        let tables = schema.tables
        let kind = byte() % 4
        if kind == 0 {
            let objects = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name")
            guard !objects.isEmpty else { return [] }
            let name = objects[Int(byte()) % objects.count]
            let type = try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ?", arguments: [name])
            return [("DROP \(type == "view" ? "VIEW" : "TABLE") \"\(name)\"", [])]
        }
        guard !tables.isEmpty else { return [] }
        let table = tables[Int(byte()) % tables.count]
        let columns = schema.columns[table] ?? []
        guard !columns.isEmpty else { return [] }
        let column = columns[Int(byte()) % columns.count]
        let names = ["x", "fuzz", "student", "id", "grading_id", "attempts", "level", "notes", "session", "grading"]
        let name = names[Int(byte()) % names.count]
        switch kind {
        case 1:
            // A view naming the column would refuse the drop: the views go first.
            return try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'view'").map {
                ("DROP VIEW \"\($0)\"", StatementArguments())
            } + [("ALTER TABLE \"\(table)\" DROP COLUMN \"\(column)\"", [])]
        case 2: return [("ALTER TABLE \"\(table)\" RENAME COLUMN \"\(column)\" TO \"\(name)\"", [])]
        default: return [("ALTER TABLE \"\(table)\" RENAME TO \"\(name)\"", [])]
        }
    }
}

/// The tables of a gradebook being edited (in name order) and their columns (in declaration order).
private struct Schema {
    var tables: [String]
    var columns: [String: [String]] = [:]

    init(_ db: Database) throws {
        tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        for table in tables {
            columns[table] = try Row.fetchAll(db, sql: "PRAGMA table_info(\"\(table)\")").compactMap {
                $0["name"] as String?
            }
        }
    }
}
