import CardBotTestSupport
import Foundation
import Testing

/// `cardbot run` and `cardbot grade` on video sessions made by `cardbot synth session --video`, with known truth.
@Suite("cardbot run and grade on videos")
struct VideoSessionCommandTests {
    struct Truth: Decodable {
        var runs: [String]
        var runSeconds: [Double]
        var attempts: [[Int]]
        var finalProgram: [Int]
    }

    /// A synthesized level-3 session written as `name` (a failing program, then the solution) in a fresh folder.
    static func makeVideo(_ name: String, extra: [String] = []) throws -> (folder: URL, truth: Truth) {
        let folder = try CLIRunner.temporaryDirectory("cardbot-video")
        let arguments = [
            "synth", "session", "--level", "3", "--program", RunSessionCommandTests.firstProgram,
            "--then", RunSessionCommandTests.solution, "--video", folder.appendingPathComponent(name).path,
            "--size", "480x360", "--video-fps", "10", "--seed", "5", "--student", "Ada",
        ] + extra
        let output = try CLIRunner.run(arguments)
        try #require(output.status == 0, "synth session --video failed: \(output.stderr)")
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: folder.appendingPathComponent("truth.json")))
        return (folder, truth)
    }

    /// The program objects' markers and seconds, and the summary, of `run --json`.
    static func attempts(_ stdout: String) throws -> (markers: [[Int]], seconds: [Double], summary: [String: Any]) {
        let objects = try RunSessionCommandTests.objects(stdout)
        let programs = objects.filter { $0["type"] as? String == "program" }
        let summary = try #require(objects.last { $0["type"] as? String == "summary" })
        return (programs.map { ($0["markers"] as? [Int]) ?? [] }, programs.map { ($0["seconds"] as? Double) ?? -1 }, summary)
    }

    static let deckNames = ["forward", "left", "right"]

    @Test("MP4 and MKV sessions give exactly the truth's attempts, run-mark times and final program", arguments: ["mp4", "mkv"])
    func containers(_ container: String) throws {
        let (folder, truth) = try Self.makeVideo("lesson.\(container)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        let (markers, seconds, summary) = try Self.attempts(output.stdout)
        #expect(markers == truth.attempts)
        #expect(seconds.count == truth.runSeconds.count)
        for (found, expected) in zip(seconds, truth.runSeconds) { #expect(abs(found - expected) < 0.05) }
        let final = truth.finalProgram.map { Self.deckNames[$0] }
        #expect(summary["finalProgram"] as? [String] == final)
        #expect(summary["unreadableFrames"] as? Int == 0)

        // The video file alone, without session.json: each new stable program is an attempt.
        let alone = try CLIRunner.run(["run", "--level", "3", folder.appendingPathComponent("lesson.\(container)").path, "--json"])
        #expect(alone.status == 0)
        #expect(try Self.attempts(alone.stdout).markers == truth.attempts)
    }

    @Test("the human report places attempts by their time in the video, m:ss")
    func humanReport() throws {
        let (folder, truth) = try Self.makeVideo("lesson.mp4")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Session \(folder.path) (video lesson.mp4) by Ada: level 3, Left and right")
        #expect(lines.filter { $0.hasPrefix("Attempt ") } == truth.runs.enumerated().map { "Attempt \($0.offset + 1) at \($0.element):" })
        #expect(lines.contains("  First success: attempt 2 at \(truth.runs[1])"))
    }

    @Test("a portrait phone video (turned frames and a display matrix) gives the same program as the upright one")
    func portrait() throws {
        let (folder, truth) = try Self.makeVideo("portrait.mp4", extra: ["--display-rotation", "90"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.status == 0)
        #expect(try Self.attempts(output.stdout).markers == truth.attempts)
    }

    @Test("a variable frame rate gives the container's times, not a frame count's")
    func variableFrameRate() throws {
        let (folder, truth) = try Self.makeVideo("vfr.mkv", extra: ["--variable-rate"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.status == 0)
        let (markers, seconds, _) = try Self.attempts(output.stdout)
        #expect(markers == truth.attempts)
        for (found, expected) in zip(seconds, truth.runSeconds) { #expect(abs(found - expected) < 0.05) }
        // Without run marks the programs appear while they lie still, shortly before each run mark.
        let alone = try CLIRunner.run(["run", "--level", "3", folder.appendingPathComponent("vfr.mkv").path, "--json"])
        let automatic = try Self.attempts(alone.stdout)
        #expect(automatic.markers == truth.attempts)
        for (found, run) in zip(automatic.seconds, truth.runSeconds) { #expect(found <= run + 0.01 && found >= run - 1.2) }
    }

    @Test("bad video files: one clear error naming the file and the reason, exit status 2")
    func badFiles() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-badvideo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.mp4")
        try Data("lesson notes\n".utf8).write(to: text)
        let empty = folder.appendingPathComponent("empty.mov")
        try Data().write(to: empty)
        for (file, reason) in [(text, "not a video that can be read: Invalid data found when processing input"),
                               (empty, "the file is empty (0 bytes)")] {
            let output = try CLIRunner.run(["run", "--level", "3", file.path])
            #expect(output.status == 2)
            #expect(output.stderr.hasPrefix("cardbot: error: \(file.path): \(reason)"))
            #expect(output.stderr.split(separator: "\n").count == 1)
            #expect(output.stdout.isEmpty)
        }
    }

    @Test("a video beyond --max-megapixels is refused before decoding")
    func pixelLimit() throws {
        let (folder, _) = try Self.makeVideo("big.mp4")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path, "--max-megapixels", "0.1"])
        #expect(output.status == 2)
        #expect(output.stderr == "cardbot: error: \(folder.appendingPathComponent("big.mp4").path): the video claims 480x360 pixels, more than the limit of 100000 pixels\n")
    }

    @Test("grade finds video sessions beside each other; a broken video is one row with its error")
    func gradeClass() throws {
        let (source, truth) = try Self.makeVideo("lesson.mp4")
        defer { try? FileManager.default.removeItem(at: source) }
        let root = try CLIRunner.temporaryDirectory("cardbot-videoclass")
        defer { try? FileManager.default.removeItem(at: root) }
        let fileManager = FileManager.default
        // maya/level-3/: a session folder with its video and session.json (student Ada).
        let maya = root.appendingPathComponent("maya/level-3")
        try fileManager.createDirectory(at: maya, withIntermediateDirectories: true)
        for name in ["lesson.mp4", "session.json"] {
            try fileManager.copyItem(at: source.appendingPathComponent(name), to: maya.appendingPathComponent(name))
        }
        // leo/: two lone videos, one of them not a video at all; sam.mp4 at the top.
        let leo = root.appendingPathComponent("leo")
        try fileManager.createDirectory(at: leo, withIntermediateDirectories: true)
        try fileManager.copyItem(at: source.appendingPathComponent("lesson.mp4"), to: leo.appendingPathComponent("tuesday.mp4"))
        try Data("not a video".utf8).write(to: leo.appendingPathComponent("broken.mp4"))
        try fileManager.copyItem(at: source.appendingPathComponent("lesson.mp4"), to: root.appendingPathComponent("sam.mp4"))
        let csv = root.appendingPathComponent("class.csv")
        let html = root.appendingPathComponent("class.html")
        let output = try CLIRunner.run(["grade", root.path, "--level", "3", "--out", csv.path, "--out", html.path])
        #expect(output.status == 1)
        let records = CSVReader.records(try String(contentsOf: csv, encoding: .utf8))
        let header = try #require(records.first)
        let rows = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        let byPath = Dictionary(uniqueKeysWithValues: rows.map { ($0["path"] ?? "", $0) })
        #expect(Set(byPath.keys) == ["leo/broken.mp4", "leo/tuesday.mp4", "maya/level-3", "sam.mp4"])
        #expect(byPath.mapValues { $0["student"] ?? "" } == [
            "leo/broken.mp4": "leo", "leo/tuesday.mp4": "leo", "maya/level-3": "Ada", "sam.mp4": "sam",
        ])
        let broken = try #require(byPath["leo/broken.mp4"])
        #expect(broken["error"]?.hasPrefix("leo/broken.mp4: not a video that can be read: Invalid data found") == true)
        for path in ["leo/tuesday.mp4", "maya/level-3", "sam.mp4"] {
            let row = try #require(byPath[path])
            #expect(row["solved"] == "true")
            #expect(row["attempts"] == String(truth.attempts.count))
            #expect(row["error"] == "")
        }
        #expect(byPath["maya/level-3"]?["firstSuccessFrame"] == truth.runs[1])
        // The HTML report's thumbnail is a frame of the video.
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.components(separatedBy: "data:image/png;base64,").count - 1 >= 6)
    }

    @Test("live: a stream piped at real-time pace prints and runs each program once, then the summary")
    func live() throws {
        // Slow enough that a program lies still for 1.5 s, and a hand or a half-laid program lasts at most 0.75 s.
        let (folder, truth) = try Self.makeVideo("live.mkv", extra: ["--fps", "4", "--stable-frames", "4"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("live.mkv").path
        // At the quality of a webcam's MJPEG stream (ffmpeg's default bit rate would leave 2 KB a frame).
        let command = "ffmpeg -v error -re -i '\(video)' -q:v 3 -f mjpeg - | timeout 60 '\(CLIRunner.binary)' run --live --level 3 --sample-fps 8 --stable-frames 9 -"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = CLIRunner.packageRoot
        let out = folder.appendingPathComponent("stdout")
        let err = folder.appendingPathComponent("stderr")
        fileManagerTouch(out)
        fileManagerTouch(err)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let stdout = try String(contentsOf: out, encoding: .utf8)
        let stderr = try String(contentsOf: err, encoding: .utf8)
        #expect(process.terminationStatus == 0, "stderr: \(stderr)")
        let lines = stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Live: level 3, Left and right (reading standard input; Ctrl-C stops)")
        #expect(lines.filter { $0.hasPrefix("Attempt ") }.count == truth.attempts.count)
        #expect(lines.filter { $0.hasPrefix("Program (") } == truth.attempts.map { "Program (\($0.count) cards):" })
        #expect(lines.contains("  Attempts:      \(truth.attempts.count)"))
        #expect(lines.contains("  Final program: \(truth.finalProgram.map { Self.deckNames[$0] }.joined(separator: " "))"))
    }

    private func fileManagerTouch(_ url: URL) {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    }
}
