import CardBotGradebook
import CardBotSupport
import Foundation
import GRDB
import Testing

/// Results out: the term's best per student, roster class and level, a student who changed class counted in
/// each class by the day; the same bytes from a gradebook merged from shards as from one; progress by id.
@Suite("Roster export")
struct RosterExportTests {
    static let results = """
        sourcedId,status,dateLastModified,lineItemSourcedId,studentSourcedId,scoreStatus,score,scoreDate,comment\r
        cardbot-cls-n1-level-3-stu-1,,,cardbot-cls-n1-level-3,stu-1,fully graded,3,2026-10-01,solved; 2 attempts in 1 sessions\r
        cardbot-cls-n1-level-3-stu-3,,,cardbot-cls-n1-level-3,stu-3,fully graded,2,2026-11-10,solved; 3 attempts in 1 sessions\r
        cardbot-cls-n2-level-3-stu-3,,,cardbot-cls-n2-level-3,stu-3,fully graded,3,2026-11-21,solved; 1 attempts in 1 sessions\r
        cardbot-cls-n2-level-4-stu-3,,,cardbot-cls-n2-level-4,stu-3,fully graded,3,2026-11-20,solved; 1 attempts in 1 sessions\r
        cardbot-cls-s1-level-3-stu-2,,,cardbot-cls-s1-level-3,stu-2,fully graded,0,2026-10-02,not solved; 4 attempts in 1 sessions\r
        cardbot-cls-s1-level-4-stu-5,,,cardbot-cls-s1-level-4,stu-5,fully graded,0,2026-11-23,not solved; 2 attempts in 1 sessions\r

        """

    static let lineItems = """
        sourcedId,status,dateLastModified,title,description,assignDate,dueDate,classSourcedId,categorySourcedId,gradingPeriodSourcedId,resultValueMin,resultValueMax\r
        cardbot-cls-n1-level-3,,,CardBot level 3: Level 3,Solve level 3 with programming cards,2026-10-01,2026-11-10,cls-n1,cardbot-levels,cardbot-term,0,3\r
        cardbot-cls-n2-level-3,,,CardBot level 3: Level 3,Solve level 3 with programming cards,2026-11-21,2026-11-21,cls-n2,cardbot-levels,cardbot-term,0,3\r
        cardbot-cls-n2-level-4,,,CardBot level 4: Level 4,Solve level 4 with programming cards,2026-11-20,2026-11-20,cls-n2,cardbot-levels,cardbot-term,0,3\r
        cardbot-cls-s1-level-3,,,CardBot level 3: Level 3,Solve level 3 with programming cards,2026-10-02,2026-10-02,cls-s1,cardbot-levels,cardbot-term,0,3\r
        cardbot-cls-s1-level-4,,,CardBot level 4: Level 4,Solve level 4 with programming cards,2026-11-23,2026-11-23,cls-s1,cardbot-levels,cardbot-term,0,3\r

        """

