import Foundation
import GRDB
import Testing

/// `grade merge` is one transaction bounded by what `grade` writes: a part whose rows name another class, a
/// class that cannot be chosen, a field or a grading larger than CardBot writes, or a merge killed midway leaves the
/// district gradebook as it was (or as it is after the whole merge), never between.
@Suite("cardbot grade merge: one bounded transaction")
struct MergeBoundsTests {
    /// What a gradebook holds, table by table: its row count, and every session row in full.
    static func state(_ book: URL) throws -> [String] {
        try DatabaseQueue(path: book.path).read { db in
            var lines: [String] = []
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            for table in tables {
                lines.append("\(table): \(try Int.fetchOne(db, sql: "SELECT count(*) FROM \"\(table)\"") ?? -1)")
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM session ORDER BY class, path") { lines.append("\(row)") }
            return lines
        }
    }

    /// Runs `sql` on the gradebook at `book`.
    static func edit(_ book: URL, _ sql: String, _ arguments: StatementArguments = []) throws {
        try DatabaseQueue(path: book.path).write { db in try db.execute(sql: sql, arguments: arguments) }
    }

    @Test("a part whose sessions name another class, with a later grading time, is refused and changes nothing")
    func otherClassRows() throws {
        let (folder, district, part) = try MergeShardSchemaTests.districtAndPart()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = try DatabaseQueue(path: district.path).read { db in try String.fetchOne(db, sql: "SELECT min(class) FROM session") }
        let later = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600))
        try Self.edit(part, "UPDATE session SET class = ?, student = 'Mallory', graded_at = ?", [target, later])
        let before = try Self.state(district)
        let merge = try CLIRunner.run(["grade", "merge", part.path, "--gradebook", district.path, "--class", "cls-other"])
        #expect(merge.status == 2, "\(merge.stdout)")
        #expect(merge.stderr.contains("\(part.path): holds sessions of the class '\(target ?? "")' but not the class itself"), "\(merge.stderr)")
        #expect(try Self.state(district) == before)
        #expect(!before.joined().contains("Mallory"))
    }

    @Test("a class that is not there after the merge is refused and the merge is not kept")
    func missingClass() throws {
        let (folder, district, part) = try MergeShardSchemaTests.districtAndPart()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.state(district)
        let merge = try CLIRunner.run(["grade", "merge", part.path, "--gradebook", district.path, "--class", "nope"])
        #expect(merge.status == 2)
        #expect(merge.stderr.hasPrefix("cardbot: error: \(district.path): has no class 'nope'; it has "), "\(merge.stderr)")
        #expect(try Self.state(district) == before, "the part's sessions were not committed")
        // A new district gradebook is not made at all.
        let fresh = folder.appendingPathComponent("fresh.sqlite")
        let refused = try CLIRunner.run(["grade", "merge", part.path, "--gradebook", fresh.path, "--class", "nope"])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("cardbot: error: \(fresh.path): has no class 'nope'; it has 'other'"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("fresh") } == [])
        let made = try CLIRunner.run(["grade", "merge", part.path, "--gradebook", fresh.path])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try MergeShardSchemaTests.students(fresh).count == 3)
    }

    @Test("a field larger than CardBot writes is refused in moments, naming the table, the column and the limit", arguments: [
        ("UPDATE replay SET gif = zeroblob(300000000) WHERE rowid = (SELECT min(rowid) FROM replay)",
         "its table 'replay' holds a 'gif' of 300000000 bytes; CardBot writes at most 50331648 there"),
        ("UPDATE card_reading SET crop = zeroblob(2000000) WHERE rowid = (SELECT min(rowid) FROM card_reading)",
         "its table 'card_reading' holds a 'crop' of 2000000 bytes; CardBot writes at most 1048576 there"),
        ("UPDATE grading SET notes = hex(zeroblob(1000000)) WHERE id = (SELECT min(id) FROM grading)",
         "its table 'grading' holds a 'notes' of 2000000 bytes; CardBot writes at most 1048576 there"),
        ("""
         WITH RECURSIVE n(i) AS (SELECT 1000 UNION ALL SELECT i + 1 FROM n WHERE i < 201000)
         INSERT INTO attempt (grading_id, number, frame, seconds, program, solved, reason, message)
         SELECT (SELECT min(id) FROM grading), i, 'f.png', i, 'forward', 0, 'ran-out', 'ran out' FROM n
         """,
         "has a grading with 200003 rows in its table 'attempt'; a grading has at most 200000 there"),
    ])
    func oversized(edit: String, message: String) throws {
        let (folder, district, part) = try MergeShardSchemaTests.districtAndPart()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.edit(part, edit)
        let before = try Self.state(district)
        let merge = try CLIRunner.run(["grade", "merge", part.path, "--gradebook", district.path, "--class", "cls-other"])
        #expect(merge.status == 2, "\(merge.stdout)")
        #expect(merge.stderr.hasPrefix("cardbot: error: \(part.path): \(message), so the part is not merged"), "\(merge.stderr)")
        #expect(try Self.state(district) == before)
    }

    @Test("a part of many rows within the limits is streamed in and merges")
    func manyRows() throws {
        let (folder, district, part) = try MergeShardSchemaTests.districtAndPart()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Content of its own (a copy of the examples' would be the gradings already there).
        try Self.edit(part, "UPDATE grading SET fingerprint = fingerprint || '-own'")
        try Self.edit(part, Self.extraAttempts(100_000))
        let merge = try CLIRunner.run(["grade", "merge", part.path, "--gradebook", district.path, "--class", "Examples"])
        #expect(merge.status == 0, "\(merge.stderr)")
        let attempts = try DatabaseQueue(path: district.path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM attempt") }
        #expect((attempts ?? 0) > 100_000)
    }

    /// SQL that adds `count` attempts of one line to the part's first grading.
    static func extraAttempts(_ count: Int) -> String {
        """
        WITH RECURSIVE n(i) AS (SELECT 1000 UNION ALL SELECT i + 1 FROM n WHERE i < \(999 + count))
        INSERT INTO attempt (grading_id, number, frame, seconds, program, solved, reason, message)
        SELECT (SELECT min(id) FROM grading), i, 'frame-' || i || '.png', i, 'forward forward left', 0, 'ran-out',
               'The robot ran out of cards 3 tiles from the goal.' FROM n
        """
    }

    @Test("kill -9 at five moments of a merge leaves the district gradebook as before or as after, never between")
    func killed() throws {
        let (folder, district, part) = try MergeShardSchemaTests.districtAndPart()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Three parts of three classes, each with many rows, so that the merge takes a while.
        var parts: [URL] = []
        for index in 1...3 {
            let copy = folder.appendingPathComponent("part\(index).sqlite")
            try FileManager.default.copyItem(at: part, to: copy)
            try Self.edit(
                copy,
                """
                UPDATE grading SET fingerprint = fingerprint || '-\(index)';
                UPDATE session SET class = 'cls-\(index)'; UPDATE class_folder SET class = 'cls-\(index)';
                """)
            try Self.edit(copy, Self.extraAttempts(150_000))
            parts.append(copy)
        }
        let arguments = ["grade", "merge"] + parts.map(\.path) + ["--gradebook", district.path, "--class", "Examples"]
        let before = try Self.state(district)
        let pristine = folder.appendingPathComponent("pristine.sqlite")
        try FileManager.default.copyItem(at: district, to: pristine)
        let whole = folder.appendingPathComponent("whole.sqlite")
        try FileManager.default.copyItem(at: district, to: whole)
        let complete = try CLIRunner.run(["grade", "merge"] + parts.map(\.path) + ["--gradebook", whole.path, "--class", "Examples"])
        try #require(complete.status == 0, "\(complete.stderr)")
        let after = try Self.state(whole)
        #expect(after != before)
        let wal = district.path + "-wal"
        func walBytes() -> Int { ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0 }
        // The moments: at once, when the merge's transaction first writes, and at three sizes of its write-ahead log.
        let moments: [(String, () -> Bool)] = [
            ("at once", { true }), ("first write", { walBytes() > 0 }), ("1 MB written", { walBytes() > 1 << 20 }),
            ("8 MB written", { walBytes() > 8 << 20 }), ("20 MB written", { walBytes() > 20 << 20 }),
        ]
        var between: [String] = []
        for (name, ready) in moments {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: district.path + suffix) }
            try FileManager.default.copyItem(at: pristine, to: district)
            _ = try InterruptTests.interrupt(arguments, in: folder, temporary: folder, signal: SIGKILL, ready: ready)
            let state = try Self.state(district)
            if state != before && state != after { between.append(name) }
        }
        #expect(between == [], "killed at these moments the gradebook was neither as before nor as after")
    }
}
