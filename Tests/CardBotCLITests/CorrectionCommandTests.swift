import Foundation
import GRDB
import Testing

/// `cardbot grade correct`: a teacher corrects what CardBot read; run, grade, the report, the gradebook, progress
/// and merged shards all use the correction, and removing it returns to the reading.
@Suite struct CorrectionCommandTests {
    /// A class of Maya's and Leo's sessions (frame folders with run marks), copied where it may be changed.
    static func makeClass() throws -> URL {
        let folder = try CLIRunner.temporaryDirectory("corrections")
        let examples = CLIRunner.packageRoot.appendingPathComponent("Examples")
        for session in ["maya-level-3", "leo-level-9"] {
            try FileManager.default.copyItem(
                at: examples.appendingPathComponent(session), to: folder.appendingPathComponent("class/\(session)"))
        }
        return folder
    }

    /// Maya's row of a class.json.
    static func maya(_ file: URL) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let sessions = object?["sessions"] as? [[String: Any]] ?? []
        return try #require(sessions.first { $0["student"] as? String == "Maya" })
    }

    @Test("a wrong reading corrected: the grade, the run, the report and the gradebook follow; removed, the reading is back")
    func correctAndRemove() throws {
        let folder = try Self.makeClass()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("class/maya-level-3").path
        let book = folder.appendingPathComponent("term.sqlite").path
        let json = folder.appendingPathComponent("class.json")
        let html = folder.appendingPathComponent("class.html")
        let report = ["--gradebook", book, "--out", json.path, "--out", html.path]
        #expect(try CLIRunner.run(["grade", folder.appendingPathComponent("class").path] + report).status == 0)
        #expect(try Self.maya(json)["stars"] as? Int == 3)

        // Maya's second attempt was a hand resting on the table, says her teacher: it was not an attempt.
        let corrected = try CLIRunner.run(["grade", "correct", session, "--attempt", "2", "--not-an-attempt", "--by", "Ms Berg"])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        #expect(corrected.stdout.contains("attempt 2 (frame-0022.jpg, CardBot read: forward right forward forward left forward forward forward) is not an attempt; the session now has 1 attempt"))
        let file = try String(contentsOfFile: session + "/corrections.json", encoding: .utf8)
        #expect(file.contains(#"{"attempt": 2, "frame": "frame-0022.jpg", "notAnAttempt": true, "read": "forward right forward forward left forward forward forward", "by": "Ms Berg", "at": ""#))
        let regraded = try CLIRunner.run(["grade", folder.appendingPathComponent("class").path] + report)
        // Leo's session is unchanged; Maya's, whose corrections.json is new, is graded again.
        #expect((regraded.stdout + regraded.stderr).contains("1 unchanged session read from it, 1 graded and recorded"), "\(regraded.stdout)\(regraded.stderr)")
        let row = try Self.maya(json)
        #expect(row["attempts"] as? Int == 1)
        #expect(row["solved"] as? Bool == false)
        #expect(row["stars"] as? Int == 1)
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("Ms Berg took out the attempt at frame-0022.jpg"))

        // Her first attempt's last card was hidden by her sleeve: she had laid two forwards at the end.
        let program = try CLIRunner.run(
            ["grade", "correct", session, "--attempt", "1", "--program", "forward forward right forward forward", "--by", "Ms Berg"])
        #expect(program.status == 0, "\(program.stderr)")
        #expect(program.stdout.contains("attempt 1 is now forward forward right forward forward (CardBot read: forward forward right forward)"))
        let run = try CLIRunner.run(["run", session])
        #expect(run.stdout.contains("Attempt 1 at frame-0011.jpg (5 s):\nCorrected by Ms Berg; CardBot read: forward forward right forward\nProgram (5 cards):"))
        let lines = try CLIRunner.run(["run", session, "--json"]).stdout
        #expect(lines.contains(#""corrected":{"by":"Ms Berg","at":""#))
        #expect(lines.contains(#""read":["forward","forward","right","forward"],"added":false}"#))
        // --regrade reads every frame again: the correction stays, as it is a file of the session.
        #expect(try CLIRunner.run(["grade", folder.appendingPathComponent("class").path, "--regrade"] + report).status == 0)
        #expect(try String(contentsOf: html, encoding: .utf8).contains("✎ Corrected by Ms Berg; CardBot read: forward forward right forward"))
        let kept = try DatabaseQueue(path: book).read { db in
            try String.fetchAll(db, sql: "SELECT corrected_by || ': ' || read_program FROM attempt WHERE read_program IS NOT NULL")
        }
        #expect(kept == ["Ms Berg: forward forward right forward"])
        // The progress view reads the gradebook: Maya has not solved level 3.
        let progress = try CLIRunner.run(["progress", book])
        #expect(progress.stdout.contains("Maya: solved none; tried L3"), "\(progress.stdout)")

        // Both taken back: the file goes, and the grade is the reading's again.
        #expect(try CLIRunner.run(["grade", "correct", session, "--attempt", "1", "--remove"]).status == 0)
        #expect(try CLIRunner.run(["grade", "correct", session, "--attempt", "2", "--remove"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: session + "/corrections.json"))
        #expect(try CLIRunner.run(["grade", folder.appendingPathComponent("class").path] + report).status == 0)
        #expect(try Self.maya(json)["stars"] as? Int == 3)
    }

    @Test("an attempt CardBot missed is added at its time, with the cards on the table or the teacher's; taken out again")
    func addAttempt() throws {
        let folder = try Self.makeClass()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("class/maya-level-3").path
        let json = folder.appendingPathComponent("class.json")
        // Maya ran a program at 8 s whose run mark is missing: CardBot read attempts at 5 s and 10.5 s only.
        let added = try CLIRunner.run(["grade", "correct", session, "--add-attempt", "0:08", "--by", "Ms Berg"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("corrections.json: added attempt 2 at 0:08 (frame-0017.jpg): "), "\(added.stdout)")
        let file = try String(contentsOfFile: session + "/corrections.json", encoding: .utf8)
        #expect(file.contains(#"{"added": 8, "frame": "frame-0017.jpg", "program": ""#), "\(file)")
        let run = try CLIRunner.run(["run", session])
        #expect(run.stdout.contains("Attempt 2 at frame-0017.jpg (8 s):\nAdded by Ms Berg: CardBot saw no attempt here; the table showed: "), "\(run.stdout)")
        #expect(run.stdout.contains("Attempt 3 at frame-0022.jpg"), "the later attempt is numbered after it")
        let lines = try CLIRunner.run(["run", session, "--json"]).stdout
        #expect(lines.contains(#""added":true}"#), "\(lines)")
        #expect(try CLIRunner.run(["grade", folder.appendingPathComponent("class").path, "--out", json.path]).status == 0)
        #expect(try Self.maya(json)["attempts"] as? Int == 3)
        #expect((try Self.maya(json)["notes"] as? [String] ?? []).contains { $0.hasPrefix("Ms Berg added an attempt CardBot missed at 0:08") })

        // The teacher names the cards instead: the same moment's entry is replaced, not doubled.
        let named = try CLIRunner.run(["grade", "correct", session, "--add-attempt", "8", "--program", "forward right forward"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.contains("added attempt 2 at 0:08 (frame-0017.jpg): forward right forward"), "\(named.stdout)")
        #expect(try String(contentsOfFile: session + "/corrections.json", encoding: .utf8).components(separatedBy: "\"added\"").count == 2)

        // A time beyond the recording, and --not-an-attempt with --add-attempt, are refused; nothing changes.
        let late = try CLIRunner.run(["grade", "correct", session, "--add-attempt", "9:00", "--program", "forward"])
        #expect(late.status == 2)
        #expect(late.stderr.contains("adds an attempt at 9:00, but the recording's last frame is at 0:11.5"), "\(late.stderr)")
        let wrong = try CLIRunner.run(["grade", "correct", session, "--add-attempt", "8", "--not-an-attempt"])
        #expect(wrong.status == 64)
        let badTime = try CLIRunner.run(["grade", "correct", session, "--add-attempt", "0:8x"])
        #expect(badTime.status == 64)
        #expect(badTime.stderr.contains("--add-attempt"), "\(badTime.stderr)")

        // Taken out again: the file goes, and the grade is the reading's.
        let removed = try CLIRunner.run(["grade", "correct", session, "--add-attempt", "0:08", "--remove"])
        #expect(removed.stdout.contains("the attempt added at 0:08 is taken out again"), "\(removed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: session + "/corrections.json"))
        #expect(try CLIRunner.run(["grade", folder.appendingPathComponent("class").path, "--out", json.path]).status == 0)
        #expect(try Self.maya(json)["attempts"] as? Int == 2)
    }

    @Test("shards of a corrected class merge into the reports of one run")
    func merged() throws {
        let folder = try Self.makeClass()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("class").path
        #expect(try CLIRunner.run(["grade", "correct", root + "/maya-level-3", "--attempt", "2", "--not-an-attempt"]).status == 0)
        let whole = folder.appendingPathComponent("whole.json")
        _ = try CLIRunner.run(["grade", root, "--out", whole.path])
        var parts: [String] = []
        for index in 1...2 {
            let part = folder.appendingPathComponent("part\(index).sqlite").path
            _ = try CLIRunner.run(["grade", root, "--shard", "\(index)/2", "--gradebook", part])
            parts.append(part)
        }
        let merged = folder.appendingPathComponent("merged.json")
        let merge = try CLIRunner.run(["grade", "merge"] + parts + ["--gradebook", folder.appendingPathComponent("all.sqlite").path, "--out", merged.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try Data(contentsOf: merged) == (try Data(contentsOf: whole)))
        #expect(try Self.maya(merged)["stars"] as? Int == 1)
    }

    @Test("mistakes are refused with the file or option and the reason, nothing written")
    func refusals() throws {
        let folder = try Self.makeClass()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("class/maya-level-3").path
        let typo = try CLIRunner.run(["grade", "correct", session, "--attempt", "1", "--program", "forward jmp"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "cardbot: error: --program: card 2 'jmp' is not a card; did you mean 'jump'?\n")
        let missing = try CLIRunner.run(["grade", "correct", session, "--attempt", "7", "--not-an-attempt"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("CardBot reads 2 attempts in this session; there is no attempt 7"))
        let none = try CLIRunner.run(["grade", "correct", session, "--attempt", "1"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("give one of --program, --not-an-attempt and --remove"))
        #expect(!FileManager.default.fileExists(atPath: session + "/corrections.json"))
        // A broken corrections.json stops that session only, with its place.
        try Data("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"attempt\": 1, \"program\": \"forward jmp\"}]}".utf8)
            .write(to: URL(fileURLWithPath: session + "/corrections.json"))
        let graded = try CLIRunner.run(["grade", folder.appendingPathComponent("class").path])
        #expect(graded.status == 1)
        #expect(graded.stdout.contains("maya-level-3/corrections.json:1:79: error: correction 1: card 2 'jmp' is not a card; did you mean 'jump'?"), "\(graded.stdout)")
        #expect(graded.stdout.contains("Leo"))
    }

    @Test("values corrections.json cannot hold, and attempt numbers below 1, are refused before anything is written")
    func limits() throws {
        let folder = try Self.makeClass()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("class/maya-level-3").path
        let negative = try CLIRunner.run(["grade", "correct", session, "--attempt", "-1", "--not-an-attempt"])
        #expect(negative.status == 64)
        #expect(negative.stderr.contains("attempt numbers start at 1 (see them with cardbot run \(session))"), "\(negative.stderr)")
        let long = try CLIRunner.run(
            ["grade", "correct", session, "--attempt", "1", "--not-an-attempt", "--by", String(repeating: "x", count: 5000)])
        #expect(long.status == 2)
        #expect(long.stderr == "cardbot: error: --by: is 5000 bytes long; a name is at most 4096\n", "\(long.stderr)")
        let many = try CLIRunner.run(
            ["grade", "correct", session, "--attempt", "1", "--program", Array(repeating: "forward", count: 1000).joined(separator: " ")])
        #expect(many.status == 2)
        #expect(many.stderr == "cardbot: error: --program: is 1000 cards (7999 bytes as corrections.json writes them); at most 4096 bytes fit\n",
                "\(many.stderr)")
        #expect(!FileManager.default.fileExists(atPath: session + "/corrections.json"))
        let run = try CLIRunner.run(["run", session, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("a corrections.json of 10,000 added attempts is refused at the 501st: a lesson holds at most 500")
    func addedAttemptsCapped() throws {
        let folder = try Self.makeClass()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("class/maya-level-3")
        let entries = (1...10_000).map { #"{"added": \#(Double($0) / 10), "program": "forward"}"# }
        let text = #"{"format": "cardbot-corrections/1", "corrections": ["# + entries.joined(separator: ", ") + "]}"
        try Data(text.utf8).write(to: session.appendingPathComponent("corrections.json"))
        let run = try CLIRunner.run(["run", session.path, "--quiet"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("corrections.json:1:"), "\(run.stderr.prefix(300))")
        #expect(run.stderr.contains("error: correction 501 adds attempt number 501; a lesson holds at most 500 added attempts"), "\(run.stderr.prefix(300))")
        let grade = try CLIRunner.run(["grade", folder.appendingPathComponent("class").path, "--out", folder.appendingPathComponent("class.html").path])
        #expect(grade.status == 1, "the session is reported as not graded; the others are")
        let page = try String(contentsOf: folder.appendingPathComponent("class.html"), encoding: .utf8)
        #expect(page.utf8.count < 5_000_000, "\(page.utf8.count) bytes")
    }

    @Test("two teachers correcting one session at once: both corrections land")
    func concurrentCorrections() throws {
        let folder = try Self.makeClass()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("class/maya-level-3").path
        let file = session + "/corrections.json"
        for round in 1...4 {
            try? FileManager.default.removeItem(atPath: file)
            let commands = [
                ["grade", "correct", session, "--attempt", "1", "--program", "forward forward right forward forward", "--by", "Ms Berg"],
                ["grade", "correct", session, "--attempt", "2", "--not-an-attempt", "--by", "Mr Holm"],
            ]
            let statuses = ResultBox()
            DispatchQueue.concurrentPerform(iterations: commands.count) { index in
                let status = (try? CLIRunner.run(commands[index]))?.status ?? -1
                statuses.set(index, status)
            }
            #expect(statuses.values == [0: 0, 1: 0], "round \(round)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains(#""attempt": 1"#) && text.contains("Ms Berg"), "round \(round): \(text)")
            #expect(text.contains(#""attempt": 2"#) && text.contains("Mr Holm"), "round \(round): \(text)")
        }
    }

    /// Exit statuses collected from concurrent runs.
    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Int: Int32] = [:]
        func set(_ index: Int, _ status: Int32) { lock.withLock { stored[index] = status } }
        var values: [Int: Int32] { lock.withLock { stored } }
    }
}
