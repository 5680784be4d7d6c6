import CardBotTestSupport
import Foundation
import GRDB
import Testing

/// A gradebook written by the previous release (schema 1, before replays) is read as it is and upgraded by the
/// next `grade --gradebook`, keeping everything it held.
///
/// `Fixtures/gradebook-schema-1.sqlite` was written by `cardbot grade Examples --gradebook FILE` at commit
/// f5530b0, the last commit with schema 1, then `VACUUM`ed.
@Suite("gradebook schema upgrade")
struct GradebookUpgradeTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gradebook-schema-1.sqlite")

    static func version(_ url: URL) throws -> (userVersion: Int, schema: String?, gradings: Int, sessions: Int) {
        try GradebookCommandTests.open(url).read { db in
            (
                try Int.fetchOne(db, sql: "PRAGMA user_version") ?? -1,
                try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema'"),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM grading") ?? -1,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM session") ?? -1
            )
        }
    }

    @Test("progress reads a schema-1 gradebook without changing it; grade upgrades it to schema 9 and keeps its gradings")
    func upgrade() throws {
        let work = try CLIRunner.temporaryDirectory("gradebook-upgrade")
        defer { try? FileManager.default.removeItem(at: work) }
        let book = work.appendingPathComponent("term.sqlite")
        try FileManager.default.copyItem(at: Self.fixture, to: book)
        let before = try Self.version(book)
        #expect(before.userVersion == 1 && before.schema == "1" && before.gradings == 2 && before.sessions == 2)
        let original = try Data(contentsOf: book)

        let progress = try CLIRunner.run(["progress", book.path])
        #expect(progress.status == 0, "\(progress.stderr)")
        #expect(progress.stdout.contains("Maya: solved L3") && progress.stdout.contains("Leo: solved L9"), "\(progress.stdout)")
        #expect(try Data(contentsOf: book) == original, "reading a gradebook changed the file")

        // The class folder as the fixture's grading named it: `Examples`, from the package root.
        let grade = try CLIRunner.run(["grade", "Examples", "--gradebook", book.path], in: CLIRunner.packageRoot)
        #expect(grade.status == 0, "\(grade.stderr)")
        let after = try Self.version(book)
        #expect(after.userVersion == 9 && after.schema == "9", "\(after)")
        // The settings now name the replays, so both sessions were graded again, and Examples/ has gained Zoe's video
        // session since; the schema-1 gradings stay as history.
        #expect(after.gradings == 5 && after.sessions == 3, "\(after)")
        #expect(try GradebookCommandTests.expectConsistent(book) == 3)
        // The schema-1 sessions were keyed by the folder as typed; they are now the class of Examples/class.json.
        let classes = try GradebookCommandTests.open(book).read { db in try String.fetchAll(db, sql: "SELECT DISTINCT class FROM session") }
        #expect(classes == ["cls-cardbot-examples"])
        let (replays, oldLeftOut) = try GradebookCommandTests.open(book).read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM replay") ?? -1,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM grading WHERE id <= 2 AND replays_left_out = 0") ?? -1
            )
        }
        #expect(replays == 6, "two attempts in each of the three sessions")
        #expect(oldLeftOut == 2)

        // The upgraded gradebook reads the same progress for Maya and Leo, and Zoe's besides.
        let again = try CLIRunner.run(["progress", book.path])
        #expect(again.status == 0, "\(again.stderr)")
        let lines = Set(again.stdout.split(separator: "\n"))
        for line in progress.stdout.split(separator: "\n") where line.contains("Maya") || line.contains("Leo") {
            #expect(lines.contains(line), "\(line)")
        }
        #expect(again.stdout.contains("Zoe: solved L5"), "\(again.stdout)")
    }
}
