import Foundation
import Testing

/// The whole flow with the OneRoster sample roster (Tests/CardBotGradebookTests/Fixtures/district: two
/// schools, two students called Emma Hansen, Maya Berg who moves from class cls-n1 to cls-n2 on 2026-11-16), on
/// real class folders graded by cardbot: import, match, grade in two shards, merge, progress and export.
@Suite("OneRoster district, end to end")
struct DistrictRosterTests {
    static let roster = CLIRunner.packageRoot.appendingPathComponent("Tests/CardBotGradebookTests/Fixtures/district")

    /// One session: its class folder, its folder in the class, the example it copies, the name in its
    /// session.json and the day it was recorded.
    struct Session {
        var classFolder: String
        var folder: String
        var example: String
        var student: String
        var day: String
    }

    static let sessions = [
        Session(classFolder: "north/3a", folder: "emma/level-3", example: "maya-level-3", student: "Emma Hansen", day: "2026-10-01"),
        Session(classFolder: "north/3a", folder: "maya/level-3", example: "maya-level-3", student: "Maya", day: "2026-11-10"),
        Session(classFolder: "north/3b", folder: "maya/level-9", example: "leo-level-9", student: "Maya Berg", day: "2026-11-20"),
        Session(classFolder: "south/3c", folder: "emma/level-3", example: "maya-level-3", student: "Emma Hansen", day: "2026-10-02"),
        Session(classFolder: "south/3c", folder: "zoe/level-9", example: "leo-level-9", student: "Zoe", day: "2026-11-23"),
    ]

    /// The class folders and their roster classes: the north's have a class.json naming it, `roster match
    /// --class --write` writes the south's.
    static let classes = [("north/3a", "cls-n1"), ("north/3b", "cls-n2"), ("south/3c", "cls-s1")]

