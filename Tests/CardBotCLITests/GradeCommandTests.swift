import CardBotImaging
import CardBotTestSupport
import Foundation
import FoundationXML
import Testing

#if canImport(FoundationXML)
#endif

/// `cardbot grade` end to end on a synthesized class with known outcomes.
@Suite("cardbot grade")
struct GradeCommandTests {
    static let tricky = "Zoë <script>alert(\"hi\")</script> & \"Jo\", O'Hara"
    static let size = ["--size", "480x360"]

    /// Writes `count` grey PNG frames (no cards in sight) into `folder`.
    static func blankFrames(_ folder: URL, count: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let png = try PNGCodec.encode(GrayImage(width: 160, height: 120, fill: 150))
        for index in 1...count { try Data(png).write(to: folder.appendingPathComponent("frame-\(index).png")) }
    }

    static func synth(_ arguments: [String]) throws {
        let output = try CLIRunner.run(["synth", "session"] + arguments + size)
        #expect(output.status == 0, "synth failed: \(output.stderr)")
    }

    /// The class: a perfect solve and a solve with too many cards (grouped under maya/), a failure (flat,
    /// student from session.json), a solve with a corrupt frame and a name full of markup, a session with no
    /// readable cards, a session with no level and one with a broken session.json.
    static func makeClass() throws -> URL {
        let root = try CLIRunner.temporaryDirectory("grade-class")
        let path = { (relative: String) in root.appendingPathComponent(relative).path }
        try synth(["--level", "1", "--program", "forward forward", "--then", "forward forward forward",
                   "--out", path("maya/level-1"), "--seed", "11"])
        try synth(["--level", "2", "--program", "forward forward right right right right right forward forward",
                   "--out", path("maya/level-2"), "--seed", "12"])
        try synth(["--level", "1", "--program", "forward", "--then", "forward forward", "--out", path("noah-level-1"),
                   "--seed", "13", "--student", "Noah"])
        try synth(["--level", "3", "--program", "forward right forward forward left forward forward forward",
                   "--out", path("zoe/level-3"), "--seed", "14", "--student", tricky])
        try Data("not a jpeg at all".utf8).write(to: root.appendingPathComponent("zoe/level-3/frame-0002.jpg"))
        try blankFrames(root.appendingPathComponent("liam/level-1"), count: 4)
        try Data("{\"level\": 1}\n".utf8).write(to: root.appendingPathComponent("liam/level-1/session.json"))
        try blankFrames(root.appendingPathComponent("omar"), count: 3)
        try Data("{\"student\": \"Omar\"}\n".utf8).write(to: root.appendingPathComponent("omar/session.json"))
        try blankFrames(root.appendingPathComponent("pia/level-1"), count: 1)
        try Data("{\"level\": ".utf8).write(to: root.appendingPathComponent("pia/level-1/session.json"))
        return root
    }

