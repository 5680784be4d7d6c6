import Foundation
import Testing

/// `--anonymise`: grade's reports, progress and the export show students by initials or ids only, and nothing
/// else names them: no names in titles, folders, errors or alt texts, no camera pictures.
@Suite("--anonymise")
struct AnonymiseTests {
    /// The children's given and family names in the roster and the class folder.
    static let names = ["Maya", "Berg", "Leo", "Park", "Zoe", "Lund"]

    /// The names of ``names`` that `text` holds as words, whatever their case (pictures' data URIs left out).
    static func namesIn(_ text: String) throws -> [String] {
        let pictures = try NSRegularExpression(pattern: "data:[a-z/]+;base64,[A-Za-z0-9+/=]+")
        let plain = pictures.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
        return try names.filter { name in
            let word = try NSRegularExpression(pattern: "\\b\(name)\\b", options: [.caseInsensitive])
            return word.firstMatch(in: plain, range: NSRange(plain.startIndex..., in: plain)) != nil
        }
    }

    /// Every output of a command: standard output and error, and each file it wrote (a folder's files too).
    static func outputs(_ run: CLIRunner.Output, files: [URL]) throws -> [(String, String)] {
        var all = [("stdout", run.stdout), ("stderr", run.stderr)]
        for file in files {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder)
            let inside = isFolder.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: file.path).map { file.appendingPathComponent($0) } : [file]
            for one in inside { all.append((one.lastPathComponent, try String(contentsOf: one, encoding: .utf8))) }
        }
        return all
    }

    @Test("grade, merge, progress and export with --anonymise name no child; the pseudonyms are there instead")
    func noNames() throws {
        let work = try RosterCommandTests.classroom()
        defer { try? FileManager.default.removeItem(at: work) }
        // A session that cannot be graded, in a folder named after the child: its error names the folder, and its
        // student is that folder's name (session.json cannot be read).
        let broken = work.appendingPathComponent("class/berg-maya/extra")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data(#"{"student": "Maya Berg", "levle": 1}"#.utf8).write(to: broken.appendingPathComponent("session.json"))
        let book = work.appendingPathComponent("term.sqlite").path
        #expect(try CLIRunner.run(["roster", "import", "roster", "--gradebook", book], in: work).status == 0)
        _ = try CLIRunner.run(["roster", "match", "class", "--gradebook", book, "--class", "sec-3a", "--write"], in: work)

        // Without --anonymise the names are there (so the search below can fail).
        let plain = try CLIRunner.run(["grade", "class", "--gradebook", book, "--out", "plain.csv"], in: work)
        #expect(plain.status == 1)
        let plainText = try String(contentsOf: work.appendingPathComponent("plain.csv"), encoding: .utf8)
        #expect(try Self.namesIn(plainText) == ["Maya", "Berg", "Leo", "Zoe"])

        for rule in ["initials", "ids"] {
            let reports = ["c.csv", "c.json", "c.html"].map { work.appendingPathComponent("\(rule)-\($0)") }
            let graded = try CLIRunner.run(
                ["grade", "class", "--gradebook", book, "--anonymise", rule] + reports.flatMap { ["--out", $0.path] }, in: work)
            #expect(graded.status == 1, "\(graded.stderr)")
            let merged = try CLIRunner.run(
                ["grade", "merge", book, "--gradebook", work.appendingPathComponent("\(rule)-all.sqlite").path, "--anonymise", rule,
                 "--out", work.appendingPathComponent("\(rule)-merged.html").path])
            let progressFiles = ["p.csv", "p.json", "p.html"].map { work.appendingPathComponent("\(rule)-\($0)") }
            let progress = try CLIRunner.run(["progress", book, "--anonymise", rule] + progressFiles.flatMap { ["--out", $0.path] })
            #expect(progress.status == 0, "\(progress.stderr)")
            let one = work.appendingPathComponent("\(rule)-maya.html")
            let single = try CLIRunner.run(["progress", book, "--student", "s-101", "--anonymise", rule, "--out", one.path])
            #expect(single.status == 0, "\(single.stderr)")
            let exportCSV = work.appendingPathComponent("\(rule)-export.csv")
            let exported = try CLIRunner.run(["grade", "export", "--gradebook", book, "--format", "csv", "--out", exportCSV.path, "--anonymise", rule])
            let results = work.appendingPathComponent("\(rule)-results")
            let oneRoster = try CLIRunner.run(
                ["grade", "export", "--gradebook", book, "--format", "oneroster-results", "--out", results.path, "--anonymise", rule])
            #expect(exported.status == 0 && oneRoster.status == 0, "\(exported.stderr)\(oneRoster.stderr)")

            var all = try Self.outputs(graded, files: reports)
            all += try Self.outputs(merged, files: [work.appendingPathComponent("\(rule)-merged.html")])
            all += try Self.outputs(progress, files: progressFiles) + Self.outputs(single, files: [one])
            all += try Self.outputs(exported, files: [exportCSV]) + Self.outputs(oneRoster, files: [results])
            for (name, text) in all {
                #expect(try Self.namesIn(text) == [], "\(rule): \(name) names a child: \(text.prefix(400))")
                #expect(!text.contains("berg-maya"), "\(rule): \(name)")
            }
            let csv = try String(contentsOf: reports[0], encoding: .utf8)
            let html = try String(contentsOf: reports[2], encoding: .utf8)
            // No camera pictures: only the maps remain.
            #expect(!html.contains("data:image/jpeg") && !html.contains("data:image/gif"))
            #expect(html.contains("data:image/png"))
            let exportText = try String(contentsOf: exportCSV, encoding: .utf8)
            if rule == "initials" {
                #expect(csv.contains(",M.,3,Left and right,") && csv.contains("\r\nsession-1,B.M.,,"), "\(csv)")
                #expect(graded.stdout.contains("session-1 (B.M.): session-1/session.json:1:26: error:") && graded.stdout.contains("Z. "), "\(graded.stdout)")
                #expect(!exportText.contains("s-101") && exportText.contains("\r\n,M.B.,,,,,sec-3a,"), "\(exportText)")
            } else {
                #expect(csv.contains(",student-3,3,Left and right,") && csv.contains("\r\nsession-1,student-1,,"), "\(csv)")
                #expect(progress.stdout.contains("s-101: solved L3"), "\(progress.stdout)")
                #expect(exportText.contains("\r\ns-101,s-101,,,,,sec-3a,"), "\(exportText)")
            }
            // Sessions are numbered, never named after their folders.
            #expect(csv.contains("\r\nsession-1,") && !csv.contains("maya-level-3"))
        }
    }
}
