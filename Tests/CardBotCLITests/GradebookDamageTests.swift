import Foundation
import GRDB
import Testing

/// A gradebook damaged or edited by hand, and reports that would overwrite their gradebook: clear errors naming the
/// file and what is wrong, never a crash, and nothing lost.
@Suite("cardbot grade, progress and merge on damaged gradebooks")
struct GradebookDamageTests {
    /// Examples/ graded into a fresh gradebook in a fresh folder; returns the folder and the gradebook.
    static func gradedExamples() throws -> (folder: URL, book: URL) {
        let folder = try CLIRunner.temporaryDirectory("cardbot-damage")
        let book = folder.appendingPathComponent("term.sqlite")
        let graded = try CLIRunner.run(["grade", "Examples", "--gradebook", book.path])
        try #require(graded.status == 0, "\(graded.stderr)")
        return (folder, book)
    }

    @Test("a value its column cannot hold is an error naming the table and column, never a crash; grade heals it", arguments: [
        ("UPDATE grading SET attempts = 'abc'", "grading.attempts holds 'abc' where a whole number belongs", true),
        ("UPDATE session SET student = x'00ff'", "session.student holds 2 bytes of data where text belongs", true),
        ("UPDATE grading SET solved = 'maybe'", "grading.solved holds 'maybe' where 0 or 1 belongs", true),
        ("UPDATE grading SET frames = 1e300", "", false),
        ("UPDATE attempt SET seconds = 'x'", "", false),
        // Found by the gradebook fuzzer: sums, medians and clocks of the reports overflowed or trapped.
        ("UPDATE grading SET attempts = 9223372036854775807",
         "grading.attempts holds 9223372036854775807 where a whole number between -1000000000 and 1000000000 belongs", true),
        ("UPDATE grading SET unreadable_frames = 9223372036854775807", "", false),
    ])
    func damagedValues(update: String, message: String, progressReads: Bool) throws {
        let (folder, book) = try Self.gradedExamples()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DatabaseQueue(path: book.path).write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: update)
        }
        let damaged = try Data(contentsOf: book)
        let progress = try CLIRunner.run(["progress", book.path])
        let merged = folder.appendingPathComponent("merged.sqlite")
        let merge = try CLIRunner.run(["grade", "merge", book.path, "--gradebook", merged.path])
        for (name, output) in [("progress", progress), ("merge", merge)] {
            #expect(!output.stderr.contains("Fatal error") && !output.stderr.contains("Backtrace"), "\(name): \(output.stderr)")
            #expect(output.status == 0 || output.status == 2, "\(name): \(output.status)")
            if output.status == 2 { #expect(output.stderr.split(separator: "\n").count == 1, "\(name): \(output.stderr)") }
        }
        if progressReads {
            // progress reads the column: it says which and what it holds.
            #expect(progress.status == 2)
            #expect(progress.stderr == "cardbot: error: \(book.path): the gradebook is damaged: \(message); grading the class "
                + "again with this --gradebook grades the damaged sessions anew (or use a copy from before the damage)\n",
                "\(progress.stderr)")
        }
        #expect(try Data(contentsOf: book) == damaged, "reading changed the gradebook")
        // grade reads unchanged sessions from the gradebook: a damaged one is graded again and stored anew.
        let grade = try CLIRunner.run(["grade", "Examples", "--gradebook", book.path])
        #expect(grade.status == 0, "\(grade.stderr)")
        #expect(!grade.stderr.contains("Fatal error") && !grade.stderr.contains("Backtrace"), "\(grade.stderr)")
        #expect(grade.stderr.contains("3 graded and recorded"), "\(grade.stderr)")
        let healed = try CLIRunner.run(["progress", book.path])
        #expect(healed.status == 0, "\(healed.stderr)")
        #expect(healed.stdout.contains("Maya: solved L3 ★★★"), "\(healed.stdout)")
    }

    @Test("a report named like the gradebook (or a merged part) is refused before anything is written")
    func reportOverGradebook() throws {
        let (folder, book) = try Self.gradedExamples()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: book)
        let copy = folder.appendingPathComponent("term.json")
        try FileManager.default.copyItem(at: book, to: copy)
        // The same file by another spelling: ./folder/../folder/term.json.
        let spelled = folder.appendingPathComponent("../\(folder.lastPathComponent)/term.json").path
        let grade = try CLIRunner.run(["grade", "Examples", "--gradebook", copy.path, "--out", spelled])
        #expect(grade.status == 2)
        #expect(grade.stderr == "cardbot: error: \(spelled): is the gradebook itself; name the report another file\n", "\(grade.stderr)")
        #expect(try Data(contentsOf: copy) == before)
        // A part named like a report, given as --out too.
        let part = folder.appendingPathComponent("part.json")
        try FileManager.default.copyItem(at: book, to: part)
        let merged = folder.appendingPathComponent("merged.sqlite")
        let merge = try CLIRunner.run(["grade", "merge", part.path, "--gradebook", merged.path, "--out", part.path])
        #expect(merge.status == 2)
        #expect(merge.stderr == "cardbot: error: \(part.path): is a part being merged; name the report another file\n", "\(merge.stderr)")
        #expect(try Data(contentsOf: part) == before)
        #expect(!FileManager.default.fileExists(atPath: merged.path))
    }

    @Test("an export or a progress report over the gradebook it reads (by its name or a hard link) is refused, the gradebook whole")
    func exportOverGradebook() throws {
        let (folder, book) = try Self.gradedExamples()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: book)
        let export = try CLIRunner.run(["grade", "export", "--gradebook", book.path, "--format", "csv", "--out", book.path])
        #expect(export.status == 2)
        #expect(export.stderr == "cardbot: error: \(book.path): is the gradebook itself; name the report another file\n", "\(export.stderr)")
        // The gradebook under a report's name: a hard link g.csv.
        let link = folder.appendingPathComponent("g.csv")
        try FileManager.default.linkItem(at: book, to: link)
        let progress = try CLIRunner.run(["progress", link.path, "--out", link.path])
        #expect(progress.status == 2)
        #expect(progress.stderr == "cardbot: error: \(link.path): is the gradebook itself; name the report another file\n", "\(progress.stderr)")
        let linked = try CLIRunner.run(["grade", "export", "--gradebook", book.path, "--format", "csv", "--out", link.path])
        #expect(linked.status == 2, "\(linked.stderr)")
        #expect(try Data(contentsOf: book) == before)
        // Named apart, both write.
        let fine = try CLIRunner.run(["grade", "export", "--gradebook", book.path, "--format", "csv", "--out", folder.appendingPathComponent("out.csv").path])
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test("merge checks every part before it makes its gradebook: a refused part leaves nothing behind")
    func refusedPartLeavesNothing() throws {
        let (folder, book) = try Self.gradedExamples()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.sqlite")
        try Data("not a gradebook".utf8).write(to: notes)
        let merged = folder.appendingPathComponent("merged.sqlite")
        let merge = try CLIRunner.run(["grade", "merge", book.path, notes.path, "--gradebook", merged.path])
        #expect(merge.status == 2)
        #expect(merge.stderr.hasPrefix("cardbot: error: \(notes.path): "), "\(merge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: merged.path))
    }

    @Test("reading a gradebook writes nothing beside it: no -wal or -shm after progress, a merge of it, or a read while one is left")
    func readersLeaveNothing() throws {
        let (folder, book) = try Self.gradedExamples()
        defer { try? FileManager.default.removeItem(at: folder) }
        func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }
        #expect(names() == ["term.sqlite"], "grade left \(names())")
        let before = try Data(contentsOf: book)
        let progress = try CLIRunner.run(["progress", book.path])
        #expect(progress.status == 0, "\(progress.stderr)")
        #expect(progress.stdout.contains("Maya: solved L3"), "\(progress.stdout)")
        let elsewhere = try CLIRunner.temporaryDirectory("cardbot-merged")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let merge = try CLIRunner.run(["grade", "merge", book.path, "--gradebook", elsewhere.appendingPathComponent("all.sqlite").path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(names() == ["term.sqlite"], "a reader left \(names())")
        #expect(try Data(contentsOf: book) == before)
        // A writer killed before it closed leaves its -wal: a reader still sees the sessions in it.
        let queue = try DatabaseQueue(path: book.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "UPDATE session SET student = 'Maya Renamed' WHERE student = 'Maya'")
        }
        #expect(names().contains("term.sqlite-wal"))
        let unsaved = try CLIRunner.run(["progress", book.path])
        #expect(unsaved.status == 0, "\(unsaved.stderr)")
        #expect(unsaved.stdout.contains("Maya Renamed: solved L3"), "\(unsaved.stdout)")
        try queue.close()
    }
}