    /// What a synthesized session holds: its stills per second, its still files and its truth.
    static func recorded(_ folder: URL) throws -> (fps: Double, frames: [String], truth: SessionTruthFile) {
        let data = try Data(contentsOf: folder.appendingPathComponent("session.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        return (object["fps"] as? Double ?? 1, frames, try SessionTruthFile.load(folder))
    }

    /// The rows the class must give, in report order, as the JSON report writes them.
    static func expectedRows(_ root: URL) throws -> [[String: Any]] {
        // The first success is the GO tap of that attempt, seen at the first still that shows the hand.
        func first(_ relative: String, attempt: Int) throws -> [String: Any] {
            let session = try recorded(root.appendingPathComponent(relative))
            let frame = try #require(session.truth.still(at: session.truth.presses[attempt - 1], fps: session.fps))
            let index = try #require(session.frames.firstIndex(of: frame))
            return ["attempt": attempt, "frame": frame, "seconds": Double(index) / session.fps]
        }
        func frames(_ relative: String) throws -> Int { try recorded(root.appendingPathComponent(relative)).frames.count }
        // The GO card's presses, in seconds: a row's taps are compared by their presses, within a still.
        func presses(_ relative: String) throws -> [Double] {
            try recorded(root.appendingPathComponent(relative)).truth.presses
        }
        let null = NSNull()
        return [
            ["path": "liam/level-1", "student": "liam", "level": 1, "levelName": "First steps", "levelFile": null, "attempts": 0,
             "signal": "settled", "estimated": true, "taps": [Double](), "notes": ["*Recorded badly (cards seen)*"],
             "solved": false, "stars": 0, "cards": null, "optimal": 3, "firstSuccess": null, "frames": 4,
             "unreadableFrames": 0, "finalProgram": [String](), "error": null,
             // No card was ever read: the capture check's verdict is a doubt.
             "needsReview": true, "reviewReasons": ["capture"]],
            ["path": "maya/level-1", "student": "maya", "level": 1, "levelName": "First steps", "levelFile": null, "attempts": 2,
             "signal": "go-taps", "estimated": false, "taps": try presses("maya/level-1"), "notes": [String](),
             "solved": true, "stars": 3, "cards": 3, "optimal": 3, "firstSuccess": try first("maya/level-1", attempt: 2),
             "frames": try frames("maya/level-1"), "unreadableFrames": 0,
             "finalProgram": ["forward", "forward", "forward"], "error": null,
             // Stills 2 a second with GO taps: a tap can fall between two stills.
             "needsReview": true, "reviewReasons": ["sparse-frames"]],
            ["path": "maya/level-2", "student": "maya", "level": 2, "levelName": "Around the corner", "levelFile": null, "attempts": 1,
             "signal": "go-taps", "estimated": false, "taps": try presses("maya/level-2"), "notes": ["*Recorded badly (card size)*"],
             "solved": true, "stars": 2, "cards": 9, "optimal": 5, "firstSuccess": try first("maya/level-2", attempt: 1),
             "frames": try frames("maya/level-2"), "unreadableFrames": 0,
             "finalProgram": "forward forward right right right right right forward forward".split(separator: " ").map(String.init),
             "error": null, "needsReview": true, "reviewReasons": ["capture", "sparse-frames"]],
            ["path": "noah-level-1", "student": "Noah", "level": 1, "levelName": "First steps", "levelFile": null, "attempts": 2,
             "signal": "go-taps", "estimated": false, "taps": try presses("noah-level-1"), "notes": [String](),
             "solved": false, "stars": 1, "cards": null, "optimal": 3, "firstSuccess": null,
             "frames": try frames("noah-level-1"), "unreadableFrames": 0, "finalProgram": ["forward", "forward"],
             "error": null, "needsReview": true, "reviewReasons": ["sparse-frames"]],
            ["path": "omar", "student": "Omar", "level": null, "levelName": null, "levelFile": null, "attempts": 0,
             "signal": null, "estimated": false, "taps": [Double](), "notes": [String](), "solved": false,
             "stars": null, "cards": null, "optimal": null, "firstSuccess": null, "frames": 0, "unreadableFrames": 0,
             "finalProgram": [String](),
             "error": "omar: no level: name one with --level, or put \"level\" in the session's session.json",
             "needsReview": false, "reviewReasons": [String]()],
            ["path": "pia/level-1", "student": "pia", "level": null, "levelName": null, "levelFile": null, "attempts": 0,
             "signal": null, "estimated": false, "taps": [Double](), "notes": [String](), "solved": false,
             "stars": null, "cards": null, "optimal": null, "firstSuccess": null, "frames": 0, "unreadableFrames": 0,
             "finalProgram": [String](), "error": "*malformed JSON*", "needsReview": false, "reviewReasons": [String]()],
            ["path": "zoe/level-3", "student": tricky, "level": 3, "levelName": "Left and right", "levelFile": null, "attempts": 1,
             "signal": "go-taps", "estimated": false, "taps": try presses("zoe/level-3"), "notes": ["*Recorded badly (card size)*"],
             "solved": true, "stars": 3, "cards": 8, "optimal": 8, "firstSuccess": try first("zoe/level-3", attempt: 1),
             "frames": try frames("zoe/level-3") + 0, "unreadableFrames": 1,
             "finalProgram": "forward right forward forward left forward forward forward".split(separator: " ").map(String.init),
             "error": null, "needsReview": true, "reviewReasons": ["capture", "sparse-frames"]],
        ]
    }

    static let keys = ["path", "student", "level", "levelName", "levelFile", "attempts", "history", "signal", "estimated", "taps", "notes",
                       "needsReview", "reviewReasons", "solved", "stars", "cards", "optimal", "firstSuccess", "frames",
                       "unreadableFrames", "finalProgram", "error"]

    /// A JSON value in a form that compares across parsers: numbers as Double, null as "null";
    /// `solved` is the only boolean.
    static func plain(_ value: Any?, key: String = "") -> String {
        if key == "solved" || key == "estimated" || key == "needsReview" { return (value as? Bool).map(String.init) ?? "not a boolean" }
        switch value {
        case nil, is NSNull: return "null"
        case let string as String: return string
        case let list as [Any]: return "[" + list.map { plain($0) }.joined(separator: ",") + "]"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\($0):\(plain(object[$0]))" }.joined(separator: ",") + "}"
        case let int as Int: return String(Double(int))
        case let double as Double: return String(double)
        case let number as NSNumber: return String(number.doubleValue)
        default: return "\(value!)"
        }
    }

    static func sessions(_ url: URL) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(object["sessions"] as? [[String: Any]])
    }

