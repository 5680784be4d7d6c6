import CardBotTestSupport
import Foundation
import FoundationXML
import GRDB
import Testing

/// `cardbot grade --gradebook` and `cardbot grade merge` end to end: what the gradebook holds, regrading only
/// what changed, moved sessions, shards, refusals, and two runs at once or a run killed midway.
@Suite("cardbot grade --gradebook")
struct GradebookCommandTests {
    /// Opens a gradebook read-only, as a teacher's tool would.
    static func open(_ url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: url.path, configuration: configuration)
    }

    /// Checks that the gradebook is whole: SQLite's integrity and foreign keys, every graded session with its
    /// grading and as many attempt rows as attempts. Returns the number of session rows.
    @discardableResult
    static func expectConsistent(_ url: URL) throws -> Int {
        let queue = try open(url)
        return try queue.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            let orphans = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM session s LEFT JOIN grading g ON g.id = s.grading_id WHERE s.error IS NULL AND g.id IS NULL")
            #expect(orphans == 0)
            let short = try Int.fetchOne(
                db,
                sql: "SELECT count(*) FROM grading g WHERE g.attempts <> (SELECT count(*) FROM attempt a WHERE a.grading_id = g.id)")
            #expect(short == 0)
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM session") ?? 0
        }
    }

    static func gradingCount(_ url: URL) throws -> Int {
        try open(url).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM grading") ?? 0 }
    }

    static func grade(_ root: URL, _ extra: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(["grade", root.path, "--jobs", "2"] + extra)
    }

    @Test("two different videos without session.json keep each child's own grade through one gradebook, run twice")
    func twoVideosOwnGrades() throws {
        let root = try CLIRunner.temporaryDirectory("cardbot-two-videos")
        defer { try? FileManager.default.removeItem(at: root) }
        // Ada fails level 3, Ben solves it; each a lone video at a child's pace with GO taps, no session.json.
        for (name, program) in [("ada", RunSessionCommandTests.firstProgram), ("ben", RunSessionCommandTests.solution)] {
            let folder = root.appendingPathComponent(name)
            let made = try CLIRunner.run([
                "synth", "session", "--level", "3", "--program", program, "--video",
                folder.appendingPathComponent("lesson.mp4").path, "--size", "480x360", "--seed", "8", "--video-fps", "15",
            ])
            try #require(made.status == 0, "\(made.stderr)")
            try FileManager.default.removeItem(at: folder.appendingPathComponent("session.json"))
            try FileManager.default.removeItem(at: folder.appendingPathComponent("truth.json"))
        }
        let gradebook = root.appendingPathComponent("g.sqlite")
        let csv = root.appendingPathComponent("class.csv")
        for round in 1...2 {
            let output = try CLIRunner.run(
                ["grade", root.path, "--level", "3", "--gradebook", gradebook.path, "--out", csv.path])
            #expect(!output.stderr.contains("error"), "round \(round): \(output.stderr)")
            let records = CSVReader.records(try String(contentsOf: csv, encoding: .utf8))
            let header = try #require(records.first)
            let rows = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
            // Keyed by the child's folder (the row is the folder or its lone video).
            let stars = Dictionary(uniqueKeysWithValues: rows.map {
                (String(($0["path"] ?? "").split(separator: "/").first ?? ""), $0["stars"] ?? "")
            })
            #expect(stars == ["ada": "1", "ben": "3"], "round \(round)")
        }
        #expect(try Self.gradingCount(gradebook) == 2)
    }

    @Test("a regrade reads unchanged sessions from the gradebook, regrades a changed one only, and gives the same reports")
    func regrade() throws {
        let root = try GradeCommandTests.makeClass()
        let work = try CLIRunner.temporaryDirectory("gradebook")
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: work) }
        let book = work.appendingPathComponent("term.sqlite")
        let out = { (name: String) in ["--out", work.appendingPathComponent(name).path] }

        let first = try Self.grade(root, ["--gradebook", book.path] + out("first.json") + out("first.html"))
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stderr.contains("0 unchanged sessions read from it, 5 graded and recorded, 2 not graded"), "\(first.stderr)")
        #expect(try Self.expectConsistent(book) == 7)
        #expect(try Self.gradingCount(book) == 5)

        let plain = try Self.grade(root, out("plain.json") + out("plain.html"))
        let again = try Self.grade(root, ["--gradebook", book.path] + out("again.json") + out("again.html"))
        #expect(again.stderr.contains("5 unchanged sessions read from it, 0 graded and recorded, 2 not graded"), "\(again.stderr)")
        #expect(again.stdout == first.stdout && again.stdout == plain.stdout)
        for name in ["json", "html"] {
            let reports = try ["first", "again", "plain"].map { try Data(contentsOf: work.appendingPathComponent("\($0).\(name)")) }
            #expect(reports[0] == reports[1] && reports[1] == reports[2], "the .\(name) reports differ")
        }

        // One session changes: only it is graded again.
        let maya = root.appendingPathComponent("maya/level-1")
        let frames = try FileManager.default.contentsOfDirectory(atPath: maya.path).filter { $0.hasSuffix(".jpg") }.sorted()
        try FileManager.default.removeItem(at: maya.appendingPathComponent(frames.last!))
        let changed = try Self.grade(root, ["--gradebook", book.path])
        #expect(changed.stderr.contains("4 unchanged sessions read from it, 1 graded and recorded, 2 not graded"), "\(changed.stderr)")
        #expect(try Self.gradingCount(book) == 6)
        #expect(try Self.expectConsistent(book) == 7)

        // A session moved to another folder is recognised by its content.
        try FileManager.default.moveItem(at: root.appendingPathComponent("noah-level-1"), to: root.appendingPathComponent("noah-tuesday"))
        let moved = try Self.grade(root, ["--gradebook", book.path])
        #expect(moved.stderr.contains("5 unchanged sessions read from it, 0 graded and recorded, 2 not graded"), "\(moved.stderr)")
        #expect(try Self.gradingCount(book) == 6)
        let paths = try Self.open(book).read { db in try String.fetchAll(db, sql: "SELECT path FROM session ORDER BY path") }
        #expect(paths.contains("noah-tuesday") && !paths.contains("noah-level-1"))

        let forced = try Self.grade(root, ["--gradebook", book.path, "--regrade"])
        #expect(forced.stderr.contains("0 unchanged sessions read from it, 5 graded and recorded, 2 not graded"), "\(forced.stderr)")
    }

    @Test("shards merged give reports byte-identical to one run, and merging a part twice changes nothing")
    func shards() throws {
        let root = try GradeCommandTests.makeClass()
        let work = try CLIRunner.temporaryDirectory("gradebook-shards")
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: work) }
        let file = { (name: String) in work.appendingPathComponent(name).path }
        var parts: [String] = []
        for index in 1...3 {
            let part = file("part-\(index).sqlite")
            parts.append(part)
            let run = try Self.grade(root, ["--shard", "\(index)/3", "--gradebook", part])
            #expect(run.status <= 1, "\(run.stderr)")
        }
        let reports = ["class.csv", "class.json", "class.html"]
        let whole = try Self.grade(root, reports.flatMap { ["--out", file("whole-" + $0)] })
        let merged = try CLIRunner.run(
            ["grade", "merge"] + parts + ["--gradebook", file("all.sqlite")] + reports.flatMap { ["--out", file("merged-" + $0)] })
        #expect(merged.status == whole.status, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)
        for name in reports {
            #expect(try Data(contentsOf: work.appendingPathComponent("merged-" + name)) == Data(contentsOf: work.appendingPathComponent("whole-" + name)), "\(name) differs")
        }
        #expect(try Self.expectConsistent(work.appendingPathComponent("all.sqlite")) == 7)
        let dump = {
            try Self.open(work.appendingPathComponent("all.sqlite")).read { db in
                try Row.fetchAll(db, sql: "SELECT s.class, s.path, s.student, s.error, s.graded_at, g.fingerprint, g.stars, (SELECT count(*) FROM attempt a WHERE a.grading_id = g.id) FROM session s LEFT JOIN grading g ON g.id = s.grading_id ORDER BY s.path").map(\.description)
            }
        }
        let before = try dump()
        let twice = try CLIRunner.run(["grade", "merge", parts[0], parts[0], "--gradebook", file("all.sqlite")])
        #expect(twice.status == whole.status)
        #expect(try dump() == before)
        #expect(try Self.gradingCount(work.appendingPathComponent("all.sqlite")) == 5)
    }

    @Test("progress follows each student along the unlock chain and gives each level's solve rate, in every format")
    func progress() throws {
        let root = try GradeCommandTests.makeClass()
        let work = try CLIRunner.temporaryDirectory("gradebook-progress")
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: work) }
        let book = work.appendingPathComponent("term.sqlite")
        _ = try Self.grade(root, ["--gradebook", book.path])
        let file = { (name: String) in work.appendingPathComponent(name) }
        let run = try CLIRunner.run(
            ["progress", book.path, "--out", file("p.json").path, "--out", file("p.csv").path, "--out", file("p.html").path])
        #expect(run.status == 0, "\(run.stderr)")
        // Stills 2 a second with GO taps need the teacher's look: provisional stars, marked.
        #expect(run.stdout.contains("maya: solved L1 ★★★?, L2 ★★☆?; next L3"), "\(run.stdout)")
        #expect(run.stdout.contains("Noah: solved none; tried L1; next L1"), "\(run.stdout)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file("p.json"))) as? [String: Any])
        let students = try #require(object["students"] as? [[String: Any]])
        let maya = try #require(students.first { $0["student"] as? String == "maya" })
        #expect(maya["next"] as? Int == 3)
        let solved = try #require(maya["solved"] as? [[String: Any]])
        #expect(solved.map { $0["level"] as? Int } == [1, 2])
        #expect(solved.map { $0["attemptsToSolve"] as? Int } == [2, 1])
        let zoe = try #require(students.first { $0["student"] as? String == GradeCommandTests.tricky })
        #expect(zoe["available"] as? [Int] == [1, 4])
        let levels = try #require(object["levels"] as? [[String: Any]])
        let one = try #require(levels.first { $0["level"] as? Int == 1 })
        #expect(one["students"] as? Int == 3 && one["solved"] as? Int == 1)
        #expect(one["medianAttemptsToSolve"] as? Double == 2)
        let rows = CSVReader.records(String(decoding: try Data(contentsOf: file("p.csv")), as: UTF8.self))
        #expect(rows.first == [
            "student", "level", "levelName", "sessions", "attempts", "solved", "stars", "solvedOn", "attemptsToSolve", "next",
            "needsReview",
        ])
        #expect(rows.dropFirst().filter { $0.first == "maya" }.allSatisfy { $0.last == "true" })
        #expect(solved.allSatisfy { $0["needsReview"] as? Bool == true })
        #expect(rows.contains { $0.first == GradeCommandTests.tricky && $0[1] == "3" && $0[5] == "true" })
        let html = try Data(contentsOf: file("p.html"))
        #expect(XMLParser(data: html).parse(), "progress.html is not well-formed XML")
        #expect(String(decoding: html, as: UTF8.self).contains("<svg"))
        // In Danish: the summary and the page speak Danish; JSON and CSV are byte for byte the same.
        let danish = try CLIRunner.run(
            ["progress", book.path, "--language", "da", "--out", file("da.json").path, "--out", file("da.csv").path,
             "--out", file("da.html").path])
        #expect(danish.status == 0, "\(danish.stderr)")
        #expect(danish.stdout.contains("maya: løst L1 ★★★?, L2 ★★☆?; næste L3"), "\(danish.stdout)")
        #expect(danish.stdout.contains("Noah: løst ingen; prøvet L1; næste L1"), "\(danish.stdout)")
        #expect(danish.stdout.contains("Baner:"), "\(danish.stdout)")
        #expect(try Data(contentsOf: file("da.json")) == Data(contentsOf: file("p.json")))
        #expect(try Data(contentsOf: file("da.csv")) == Data(contentsOf: file("p.csv")))
        let danishPage = try String(contentsOf: file("da.html"), encoding: .utf8)
        #expect(danishPage.contains("<html lang=\"da\">"))
        #expect(danishPage.contains("Elever efter bane, i rækkefølge for oplåsning"))
        #expect(!danishPage.contains("Students by level"))
        #expect(XMLParser(data: Data(danishPage.utf8)).parse(), "the Danish progress.html is not well-formed XML")
        let onlyMaya = try CLIRunner.run(["progress", book.path, "--student", "maya"])
        #expect(onlyMaya.status == 0 && !onlyMaya.stdout.contains("Noah"))
        let nobody = try CLIRunner.run(["progress", book.path, "--student", "nobody"])
        #expect(nobody.status == 2 && nobody.stderr.contains("no sessions of student 'nobody'"))
        let missing = try CLIRunner.run(["progress", file("none.sqlite").path])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("cardbot: error: \(file("none.sqlite").path): "))
        #expect(!FileManager.default.fileExists(atPath: file("none.sqlite").path))
    }

    @Test("a file that is not a CardBot gradebook, or one from a newer cardbot, is refused and left unchanged")
    func refusals() throws {
        let root = try GradeCommandTests.makeClass()
        let work = try CLIRunner.temporaryDirectory("gradebook-bad")
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: work) }
        let text = work.appendingPathComponent("notes.sqlite")
        try Data("my notes\n".utf8).write(to: text)
        let other = work.appendingPathComponent("other.sqlite")
        try DatabaseQueue(path: other.path).write { db in try db.execute(sql: "CREATE TABLE pupils (name TEXT)") }
        let newer = work.appendingPathComponent("newer.sqlite")
        #expect(try Self.grade(root, ["--gradebook", newer.path]).status == 1)
        try DatabaseQueue(path: newer.path).write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        let cases: [(URL, String)] = [
            (text, "not a CardBot gradebook (not an SQLite database)"),
            (other, "is an SQLite database but not a CardBot gradebook"),
            (newer, "was written by a newer cardbot"),
        ]
        for (file, words) in cases {
            let before = try Data(contentsOf: file)
            let run = try Self.grade(root, ["--gradebook", file.path])
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("cardbot: error: \(file.path): "), "\(run.stderr)")
            #expect(run.stderr.contains(words), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(try Data(contentsOf: file) == before, "\(file.lastPathComponent) was changed")
            let merge = try CLIRunner.run(["grade", "merge", file.path, "--gradebook", work.appendingPathComponent("all.sqlite").path])
            #expect(merge.status == 2 && merge.stderr.contains(words), "\(merge.stderr)")
        }
    }

    @Test("two grade runs at once on one gradebook leave it consistent, each session recorded once")
    func concurrent() throws {
        let root = try GradeCommandTests.makeClass()
        let work = try CLIRunner.temporaryDirectory("gradebook-concurrent")
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: work) }
        let book = work.appendingPathComponent("term.sqlite")
        let outputs = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let run = try? CLIRunner.run(
                ["grade", root.path, "--jobs", "1", "--gradebook", book.path, "--out", work.appendingPathComponent("r\(index).json").path])
            outputs.set(index, run)
        }
        for index in 0..<2 {
            let run = try #require(outputs.get(index))
            #expect(run.status == 1, "\(run.stderr)")
            #expect(!run.stderr.contains("error: \(book.path)"), "\(run.stderr)")
        }
        #expect(try Data(contentsOf: work.appendingPathComponent("r0.json")) == Data(contentsOf: work.appendingPathComponent("r1.json")))
        #expect(try Self.expectConsistent(book) == 7)
        #expect(try Self.gradingCount(book) == 5)
    }

    @Test("a grade run killed with SIGKILL midway leaves the gradebook consistent, and the next run finishes it")
    func killed() throws {
        let root = try GradeCommandTests.makeClass()
        let work = try CLIRunner.temporaryDirectory("gradebook-kill")
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: work) }
        let book = work.appendingPathComponent("term.sqlite")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["grade", root.path, "--jobs", "1", "--gradebook", book.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Waits until the run has recorded some sessions but not all, then kills it.
        var recorded = 0
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline {
            if FileManager.default.fileExists(atPath: book.path),
               let count = try? Self.open(book).read({ db in try Int.fetchOne(db, sql: "SELECT count(*) FROM grading") ?? 0 }),
               count >= 1
            {
                recorded = count
                break
            }
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the run ended before it could be killed")
        #expect(recorded >= 1)
        let kept = try Self.expectConsistent(book)
        #expect(kept < 7)
        let rest = try Self.grade(root, ["--gradebook", book.path, "--out", work.appendingPathComponent("after.json").path])
        #expect(rest.status == 1, "\(rest.stderr)")
        #expect(try Self.expectConsistent(book) == 7)
        _ = try Self.grade(root, ["--out", work.appendingPathComponent("plain.json").path])
        #expect(try Data(contentsOf: work.appendingPathComponent("after.json")) == Data(contentsOf: work.appendingPathComponent("plain.json")))
    }
}