    @Test("OneRoster results: one line item per level of each class; Maya's level 3 in both her classes by the day; the ambiguous 'Emma' left out")
    func oneRosterResults() throws {
        let folder = try RosterFixture.folder("export")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = folder + "/term.sqlite"
        try RosterFixture.gradebook(book)
        let written = try GradeExport.write(.oneRosterResults, gradebook: book, to: folder + "/out")
        #expect(written.files.map { ($0 as NSString).lastPathComponent } == ["lineItems.csv", "results.csv", "manifest.csv"])
        #expect(written.leftOut == 1)
        #expect(try String(contentsOfFile: folder + "/out/results.csv", encoding: .utf8) == Self.results)
        #expect(try String(contentsOfFile: folder + "/out/lineItems.csv", encoding: .utf8) == Self.lineItems)
        #expect(try String(contentsOfFile: folder + "/out/manifest.csv", encoding: .utf8).contains("oneroster.version,1.1\r\n"))
        #expect(GradeExport.summary(written.files, leftOut: 1).hasSuffix(
            "1 row left out: its sessions are tied to no roster student or class (see cardbot roster match)"))
    }

    @Test("the generic CSV: a row per student, class and level, the untied session with an empty student_id")
    func genericCSV() throws {
        let folder = try RosterFixture.folder("csv")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = folder + "/term.sqlite"
        try RosterFixture.gradebook(book)
        _ = try GradeExport.write(.csv, gradebook: book, to: folder + "/grades.csv")
        let lines = try String(contentsOfFile: folder + "/grades.csv", encoding: .utf8).components(separatedBy: "\r\n")
        #expect(lines[0] == ExportCSV.columns.joined(separator: ","))
        #expect(lines[1] == ",Emma,,,,,,,3,Level 3,true,1,5,1,2026-11-22,2026-11-22")
        #expect(lines[2] == "stu-1,Emma Hansen,Emma,Hansen,03,sch-north,cls-n1,3A Robots,3,Level 3,true,3,2,1,2026-10-01,2026-10-01")
        #expect(lines[4] == "stu-3,Maya Berg,Maya,Berg,03,sch-north,cls-n2,\"3B \"\"Robots\"\", second floor\",3,Level 3,true,3,1,1,2026-11-21,2026-11-21")
        #expect(lines.count == 9 && lines[8] == "")
    }

    @Test("two shards merged keep the roster and export byte for byte what one gradebook does")
    func mergedShards() throws {
        let folder = try RosterFixture.folder("merge")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sessions = RosterFixture.sessions
        try RosterFixture.gradebook(folder + "/one.sqlite")
        try RosterFixture.gradebook(folder + "/a.sqlite", sessions: Array(sessions[..<3]))
        try RosterFixture.gradebook(folder + "/b.sqlite", sessions: Array(sessions[3...]))
        let merged = try Gradebook(path: folder + "/merged.sqlite", cardbotVersion: "test")
        try merged.merge(folder + "/b.sqlite")
        try merged.merge(folder + "/a.sqlite")
        for table in ["student", "class", "enrollment", "school"] {
            #expect(try RosterFixture.rows(table, in: folder + "/merged.sqlite") == RosterFixture.rows(table, in: folder + "/one.sqlite"))
        }
        for format in ExportFormat.allCases {
            let one = folder + "/one-\(format.rawValue)"
            let two = folder + "/merged-\(format.rawValue)"
            let a = try GradeExport.write(format, gradebook: folder + "/one.sqlite", to: one).files
            let b = try GradeExport.write(format, gradebook: folder + "/merged.sqlite", to: two).files
            for (x, y) in zip(a, b) { #expect(FileManager.default.contents(atPath: x) == FileManager.default.contents(atPath: y), "\(x)") }
        }
    }

    @Test("progress follows a student's id across names and classes; the two Emma Hansens are two students")
    func progressByID() throws {
        let folder = try RosterFixture.folder("progress")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = folder + "/term.sqlite"
        try RosterFixture.gradebook(book)
        let sessions = try ProgressSession.all(inGradebook: book)
        let progress = TermProgress(sessions: sessions, catalog: try GradebookTests.chain())
        #expect(progress.students.map(\.name) == ["Emma", "Emma Hansen (stu-1)", "Emma Hansen (stu-2)", "Maya Berg", "Zoe"])
        let maya = try #require(progress.students.first { $0.id == "stu-3" })
        #expect(maya.solved.map(\.level) == [3, 4] && maya.levels[0].sessions == 2)
        let one = TermProgress(sessions: sessions, catalog: try GradebookTests.chain(), student: "stu-2")
        #expect(one.students.map(\.id) == ["stu-2"])
    }

    @Test("progress by roster class follows the days in it, by school its students; an unknown class is refused")
    func progressByClassAndSchool() throws {
        let folder = try RosterFixture.folder("progress-class")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = folder + "/term.sqlite"
        try RosterFixture.gradebook(book)
        let levels = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Levels").path
        let first = try TermProgress.recorded(in: book, levelsDirectory: levels, student: nil, rosterClass: "cls-n1")
        #expect(first.students.map(\.name) == ["Emma Hansen", "Maya"])
        #expect(first.students[1].levels.map(\.level) == [3] && first.students[1].levels[0].sessions == 1)
        let second = try TermProgress.recorded(in: book, levelsDirectory: levels, student: nil, rosterClass: "cls-n2")
        #expect(second.students.map(\.name) == ["Maya Berg"] && second.students[0].levels.map(\.level) == [3, 4])
        let south = try TermProgress.recorded(in: book, levelsDirectory: levels, student: nil, school: "sch-south")
        #expect(south.students.map(\.id) == ["stu-2", "stu-5"])
        #expect(throws: Problem.self) { try TermProgress.recorded(in: book, levelsDirectory: levels, student: nil, rosterClass: "cls-zz") }
    }
}
