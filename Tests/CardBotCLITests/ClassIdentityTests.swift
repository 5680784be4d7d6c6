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
        let a = work.appendingPathComponent("A/cls").resolvingSymlinksInPath().path
        let b = work.appendingPathComponent("B/cls").resolvingSymlinksInPath().path
        #expect(try Self.sessions(book) == [[a, "maya-level-3", "Maya"], [b, "leo-level-9", "Leo"]])
        let progress = try CLIRunner.run(["progress", book.path])
        #expect(progress.stdout.contains("Maya: solved L3") && progress.stdout.contains("Leo: solved L9"), "\(progress.stdout)")

        // A's class typed four more ways, from two working folders: still one class, no new rows.
        for (typed, folder) in [("./cls/", "A"), ("../A/cls", "B"), (a, "B"), ("A/./cls", ".")] {
            let again = try CLIRunner.run(
                ["grade", typed, "--gradebook", book.path], in: folder == "." ? work : work.appendingPathComponent(folder))
            #expect(again.status == 0, "\(typed): \(again.stderr)")
            #expect(again.stderr.contains("1 unchanged session read from it"), "\(typed): \(again.stderr)")
        }
        #expect(try Self.sessions(book).count == 2)
        // merge names the class by its folder's own name (never a spelling of its path), and finds it by any spelling.
        let merged = try CLIRunner.run(
            ["grade", "merge", book.path, "--gradebook", work.appendingPathComponent("all.sqlite").path, "--class", a])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("Class cls: 1 session, 1 student"), "\(merged.stdout)")
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
