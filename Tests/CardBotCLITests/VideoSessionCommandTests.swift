import CardBotTestSupport
import Foundation
import Testing

/// `cardbot run` and `cardbot grade` on video sessions made by `cardbot synth session --video`, with known truth.
@Suite("cardbot run and grade on videos")
struct VideoSessionCommandTests {
    /// The programs of the default lesson: a failing one, then the solution.
    static let lessonPrograms = [RunSessionCommandTests.firstProgram, RunSessionCommandTests.solution]

    /// A synthesized level-3 session written as `name` (by default a failing program, then the solution) in a fresh
    /// folder.
    static func makeVideo(
        _ name: String, programs: [String] = lessonPrograms, extra: [String] = []
    ) throws -> (folder: URL, truth: SessionTruthFile) {
        let folder = try CLIRunner.temporaryDirectory("cardbot-video")
        let arguments = [
            "synth", "session", "--level", "3", "--program", programs[0],
        ] + programs.dropFirst().flatMap { ["--then", $0] } + [
            "--video", folder.appendingPathComponent(name).path,
            "--size", "480x360", "--video-fps", "10", "--seed", "5", "--student", "Ada",
        ] + extra
        let output = try CLIRunner.run(arguments)
        try #require(output.status == 0, "synth session --video failed: \(output.stderr)")
        return (folder, try SessionTruthFile.load(folder))
    }

    /// The default lesson (`makeVideo("lesson.mp4")`), synthesized once in the test process and removed when it
    /// exits: five tests read it, and a synthesis takes some 15 s.
    private static let sharedLesson: Result<URL, any Error> = Result {
        let folder = try makeVideo("lesson.mp4").folder
        atexit {
            if case .success(let folder) = VideoSessionCommandTests.sharedLesson {
                try? FileManager.default.removeItem(at: folder)
            }
        }
        return folder
    }

    /// A fresh folder holding a copy of the default lesson (`lesson.mp4`, its `session.json` and `truth.json`), as
    /// `makeVideo("lesson.mp4")` would write it, and its truth.
    static func lessonCopy() throws -> (folder: URL, truth: SessionTruthFile) {
        let source = try sharedLesson.get()
        let folder = try CLIRunner.temporaryDirectory("cardbot-video")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return (folder, try SessionTruthFile.load(folder))
    }

    /// The program objects' markers and seconds, and the summary, of `run --json`.
    static func attempts(_ stdout: String) throws -> (markers: [[Int]], seconds: [Double], summary: [String: Any]) {
        let objects = try RunSessionCommandTests.objects(stdout)
        let programs = objects.filter { $0["type"] as? String == "program" }
        let summary = try #require(objects.last { $0["type"] as? String == "summary" })
        return (programs.map { ($0["markers"] as? [Int]) ?? [] }, programs.map { ($0["seconds"] as? Double) ?? -1 }, summary)
    }

    static let deckNames = ["forward", "left", "right"]

    /// Whether each attempt's time is its press's: a tap is seen at the first read frame that shows the hand, one
    /// sampled frame (0.2 s at the default 5 a second) after the press at most.
    static func expectTimes(_ seconds: [Double], _ presses: [Double], within: Double = 0.25) {
        #expect(seconds.count == presses.count)
        for (found, press) in zip(seconds, presses) {
            #expect(found >= press - 0.01 && found <= press + within, "attempt at \(found) s, press at \(press) s")
        }
    }