    @Test("a synthesized class gives exactly the expected rows in every format, twice byte for byte")
    func synthesizedClass() throws {
        let root = try Self.makeClass()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try CLIRunner.temporaryDirectory("grade-out")
        defer { try? FileManager.default.removeItem(at: out) }
        let reports = ["class.csv", "class.json", "class.html"].map { out.appendingPathComponent($0) }
        let output = try CLIRunner.run(["grade", root.path] + reports.flatMap { ["--out", $0.path] })
        #expect(output.status == 1, "some sessions cannot be graded: \(output.stderr)")
        #expect(output.stderr.isEmpty, "no progress bar off a terminal: \(output.stderr)")

        // JSON: every row and every field, keys in the documented order.
        let expected = try Self.expectedRows(root)
        let rows = try Self.sessions(reports[1])
        #expect(rows.map { $0["path"] as? String } == expected.map { $0["path"] as? String })
        for (row, want) in zip(rows, expected) {
            #expect(Set(row.keys) == Set(Self.keys))
            for key in Self.keys {
                if key == "taps" {
                    // Each press at the first still that shows the hand on the GO card (2 a second).
                    let taps = row[key] as? [[String: Any]] ?? []
                    let found = taps.filter { $0["press"] as? Bool == true }.map { $0["seconds"] as? Double ?? -1 }
                    let presses = want[key] as? [Double] ?? []
                    #expect(found.count == presses.count, "\(want["path"]!) taps")
                    for (seconds, press) in zip(found, presses) {
                        #expect(seconds >= press - 0.01 && seconds <= press + 0.51, "\(want["path"]!) tap at \(seconds)")
                    }
                } else if key == "history" {
                    // Every attempt, numbered in order, each with its program and the reading of its cards.
                    let history = row[key] as? [[String: Any]] ?? []
                    let attempts = want["attempts"] as? Int ?? -1
                    #expect(history.map { $0["number"] as? Int } == (0..<max(0, attempts)).map { $0 + 1 }, "\(want["path"]!) history")
                    for attempt in history {
                        let program = attempt["program"] as? [String] ?? []
                        #expect((attempt["cards"] as? [Any])?.count == program.count, "\(want["path"]!) history cards")
                    }
                } else if key == "reviewReasons" {
                    // The reasons the row must give, at least (their texts depend on the frames' figures).
                    let codes = (row[key] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
                    let wanted = want[key] as? [String] ?? []
                    #expect(Set(wanted).isSubset(of: Set(codes)), "\(want["path"]!) reasons \(codes)")
                    #expect(codes.isEmpty == wanted.isEmpty, "\(want["path"]!) reasons \(codes)")
                } else if let patterns = want[key] as? [String], patterns.contains(where: { $0.hasPrefix("*") }) {
                    // Notes whose figures depend on the frames (a card's size in px): one note per pattern.
                    let notes = row[key] as? [String] ?? []
                    #expect(notes.count == patterns.count, "\(want["path"]!) \(key): \(notes)")
                    for (note, pattern) in zip(notes, patterns) {
                        #expect(note.contains(pattern.trimmingCharacters(in: ["*"])), "\(want["path"]!) \(key): \(note)")
                    }
                } else if let pattern = want[key] as? String, pattern.hasPrefix("*") {
                    #expect((row[key] as? String ?? "").contains(pattern.trimmingCharacters(in: ["*"])), "\(want["path"]!) \(key)")
                } else {
                    #expect(Self.plain(row[key], key: key) == Self.plain(want[key], key: key), "\(want["path"]!) \(key)")
                }
            }
        }
        let json = try String(contentsOf: reports[1], encoding: .utf8)
        for line in json.split(separator: "\n") where line.hasPrefix(" {\"path\"") {
            // Each key after the one before (a session's history holds keys of the same names, such as "cards").
            var from = line.startIndex
            var found: [String] = []
            for key in Self.keys {
                guard let range = line.range(of: "\"\(key)\":", range: from..<line.endIndex) else { break }
                found.append(key)
                from = range.upperBound
            }
            #expect(found == Self.keys, "\(line.prefix(200))")
        }
        let summary = try #require(
            (try JSONSerialization.jsonObject(with: Data(contentsOf: reports[1])) as? [String: Any])?["summary"] as? [String: Any])
        #expect(summary["sessions"] as? Int == 7 && summary["errors"] as? Int == 2 && summary["students"] as? Int == 6)

        // CSV: parses back to the same rows.
        let csv = try String(contentsOf: reports[0], encoding: .utf8)
        let records = CSVReader.records(csv)
        #expect(records.first == [
            "path", "student", "level", "levelName", "attempts", "signal", "estimated", "taps", "solved", "stars", "cards",
            "optimal", "firstSuccessAttempt", "firstSuccessFrame", "firstSuccessSeconds", "frames", "unreadableFrames",
            "finalProgram", "error", "notes", "levelFile", "needsReview", "reviewReasons",
        ])
        #expect(records.count == rows.count + 1)
        for (record, row) in zip(records.dropFirst(), rows) {
            let first = row["firstSuccess"] as? [String: Any]
            func text(_ value: Any?) -> String {
                switch value {
                case nil, is NSNull: return ""
                case let string as String: return string
                case let int as Int: return String(int)
                case let double as Double: return double == double.rounded() ? String(Int(double)) : String(double)
                default: return "\(value!)"
                }
            }
            let presses = (row["taps"] as? [[String: Any]] ?? []).filter { $0["press"] as? Bool == true }
            let fromJSON = [
                text(row["path"]), text(row["student"]), text(row["level"]), text(row["levelName"]), text(row["attempts"]),
                text(row["signal"]), row["signal"] is NSNull ? "" : String(row["estimated"] as? Bool ?? false),
                presses.map { text($0["seconds"]) }.joined(separator: " "),
                String(row["solved"] as? Bool ?? false), text(row["stars"]), text(row["cards"]), text(row["optimal"]),
                text(first?["attempt"]), text(first?["frame"]), text(first?["seconds"]), text(row["frames"]),
                text(row["unreadableFrames"]), (row["finalProgram"] as? [String] ?? []).joined(separator: " "),
                text(row["error"]), (row["notes"] as? [String] ?? []).joined(separator: "; "), text(row["levelFile"]),
                row["error"] is NSNull ? String(row["needsReview"] as? Bool ?? false) : "",
                (row["reviewReasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }.joined(separator: " "),
            ]
            #expect(record == fromJSON)
        }
        #expect(csv.contains("\"Zoë <script>alert(\"\"hi\"\")</script> & \"\"Jo\"\", O'Hara\""))

        // HTML: well-formed, self-contained, every student listed and escaped.
        let html = try String(contentsOf: reports[2], encoding: .utf8)
        let parser = XMLParser(data: Data(html.utf8))
        #expect(parser.parse(), "HTML is not well-formed: \(String(describing: parser.parserError))")
        #expect(!html.contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        for student in ["liam", "maya", "Noah", "Omar", "pia",
                        "Zoë &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &quot;Jo&quot;, O&#39;Hara"] {
            #expect(html.contains("<tr><th scope=\"row\">\(student)</th>"), "\(student) in the grid")
        }
        #expect(html.components(separatedBy: "<section class=\"session").count - 1 == 7)
        #expect(html.components(separatedBy: "src=\"data:image/png;base64,").count - 1 == 10)
        #expect(html.contains("<li>right</li>"))

        // The terminal table.
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let maya = try #require(lines.first { $0.hasPrefix("maya ") })
        #expect(maya.contains("★★★") && maya.contains("★★☆"))
        #expect(lines.first { $0.hasPrefix("Noah ") }?.contains("★☆☆") == true)
        #expect(lines.first { $0.hasPrefix("liam ") }?.contains("☆☆☆") == true)
        #expect(lines.contains("  L1 First steps: 1 of 3 students solved it; median attempts 2, to solve 2"))
        #expect(lines.contains("Not graded:"))
        #expect(lines.contains { $0.hasPrefix("  pia/level-1 (pia): pia/level-1/session.json:1:11: error: malformed JSON") })

        // A second run (with one job) writes the same bytes.
        let again = try CLIRunner.temporaryDirectory("grade-again")
        defer { try? FileManager.default.removeItem(at: again) }
        let second = try CLIRunner.run(
            ["grade", root.path, "--jobs", "1"] + reports.flatMap { ["--out", again.appendingPathComponent($0.lastPathComponent).path] })
        #expect(second.status == 1)
        #expect(second.stdout == output.stdout)
        for report in reports {
            let first = try Data(contentsOf: report)
            let next = try Data(contentsOf: again.appendingPathComponent(report.lastPathComponent))
            #expect(first == next, "\(report.lastPathComponent) differs between runs")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: again.path).sorted() == ["class.csv", "class.html", "class.json"])

        // Shards split the class into disjoint parts that cover it.
        var sharded: [String] = []
        for index in 1...3 {
            let part = again.appendingPathComponent("part-\(index).json")
            let run = try CLIRunner.run(["grade", root.path, "--shard", "\(index)/3", "--out", part.path])
            #expect(run.status <= 1, "\(run.stderr)")
            sharded += try Self.sessions(part).compactMap { $0["path"] as? String }
        }
        #expect(sharded.sorted() == rows.compactMap { $0["path"] as? String }.sorted())

        // --level grades a session whose session.json names none; all graded gives status 0.
        let levelJSON = again.appendingPathComponent("omar.json")
        let omar = try CLIRunner.run(["grade", root.appendingPathComponent("omar").path, "--level", "1", "--out", levelJSON.path])
        #expect(omar.status == 0, "\(omar.stderr)")
        let omarRows = try Self.sessions(levelJSON)
        #expect(omarRows.count == 1)
        #expect(omarRows.first?["student"] as? String == "Omar")
        #expect(omarRows.first?["level"] as? Int == 1)
        #expect(omarRows.first?["stars"] as? Int == 0)
        #expect(omarRows.first?["error"] is NSNull)
    }

    @Test("a missing class folder, a folder without sessions or an unwritable report is bad input (status 2)")
    func badInput() throws {
        let empty = try CLIRunner.temporaryDirectory("grade-empty")
        defer { try? FileManager.default.removeItem(at: empty) }
        let missing = try CLIRunner.run(["grade", empty.appendingPathComponent("nope").path])
        #expect(missing.status == 2)
        #expect(missing.stderr == "cardbot: error: \(empty.appendingPathComponent("nope").path): no such folder\n")
        let none = try CLIRunner.run(["grade", empty.path])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no sessions"))
        try GradeCommandTests.blankFrames(empty.appendingPathComponent("a"), count: 1)
        let unwritable = try CLIRunner.run(["grade", empty.path, "--level", "1", "--out", empty.appendingPathComponent("no/such/r.csv").path])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("no/such/r.csv"))
        let badLevel = try CLIRunner.run(["grade", empty.path, "--level", "99"])
        #expect(badLevel.status == 2)
        #expect(badLevel.stderr.contains("no level number 99"))
    }

    @Test("an --out with an unknown extension or a bad --shard is a usage error", arguments: [
        ["--out", "class.txt"], ["--shard", "3/2"], ["--shard", "x"], ["--jobs", "0"],
    ])
    func usage(_ arguments: [String]) throws {
        let output = try CLIRunner.run(["grade", "."] + arguments)
        #expect(output.status == 64)
        #expect(output.stderr.contains("Error:") || output.stderr.contains("error:"))
    }

    @Test("grade --help names its two commands; grade class-folder --help and help grade merge document each")
    func help() throws {
        let group = try CLIRunner.run(["grade", "--help"])
        #expect(group.status == 0)
        #expect(group.stdout.contains("class-folder (default)"), "\(group.stdout)")
        #expect(group.stdout.contains("merge"))
        let output = try CLIRunner.run(["grade", "class-folder", "--help"])
        #expect(output.status == 0)
        for line in ["EXIT STATUS", "0   every session was graded", "1   some session could not be graded", "2   bad input"] {
            #expect(output.stdout.contains(line))
        }
        let merge = try CLIRunner.run(["help", "grade", "merge"])
        #expect(merge.status == 0)
        #expect(merge.stdout.contains("USAGE: cardbot grade merge <part.sqlite> ..."), "\(merge.stdout)")
    }
}
