import Foundation
import GRDB
import Testing

/// A class is its folder, not the way its path was typed: two schools' `cls` folders stay two classes, one
/// class typed five ways stays one; and merging parts never depends on their order or on a wrong clock.
@Suite("cardbot grade: class identity and merge order")
struct ClassIdentityTests {
    /// The rows of `session` as (class, path, student), sorted.
    static func sessions(_ book: URL) throws -> [[String]] {
        try GradebookCommandTests.open(book).read { db in
            try Row.fetchAll(db, sql: "SELECT class, path, student FROM session ORDER BY class, path").map {
                [$0["class"], $0["path"], $0["student"]]
            }
        }
    }

    /// The `classId` of the class.json in `folder`.
    static func classID(_ folder: URL) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("class.json")))
        return try #require((object as? [String: Any])?["classId"] as? String)
    }

    @Test("A/cls and B/cls graded from their own folders are two classes; one class typed 5 ways is one")
    func twoSchools() throws {
        let work = try CLIRunner.temporaryDirectory("class-identity")
        defer { try? FileManager.default.removeItem(at: work) }
        let examples = CLIRunner.packageRoot.appendingPathComponent("Examples")
        for (school, session) in [("A", "maya-level-3"), ("B", "leo-level-9")] {
            let cls = work.appendingPathComponent("\(school)/cls")
            try FileManager.default.createDirectory(at: cls, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: examples.appendingPathComponent(session), to: cls.appendingPathComponent(session))
        }
        let book = work.appendingPathComponent("term.sqlite")
        for school in ["A", "B"] {
            let graded = try CLIRunner.run(["grade", "cls", "--gradebook", book.path], in: work.appendingPathComponent(school))
            #expect(graded.status == 0, "\(graded.stderr)")
        }
        // Each folder got a class.json with an id of its own, and the gradebook keys the classes by them.
        let a = try Self.classID(work.appendingPathComponent("A/cls"))
        let b = try Self.classID(work.appendingPathComponent("B/cls"))
        #expect(a != b && a.hasPrefix("cls-") && b.hasPrefix("cls-"))
        #expect(try Self.sessions(book) == [[a, "maya-level-3", "Maya"], [b, "leo-level-9", "Leo"]].sorted { $0[0] < $1[0] })
        let progress = try CLIRunner.run(["progress", book.path])
        #expect(progress.stdout.contains("Maya: solved L3") && progress.stdout.contains("Leo: solved L9"), "\(progress.stdout)")

        // A's class typed four more ways, from two working folders: still one class, no new rows.
        let absoluteA = work.appendingPathComponent("A/cls").resolvingSymlinksInPath().path
        for (typed, folder) in [("./cls/", "A"), ("../A/cls", "B"), (absoluteA, "B"), ("A/./cls", ".")] {
            let again = try CLIRunner.run(
                ["grade", typed, "--gradebook", book.path], in: folder == "." ? work : work.appendingPathComponent(folder))
            #expect(again.status == 0, "\(typed): \(again.stderr)")
            #expect(again.stderr.contains("1 unchanged session read from it"), "\(typed): \(again.stderr)")
        }
        #expect(try Self.sessions(book).count == 2)
        // merge names the class by its folder's own name (never a spelling of its path), and finds it by any spelling.
        let merged = try CLIRunner.run(
            ["grade", "merge", book.path, "--gradebook", work.appendingPathComponent("all.sqlite").path, "--class", absoluteA])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("Class cls: 1 session, 1 student"), "\(merged.stdout)")
    }

    @Test("a moved folder is the same class: graded again, nothing is duplicated; progress --class finds it by id; a schema-6 gradebook's path keys fold into the id")
    func movedFolder() throws {
        let work = try CLIRunner.temporaryDirectory("class-moved")
        defer { try? FileManager.default.removeItem(at: work) }
        let examples = CLIRunner.packageRoot.appendingPathComponent("Examples")
        let first = work.appendingPathComponent("term-1/4b")
        try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
        for session in ["maya-level-3", "leo-level-9"] {
            try FileManager.default.copyItem(at: examples.appendingPathComponent(session), to: first.appendingPathComponent(session))
        }
        let book = work.appendingPathComponent("term.sqlite")
        let graded = try CLIRunner.run(["grade", first.path, "--gradebook", book.path])
        #expect(graded.status == 0, "\(graded.stderr)")
        let id = try Self.classID(first)
        let text = try String(contentsOf: first.appendingPathComponent("class.json"), encoding: .utf8)
        #expect(text == "{\"format\": \"cardbot-class/1\", \"classId\": \"\(id)\"}\n")

        // The folder moved to another place under another name: the same class, its sessions read, not added.
        let moved = work.appendingPathComponent("archive/class-4b-autumn")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: first, to: moved)
        let again = try CLIRunner.run(["grade", moved.path, "--gradebook", book.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("2 unchanged sessions read from it, 0 graded and recorded"), "\(again.stderr)")
        #expect(try Self.sessions(book) == [[id, "leo-level-9", "Leo"], [id, "maya-level-3", "Maya"]])
        let folders = try GradebookCommandTests.open(book).read { db in
            try Row.fetchAll(db, sql: "SELECT class, name, folder, source FROM class_folder").map { [$0["class"], $0["name"], $0["folder"], $0["source"]] as [String?] }
        }
        #expect(folders == [[id, "class-4b-autumn", moved.resolvingSymlinksInPath().path, "class-json"]])

        // progress --class takes the class's id.
        let progress = try CLIRunner.run(["progress", book.path, "--class", id])
        #expect(progress.status == 0, "\(progress.stderr)")
        #expect(progress.stdout.contains("Maya: solved L3") && progress.stdout.contains("Leo: solved L9"), "\(progress.stdout)")
        let unknown = try CLIRunner.run(["progress", book.path, "--class", "cls-nowhere"])
        #expect(unknown.status == 2 && unknown.stderr.contains("cls-nowhere"), "\(unknown.stderr)")
        // merge --class takes the folder, wherever it lies now.
        let merged = try CLIRunner.run(
            ["grade", "merge", book.path, "--gradebook", work.appendingPathComponent("all.sqlite").path, "--class", moved.path])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("Class class-4b-autumn: 2 sessions, 2 students"), "\(merged.stdout)")

        // The same gradebook as schema 6 wrote it: the class keyed by its folder's path. It is read as it is, and
        // upgraded by the next grade, which folds the path's sessions into the class's id.
        let path = moved.resolvingSymlinksInPath().path
        try DatabaseQueue(path: book.path).write { db in
            try db.execute(sql: """
                UPDATE session SET class = ?; UPDATE class_folder SET class = ?;
                ALTER TABLE class_folder DROP COLUMN folder; ALTER TABLE class_folder DROP COLUMN source;
                DELETE FROM grdb_migrations WHERE identifier LIKE 'v7%'; PRAGMA user_version = 6;
                UPDATE meta SET value = '6' WHERE key = 'schema';
                """, arguments: [path, path])
        }
        let old = try CLIRunner.run(["progress", book.path])
        #expect(old.status == 0 && old.stdout.contains("Maya: solved L3"), "\(old.stderr)")
        let upgraded = try CLIRunner.run(["grade", moved.path, "--gradebook", book.path])
        #expect(upgraded.status == 0, "\(upgraded.stderr)")
        #expect(upgraded.stderr.contains("2 unchanged sessions read from it, 0 graded and recorded"), "\(upgraded.stderr)")
        #expect(try Self.sessions(book) == [[id, "leo-level-9", "Leo"], [id, "maya-level-3", "Maya"]])
        let (version, classes) = try GradebookCommandTests.open(book).read { db in
            (try Int.fetchOne(db, sql: "PRAGMA user_version"), try String.fetchAll(db, sql: "SELECT class FROM class_folder"))
        }
        #expect(version == 7 && classes == [id])
    }

    @Test("class.json names its roster class: the class is that class; a bad class.json is refused with its place")
    func rosterClassAndBadFile() throws {
        let work = try CLIRunner.temporaryDirectory("class-json")
        defer { try? FileManager.default.removeItem(at: work) }
        let cls = work.appendingPathComponent("cls")
        try FileManager.default.createDirectory(at: cls, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("Examples/maya-level-3"), to: cls.appendingPathComponent("maya-level-3"))
        let book = work.appendingPathComponent("term.sqlite")
        #expect(try CLIRunner.run(["grade", cls.path, "--gradebook", book.path]).status == 0)
        let id = try Self.classID(cls)
        // The teacher adds the roster class: the class's sessions follow to it, its own id is folded in.
        try Data("{\"format\": \"cardbot-class/1\", \"classId\": \"\(id)\", \"name\": \"4B Tuesday club\", \"rosterClassId\": \"sec-4b\"}\n".utf8)
            .write(to: cls.appendingPathComponent("class.json"))
        let graded = try CLIRunner.run(["grade", cls.path, "--gradebook", book.path])
        #expect(graded.status == 0, "\(graded.stderr)")
        #expect(graded.stdout.hasPrefix("Class 4B Tuesday club: 1 session"), "\(graded.stdout)")
        #expect(try Self.sessions(book) == [["sec-4b", "maya-level-3", "Maya"]])

        let bad: [(String, String)] = [
            ("{\"format\": \"cardbot-class/1\", \"classID\": \"x\"}", "class.json:1:31: error: unknown field 'classID'; did you mean 'classId'?"),
            ("{\"format\": \"cardbot-class/1\"}", "class.json:1:1: error: 'classId' is missing"),
            ("{\"format\": \"cardbot-class/1\", \"classId\": \"/home/x\"}", "class.json:1:42: error: 'classId' must not start with '/'"),
            ("{\"format\": \"cardbot-class/1\", \"classId\": 7}", "class.json:1:42: error: 'classId' must be text"),
            ("{\"classId\": \"a\",", "class.json:1:"),
        ]
        for (text, expected) in bad {
            try Data(text.utf8).write(to: cls.appendingPathComponent("class.json"))
            let refused = try CLIRunner.run(["grade", cls.path, "--gradebook", book.path])
            #expect(refused.status == 2, "\(text)")
            #expect(refused.stderr.contains(expected), "\(text): \(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        }
    }

    @Test("parts merged in either order give the same gradebook; a part dated 2099 does not hide newer data")
    func mergeOrder() throws {
        let work = try CLIRunner.temporaryDirectory("merge-order")
        defer { try? FileManager.default.removeItem(at: work) }
        let examples = CLIRunner.packageRoot.appendingPathComponent("Examples")
        let session = work.appendingPathComponent("cls/s")
        try FileManager.default.createDirectory(at: session.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The same place holds Maya's session when part 1 is graded and Leo's when part 2 is.
        var parts: [URL] = []
        for (index, source) in ["maya-level-3", "leo-level-9"].enumerated() {
            try? FileManager.default.removeItem(at: session)
            try FileManager.default.copyItem(at: examples.appendingPathComponent(source), to: session)
            let part = work.appendingPathComponent("part\(index + 1).sqlite")
            let graded = try CLIRunner.run(["grade", "cls", "--gradebook", part.path], in: work)
            #expect(graded.status == 0, "\(graded.stderr)")
            parts.append(part)
        }
        func setDate(_ part: URL, _ date: String) throws {
            try DatabaseQueue(path: part.path).write { db in try db.execute(sql: "UPDATE session SET graded_at = ?", arguments: [date]) }
        }
        func merge(_ order: [URL], into name: String) throws -> [[String]] {
            let book = work.appendingPathComponent(name)
            let merged = try CLIRunner.run(["grade", "merge"] + order.map(\.path) + ["--gradebook", book.path])
            #expect(merged.status == 0, "\(merged.stderr)")
            return try Self.sessions(book)
        }
        // The same second: the result does not depend on the order.
        for part in parts { try setDate(part, "2026-11-25T10:00:00Z") }
        let forward = try merge(parts, into: "ab.sqlite")
        let backward = try merge(parts.reversed(), into: "ba.sqlite")
        #expect(forward == backward)
        #expect(forward.count == 1)
        // Part 1 dated 2099 (a wrong clock) and part 2 graded today: today's wins, in either order.
        try setDate(parts[0], "2099-01-01T00:00:00Z")
        let formatter = ISO8601DateFormatter()
        try setDate(parts[1], formatter.string(from: Date()))
        for (order, name) in [(parts, "c.sqlite"), (parts.reversed(), "d.sqlite")] {
            let rows = try merge(order, into: name)
            #expect(rows.map { $0[2] } == ["Leo"], "\(rows)")
        }
    }
}