    @Test("MP4 and MKV sessions give exactly the truth's attempts, tap times and final program", arguments: ["mp4", "mkv"])
    func containers(_ container: String) throws {
        let (folder, truth) = try container == "mp4" ? Self.lessonCopy() : Self.makeVideo("lesson.\(container)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        let (markers, seconds, summary) = try Self.attempts(output.stdout)
        #expect(markers == truth.programs)
        Self.expectTimes(seconds, truth.presses)
        #expect(summary["signal"] as? String == "go-taps")
        let final = truth.finalProgram.map { Self.deckNames[$0] }
        #expect(summary["finalProgram"] as? [String] == final)
        #expect(summary["unreadableFrames"] as? Int == 0)

        // The video file alone, without session.json: the taps are in the video, so the attempts are the same.
        let alone = try CLIRunner.run(["run", "--level", "3", folder.appendingPathComponent("lesson.\(container)").path, "--json"])
        #expect(alone.status == 0)
        #expect(try Self.attempts(alone.stdout).markers == truth.programs)
    }

    @Test("the human report places attempts by their time in the video, m:ss")
    func humanReport() throws {
        let (folder, truth) = try Self.lessonCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Session \(folder.path) (video lesson.mp4) by Ada: level 3, Left and right")
        // "Attempt 2 at 0:45.6 (GO tapped):" and so on: m:ss.s of the tap.
        let attempts = lines.filter { $0.hasPrefix("Attempt ") }
        #expect(attempts.count == truth.presses.count)
        let clocks = attempts.map { line -> Double in
            let clock = (line.split(separator: " ").last ?? "").trimmingCharacters(in: [":"])
            let parts = clock.split(separator: ":")
            return parts.count == 2 ? (Double(parts[0]) ?? -99) * 60 + (Double(parts[1]) ?? -99) : -99
        }
        Self.expectTimes(clocks, truth.presses, within: 0.35)
        #expect(lines.contains { $0.hasPrefix("  First success: attempt 2 at 0:") })
    }

    @Test("a portrait phone video (turned frames and a display matrix) gives the same program as the upright one")
    func portrait() throws {
        let (folder, truth) = try Self.makeVideo("portrait.mp4", extra: ["--display-rotation", "90"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.status == 0)
        #expect(try Self.attempts(output.stdout).markers == truth.programs)
    }

    @Test("a variable frame rate gives the container's times, not a frame count's")
    func variableFrameRate() throws {
        let (folder, truth) = try Self.makeVideo("vfr.mkv", extra: ["--variable-rate", "--run-marks"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let runSeconds = try #require(truth.runSeconds)
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.status == 0)
        let (markers, seconds, _) = try Self.attempts(output.stdout)
        #expect(markers == truth.programs)
        #expect(seconds.count == runSeconds.count)
        for (found, expected) in zip(seconds, runSeconds) { #expect(abs(found - expected) < 0.05) }
        // The video alone: the GO taps in the uneven frames give the same attempts at the presses.
        let alone = try CLIRunner.run(["run", "--level", "3", folder.appendingPathComponent("vfr.mkv").path, "--json"])
        let automatic = try Self.attempts(alone.stdout)
        #expect(automatic.markers == truth.programs)
        Self.expectTimes(automatic.seconds, truth.presses)
    }

    @Test("a video cut short (an interrupted copy) says it ends early in the terminal, JSON and the class report")
    func cutShort() throws {
        let (folder, _) = try Self.lessonCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("lesson.mp4")
        // The index at the front (as phones and editors write it), so that a cut file still opens.
        let faststart = folder.appendingPathComponent("faststart.mp4")
        let remux = Process()
        remux.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        remux.arguments = ["ffmpeg", "-v", "error", "-i", whole.path, "-c", "copy", "-movflags", "+faststart", "-y", faststart.path]
        try remux.run()
        remux.waitUntilExit()
        try #require(remux.terminationStatus == 0)
        let bytes = try Data(contentsOf: faststart)
        let session = folder.appendingPathComponent("cut")
        try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
        try bytes.prefix(bytes.count * 2 / 5).write(to: session.appendingPathComponent("lesson.mp4"))

        let json = try CLIRunner.run(["run", session.path, "--level", "3", "--json"])
        #expect(json.status == 1, "\(json.stderr)")
        let summary = try #require(try RunSessionCommandTests.objects(json.stdout).last)
        let notes = try #require(summary["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("The video ends early, at 0:") && $0.hasSuffix("the file is cut, and what came after is lost.") },
                "\(notes)")
        let human = try CLIRunner.run(["run", session.path, "--level", "3", "--quiet"])
        #expect(human.stdout.contains("The video ends early, at 0:"), "\(human.stdout)")
        let csv = folder.appendingPathComponent("class.csv")
        let grade = try CLIRunner.run(["grade", session.path, "--level", "3", "--out", csv.path])
        #expect(grade.status == 0 || grade.status == 1, "\(grade.stderr)")
        #expect(try String(contentsOf: csv, encoding: .utf8).contains("The video ends early"))
        // The whole video says nothing of the kind.
        let full = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(!full.stdout.contains("ends early"))
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
        let (folder, _) = try Self.lessonCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path, "--max-megapixels", "0.1"])
        #expect(output.status == 2)
        #expect(output.stderr == "cardbot: error: \(folder.appendingPathComponent("lesson.mp4").path): the video claims 480x360 pixels, more than the limit of 100000 pixels\n")
    }

    @Test("grade finds video sessions beside each other; a broken video is one row with its error")
    func gradeClass() throws {
        let (source, truth) = try Self.lessonCopy()
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
            #expect(row["attempts"] == String(truth.presses.count))
            #expect(row["error"] == "")
        }
        #expect(byPath["maya/level-3"]?["firstSuccessFrame"]?.hasPrefix("0:") == true)
        let firstSeconds = Double(byPath["maya/level-3"]?["firstSuccessSeconds"] ?? "") ?? -1
        Self.expectTimes([firstSeconds], [truth.presses[1]])
        // The HTML report's thumbnail is a frame of the video.
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.components(separatedBy: "data:image/png;base64,").count - 1 >= 6)
    }

    @Test("live: a stream piped at real-time pace runs each program at its GO tap, once, then the summary")
    func live() throws {
        // A short lesson on level 1 (two cards, then the three that solve it), so that real time stays short.
        let (folder, truth) = try Self.makeVideo(
            "live.mkv", programs: ["forward forward", "forward forward forward"], extra: ["--level", "1"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(truth.duration < 45)
        let video = folder.appendingPathComponent("live.mkv").path
        // At the quality of a webcam's MJPEG stream (ffmpeg's default bit rate would leave 2 KB a frame).
        let command = "ffmpeg -v error -re -i '\(video)' -q:v 3 -f mjpeg - | timeout 90 '\(CLIRunner.binary)' run --live --level 1 --sample-fps 8 --stats -"
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
        #expect(lines.first == "Live: level 1, First steps (reading standard input; Ctrl-C stops)")
        #expect(lines.filter { $0.hasPrefix("Attempt ") }.count == truth.presses.count)
        #expect(lines.filter { $0.hasPrefix("Program (") } == truth.programs.map { "Program (\($0.count) cards):" })
        #expect(lines.contains("  Attempts:      \(truth.presses.count)"))
        #expect(lines.contains("  Final program: \(truth.finalProgram.map { Self.deckNames[$0] }.joined(separator: " "))"))
        // Each run is printed within 100 ms of reading the frame that showed the GO card again.
        let stats = try #require(stderr.split(separator: "\n").first { $0.hasPrefix("stats: live") })
        let within = try #require(stats.components(separatedBy: " within ").last?.split(separator: " ").first)
        let latency = try #require(Double(within))
        #expect(latency < 100, "\(stats)")
    }

    @Test("live: Ctrl-C before the first frame prints the summary of nothing and exits 1, no error")
    func interruptedBeforeFirstFrame() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["run", "--live", "--level", "3", "-"]
        process.currentDirectoryURL = CLIRunner.packageRoot
        let input = Pipe()
        let out = Pipe()
        let err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        Thread.sleep(forTimeInterval: 1.0)
        // Ctrl-C in a terminal reaches the whole pipeline: cardbot gets SIGINT and the camera's ffmpeg stops too,
        // ending the stream.
        process.interrupt()
        try input.fileHandleForWriting.close()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(stderr)")
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(stdout.contains("Frames:        0 read, 0 unreadable"), "\(stdout)")
    }

    private func fileManagerTouch(_ url: URL) {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    }
}
