import Foundation
import Testing

/// `cardbot roster import`, `roster match` and `grade export` end to end, as a teacher uses them on Examples/:
/// a Clever roster with two Leo Parks (one in another class), the sessions matched and written, graded, exported.
@Suite("roster commands")
struct RosterCommandTests {
    /// A class folder copied from Examples/ and a roster of it, in a new folder.
    static func classroom() throws -> URL {
        let work = try CLIRunner.temporaryDirectory("roster-cli")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Examples"), to: work.appendingPathComponent("class"))
        let roster = work.appendingPathComponent("roster")
        try FileManager.default.createDirectory(at: roster, withIntermediateDirectories: true)
        try "School_id,Student_id,Student_number,Last_name,First_name,Grade\nsch-1,s-101,101,Berg,Maya,3\nsch-1,s-102,102,Park,Leo,3\nsch-1,s-103,103,Lund,Zoe,3\nsch-1,s-104,104,Park,Leo,4\n"
            .write(to: roster.appendingPathComponent("students.csv"), atomically: true, encoding: .utf8)
        try "School_id,Section_id,Name\nsch-1,sec-3a,\"3A Robots, room 2\"\nsch-1,sec-4a,4A\n"
            .write(to: roster.appendingPathComponent("sections.csv"), atomically: true, encoding: .utf8)
        try "School_id,Section_id,Student_id\nsch-1,sec-3a,s-101\nsch-1,sec-3a,s-102\nsch-1,sec-3a,s-103\nsch-1,sec-4a,s-104\n"
            .write(to: roster.appendingPathComponent("enrollments.csv"), atomically: true, encoding: .utf8)
        return work
    }

    @Test("import, match (ambiguous, then by class with --write), grade, export OneRoster results and CSV")
    func teacherFlow() throws {
        let work = try Self.classroom()
        defer { try? FileManager.default.removeItem(at: work) }
        let book = work.appendingPathComponent("term.sqlite").path
        let imported = try CLIRunner.run(["roster", "import", "roster", "--gradebook", book], in: work)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "roster imported into \(book): 4 students, 2 classes, 4 enrollments, 0 schools\n")

        let ambiguous = try CLIRunner.run(["roster", "match", "class", "--gradebook", book], in: work)
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stdout.contains("leo-level-9   Leo   -           ambiguous: s-102, s-104; give studentId in session.json"), "\(ambiguous.stdout)")
        #expect(ambiguous.stdout.contains("maya-level-3  Maya  s-101       by name (--write writes it into session.json)"))
        #expect(ambiguous.stdout.hasSuffix("1 session is not tied to a roster student\n"))

        let written = try CLIRunner.run(["roster", "match", "class", "--gradebook", book, "--class", "sec-3a", "--write"], in: work)
        #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
        #expect(written.stdout.hasSuffix("every session is tied to a roster student\n"))
        let maya = try String(contentsOf: work.appendingPathComponent("class/maya-level-3/session.json"), encoding: .utf8)
        #expect(maya == "{\n  \"studentId\": \"s-101\",\n  \"fps\": 2,\n  \"level\": 3,\n  \"runs\": [\"frame-0011.jpg\", \"frame-0022.jpg\"],\n  \"student\": \"Maya\"\n}\n")
        let again = try CLIRunner.run(["roster", "match", "class", "--gradebook", book], in: work)
        #expect(again.status == 0 && again.stdout.contains("leo-level-9   Leo   s-102       studentId in session.json"), "\(again.stdout)")

        let graded = try CLIRunner.run(["grade", "class", "--gradebook", book], in: work)
        #expect(graded.status == 0, "\(graded.stderr)")
        let exported = try CLIRunner.run(["grade", "export", "--gradebook", book, "--format", "oneroster-results", "--out", "results"], in: work)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout == "wrote results/lineItems.csv\nwrote results/results.csv\nwrote results/manifest.csv\n")
        let results = try String(contentsOf: work.appendingPathComponent("results/results.csv"), encoding: .utf8)
            .components(separatedBy: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(results.count == 5 && results[4] == [""])
        #expect(results[1...3].map { [$0[0], $0[4], $0[5], $0[6]] } == [
            ["cardbot-sec-3a-level-3-s-101", "s-101", "fully graded", "3"],
            ["cardbot-sec-3a-level-5-s-103", "s-103", "fully graded", "3"],
            ["cardbot-sec-3a-level-9-s-102", "s-102", "fully graded", "2"],
        ])
        let csv = try CLIRunner.run(["grade", "export", "--gradebook", book, "--format", "csv", "--out", "grades.csv"], in: work)
        #expect(csv.status == 0)
        let rows = try String(contentsOf: work.appendingPathComponent("grades.csv"), encoding: .utf8).components(separatedBy: "\r\n")
        #expect(rows.count == 5)
        #expect(rows[1].hasPrefix("s-101,Maya Berg,Maya,Berg,3,sch-1,sec-3a,\"3A Robots, room 2\",3,Left and right,true,3,2,1,"))
    }

    @Test("a malformed roster is refused whole with FILE:LINE positions, in Danish too, and no gradebook is made")
    func malformed() throws {
        let work = try Self.classroom()
        defer { try? FileManager.default.removeItem(at: work) }
        try "School_id,Student_id,Last_name,First_name\nsch-1,s-1,Berg,\nsch-1,s-2,\"Park,Leo\nsch-1,s-1,Lund,Zoe\n"
            .write(to: work.appendingPathComponent("roster/students.csv"), atomically: true, encoding: .utf8)
        let output = try CLIRunner.run(["roster", "import", "roster/students.csv", "roster/enrollments.csv", "--gradebook", "new.sqlite"], in: work)
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == [
            "roster/enrollments.csv:2: error: no class 'sec-3a' in the roster files or the gradebook: import its classes file too",
            "roster/enrollments.csv:2: error: no student 's-101' in the roster files or the gradebook: import its users or students file too",
        ])
        #expect(lines.contains("roster/students.csv:2: error: 'First_name' is empty; every row needs it"))
        #expect(lines.contains("roster/students.csv:3:11: error: the quote opened here is never closed: end the field with a double quote"))
        #expect(lines.last?.hasPrefix("cardbot: error: the roster was not imported:") == true)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("new.sqlite").path))

        let danish = try CLIRunner.run(["roster", "import", "roster/students.csv", "--gradebook", "new.sqlite", "--language", "da"], in: work)
        #expect(danish.status == 2 && danish.stderr.contains("roster/students.csv:2: error: 'First_name' er tom; hver række skal have den"))
        let english = DanishEverywhereTests.englishIn(danish)
        #expect(english.isEmpty, "\(english.joined(separator: "\n"))")
    }
}