/// Results of concurrent runs, by index.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: CLIRunner.Output] = [:]
    func set(_ index: Int, _ value: CLIRunner.Output?) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> CLIRunner.Output? { lock.withLock { values[index] } }
}

/// The gradebook keeps what each card was read as, so a report made from it shows the same evidence.
@Suite struct GradebookEvidenceTests {
    @Test("the Examples class: a picture per card read, kept in card_reading, the same when read back from the gradebook")
    func evidenceKept() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var read = 0
        for session in ["maya-level-3", "leo-level-9", "zoe-level-5"] {
            let json = try CLIRunner.run(["run", "Examples/\(session)", "--json"])
            let programs = try RunSessionCommandTests.objects(json.stdout).filter { $0["type"] as? String == "program" }
            read += programs.flatMap { ($0["evidence"] as? [Any]) ?? [] }.filter { $0 is [String: Any] }.count
        }
        #expect(read >= 30)
        let book = folder.appendingPathComponent("term.sqlite").path
        let first = folder.appendingPathComponent("first.html").path
        let second = folder.appendingPathComponent("second.html").path
        #expect(try CLIRunner.run(["grade", "Examples", "--gradebook", book, "--out", first]).status == 0)
        #expect(try CLIRunner.run(["grade", "Examples", "--gradebook", book, "--out", second]).status == 0)
        let html = try String(contentsOfFile: first, encoding: .utf8)
        #expect(html.components(separatedBy: "<img class=\"crop").count - 1 == read)
        #expect(try String(contentsOfFile: second, encoding: .utf8) == html, "the report from the gradebook differs")
        let rows = try DatabaseQueue(path: book).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM card_reading WHERE crop IS NOT NULL") ?? 0
        }
        #expect(rows == read)
    }
}