    /// Makes the district's class folders in `work`.
    static func district(_ work: URL) throws {
        let examples = CLIRunner.packageRoot.appendingPathComponent("Examples")
        for (folder, rosterClass) in classes where folder.hasPrefix("north") {
            let url = work.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data("{\"format\": \"cardbot-class/1\", \"classId\": \"cls-\(rosterClass)\", \"rosterClassId\": \"\(rosterClass)\"}\n".utf8)
                .write(to: url.appendingPathComponent("class.json"))
        }
        for session in sessions {
            let folder = work.appendingPathComponent(session.classFolder).appendingPathComponent(session.folder)
            try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: examples.appendingPathComponent(session.example), to: folder)
            let manifest = folder.appendingPathComponent("session.json")
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
            object["student"] = session.student
            try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: manifest)
        }
    }

    /// Dates every file of each session on its day (a session's day is its newest file's).
    static func date(_ work: URL) throws {
        let formatter = ISO8601DateFormatter()
        for session in sessions {
            let folder = work.appendingPathComponent(session.classFolder).appendingPathComponent(session.folder)
            let date = try #require(formatter.date(from: session.day + "T09:00:00Z"))
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: folder.appendingPathComponent(name).path)
            }
        }
    }

    @Test("roster match --write checks every session.json first: one it cannot change stops it before any is written")
    func matchWritesAllOrNothing() throws {
        let work = try CLIRunner.temporaryDirectory("district-roster-write")
        defer { try? FileManager.default.removeItem(at: work) }
        try Self.district(work)
        func run(_ arguments: [String]) throws -> CLIRunner.Output { try CLIRunner.run(arguments, in: work) }
        #expect(try run(["roster", "import", Self.roster.path, "--gradebook", "whole.sqlite"]).status == 0)
        // Zoe's session.json says "studentId": null, which run accepts but no id can be added to; Emma's comes first.
        let zoe = work.appendingPathComponent("south/3c/zoe/level-9/session.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: zoe)) as? [String: Any])
        object["studentId"] = NSNull()
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: zoe)
        let emma = work.appendingPathComponent("south/3c/emma/level-3/session.json")
        let before = try Data(contentsOf: emma)
        let matched = try run(["roster", "match", "south/3c", "--gradebook", "whole.sqlite", "--class", "cls-s1", "--write"])
        #expect(matched.status == 2, "\(matched.stdout)")
        #expect(matched.stderr.contains("south/3c/zoe/level-9/session.json: could not be given a studentId"), "\(matched.stderr)")
        #expect(try Data(contentsOf: emma) == before, "no session.json is written when one cannot be")
    }

    @Test("import, match, grade in two shards, merge: progress and export give the expected rows, byte for byte as one run")
    func wholeFlow() throws {
        let work = try CLIRunner.temporaryDirectory("district-roster")
        defer { try? FileManager.default.removeItem(at: work) }
        try Self.district(work)
        func run(_ arguments: [String]) throws -> CLIRunner.Output { try CLIRunner.run(arguments, in: work) }
        let books = ["whole.sqlite", "part-1.sqlite", "part-2.sqlite"]
        for book in books {
            let imported = try run(["roster", "import", Self.roster.path, "--gradebook", book])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains(": 5 students, 3 classes, 6 enrollments, 2 schools;"), "\(imported.stdout)")
        }

        // Match: by name alone the two Emma Hansens are ambiguous; within each roster class every name is one student.
        let ambiguous = try run(["roster", "match", "north/3a", "--gradebook", "whole.sqlite"])
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stdout.contains("ambiguous: stu-1, stu-2"), "\(ambiguous.stdout)")
        for (folder, rosterClass) in Self.classes {
            let matched = try run(["roster", "match", folder, "--gradebook", "whole.sqlite", "--class", rosterClass, "--write"])
            #expect(matched.status == 0, "\(folder): \(matched.stdout)\(matched.stderr)")
            // The south's class folder had no class.json: --write --class made one that names its roster class.
            #expect(matched.stderr == (folder == "south/3c" ? "south/3c/class.json: the class is roster class cls-s1\n" : ""))
        }
        let south = try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("south/3c/class.json"))) as? [String: Any]
        #expect(south?["rosterClassId"] as? String == "cls-s1" && (south?["classId"] as? String)?.hasPrefix("cls-") == true)
        // A class.json that names another roster class is the teacher's, and is left as it is.
        let other = try run(["roster", "match", "north/3a", "--gradebook", "whole.sqlite", "--class", "cls-n2", "--write"])
        #expect(other.stderr.contains("north/3a/class.json: the class is roster class cls-n1, not cls-n2; it was left as it is"), "\(other.stderr)")
        let ids = try Self.sessions.map { session -> String in
            let url = work.appendingPathComponent("\(session.classFolder)/\(session.folder)/session.json")
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            return object?["studentId"] as? String ?? "-"
        }
        #expect(ids == ["stu-1", "stu-3", "stu-3", "stu-2", "stu-5"])
        try Self.date(work)

        // Grade: each class whole into one gradebook, and in two shards into two parts; then merge the parts.
        for (folder, _) in Self.classes {
            #expect(try run(["grade", folder, "--gradebook", "whole.sqlite"]).status == 0)
            for part in 1...2 {
                let graded = try run(["grade", folder, "--shard", "\(part)/2", "--gradebook", "part-\(part).sqlite"])
                #expect(graded.status == 0, "\(graded.stderr)")
            }
        }
        let merged = try run(["grade", "merge", "part-1.sqlite", "part-2.sqlite", "--gradebook", "merged.sqlite", "--class", "cls-n1"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("Class 3a: 2 sessions, 2 students"), "\(merged.stdout)")

        // Export: Maya's level 3 in her first class, her level 9 in her second; each Emma in her own school's class.
        let results = """
            sourcedId,status,dateLastModified,lineItemSourcedId,studentSourcedId,scoreStatus,score,scoreDate,comment\r
            cardbot-cls-n1-level-3-stu-1,,,cardbot-cls-n1-level-3,stu-1,fully graded,3,2026-10-01,solved; 2 attempts in 1 sessions\r
            cardbot-cls-n1-level-3-stu-3,,,cardbot-cls-n1-level-3,stu-3,fully graded,3,2026-11-10,solved; 2 attempts in 1 sessions\r
            cardbot-cls-n2-level-9-stu-3,,,cardbot-cls-n2-level-9,stu-3,fully graded,2,2026-11-20,solved; 2 attempts in 1 sessions\r
            cardbot-cls-s1-level-3-stu-2,,,cardbot-cls-s1-level-3,stu-2,fully graded,3,2026-10-02,solved; 2 attempts in 1 sessions\r
            cardbot-cls-s1-level-9-stu-5,,,cardbot-cls-s1-level-9,stu-5,fully graded,2,2026-11-23,solved; 2 attempts in 1 sessions\r

            """
        var exports: [String: [Data]] = [:]
        for book in ["whole", "merged"] {
            #expect(try run(["grade", "export", "--gradebook", "\(book).sqlite", "--format", "oneroster-results", "--out", "\(book)-results"]).status == 0)
            #expect(try run(["grade", "export", "--gradebook", "\(book).sqlite", "--format", "csv", "--out", "\(book).csv"]).status == 0)
            #expect(try String(contentsOf: work.appendingPathComponent("\(book)-results/results.csv"), encoding: .utf8) == results, "\(book)")
            exports[book] = try ["\(book)-results/lineItems.csv", "\(book)-results/results.csv", "\(book).csv"].map {
                try Data(contentsOf: work.appendingPathComponent($0))
            }
        }
        #expect(exports["whole"] == exports["merged"])
        let csv = try String(contentsOf: work.appendingPathComponent("merged.csv"), encoding: .utf8).components(separatedBy: "\r\n")
        #expect(csv[1].hasPrefix("stu-1,Emma Hansen,Emma,Hansen,03,sch-north,cls-n1,3A Robots,3,Left and right,true,3,2,1,2026-10-01,2026-10-01"), "\(csv)")

        // Progress: one Maya across her names and classes, two Emma Hansens; by class on her days; by school.
        let all = try run(["progress", "merged.sqlite"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("Emma Hansen (stu-1): solved L3 ★★★"), "\(all.stdout)")
        #expect(all.stdout.contains("Emma Hansen (stu-2): solved L3 ★★★"), "\(all.stdout)")
        #expect(all.stdout.contains("Maya Berg: solved L3 ★★★, L9 ★★☆"), "\(all.stdout)")
        let first = try run(["progress", "merged.sqlite", "--class", "cls-n1"])
        #expect(first.stdout.contains("Maya: solved L3 ★★★") && !first.stdout.contains("L9 ★★☆"), "\(first.stdout)")
        let second = try run(["progress", "merged.sqlite", "--class", "cls-n2"])
        #expect(second.stdout.hasPrefix("Maya Berg: solved L9 ★★☆"), "\(second.stdout)")
        let school = try run(["progress", "merged.sqlite", "--school", "sch-south"])
        #expect(school.stdout.contains("Emma Hansen: solved L3") && school.stdout.contains("Zoe: solved L9"), "\(school.stdout)")
        #expect(!school.stdout.contains("Maya"), "\(school.stdout)")
    }
}
