import CardBotImaging
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `cardbot run ... --replay OUT`: the AR replay written as PNG frames, GIF or MP4, run as a user would.
@Suite("cardbot run --replay")
struct ReplayCommandTests {
    static func pngs(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test("a typed program's replay: title, lead-in, 5 frames a step at 0.5 s, the end held 3 s; --step-seconds paces it")
    func typedProgram() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-replay")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("frames/").path + "/"
        let output = try CLIRunner.run(["run", "--level", "5", "--program", "forward jump right jump forward", "--replay", out])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("75 frames of the flat map of the run (PNG)"))
        let frames = try Self.pngs(URL(fileURLWithPath: out))
        // 1.5 s title + 0.5 s lead-in + 5 steps x 0.5 s + 3 s held (the result, long enough to read), at 10 frames a
        // second.
        #expect(frames.count == 15 + 5 + 25 + 30)
        var reader = ImageReader()
        let first = try reader.readRGB(out + "frame-00001.png")
        #expect(first.width == 640 && first.height == 480)
        // The robot moves: frames during the walk differ from one another.
        let a = try reader.readRGB(out + "frame-00021.png")
        let b = try reader.readRGB(out + "frame-00030.png")
        #expect(a != b)

        let fast = folder.appendingPathComponent("fast/").path + "/"
        let paced = try CLIRunner.run(["run", "--level", "5", "--program", "forward jump right jump forward", "--replay", fast,
                                       "--step-seconds", "0.2"])
        #expect(paced.status == 0)
        #expect(try Self.pngs(URL(fileURLWithPath: fast)).count == 15 + 5 + 10 + 30)

        // --card-size is accepted from older command lines, says that it changes nothing, and changes nothing.
        let sized = folder.appendingPathComponent("sized/").path + "/"
        let withSize = try CLIRunner.run(
            ["run", "--level", "5", "--program", "forward jump right jump forward", "--replay", sized, "--card-size", "120mm"])
        #expect(withSize.status == 0)
        #expect(withSize.stderr.contains("cardbot: warning: --card-size: the replay is drawn in the cards' own widths"))
        for frame in ["frame-00001.png", "frame-00030.png", "frame-00075.png"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: sized + frame)) == (try Data(contentsOf: URL(fileURLWithPath: out + frame))))
        }
        #expect(!(try CLIRunner.run(["run", "--help"])).stdout.contains("--card-size"))
    }

    @Test("GIF and MP4 outputs are written through the video encoder")
    func videoFiles() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-replay")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("run.gif").path
        let mp4 = folder.appendingPathComponent("run.mp4").path
        for path in [gif, mp4] {
            let output = try CLIRunner.run(["run", "--level", "4", "--program", "forward forward", "--replay", path])
            #expect(output.status == 1, "the run fails (the robot falls in): \(output.stderr)")
            #expect(output.stderr.contains("\(path): "))
        }
        let gifBytes = try Data(contentsOf: URL(fileURLWithPath: gif))
        #expect(gifBytes.prefix(6) == Data("GIF89a".utf8))
        let mp4Bytes = try Data(contentsOf: URL(fileURLWithPath: mp4))
        #expect(mp4Bytes.count > 1000 && mp4Bytes[4..<8] == Data("ftyp".utf8))
    }

    @Test("a recorded session's replay: every attempt over its run frame, the robot on the table, no fallback")
    func session() throws {
        let session = try RunSessionCommandTests.makeSession(extra: ["--size", "640x480"])
        defer { try? FileManager.default.removeItem(at: session) }
        // Beside the session folder: inside it, the next run would read the replay as frames.
        let out = session.path + "-replay/"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let output = try CLIRunner.run(["run", session.path, "--replay", out, "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.stderr.contains("warning"), "\(output.stderr)")
        let results = try RunSessionCommandTests.objects(output.stdout).filter { $0["type"] as? String == "result" }
        let steps = results.compactMap { $0["steps"] as? Int }
        #expect(steps.count == 2)
        let expected = steps.map { 15 + 5 + $0 * 5 + 30 }.reduce(0, +)
        #expect(try Self.pngs(URL(fileURLWithPath: out)).count == expected)
        #expect(output.stderr.contains("\(expected) frames of 2 attempts (PNG)"))
        // The replay frames are the session's frames with the overlay: the same size.
        var reader = ImageReader()
        let frame = try reader.readRGB(out + "frame-00030.png")
        #expect(frame.width == 640 && frame.height == 480)
    }

    @Test("a video session's replay: the robot walks over the following camera frames")
    func videoSession() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-replay")
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("session.mp4").path
        let made = try CLIRunner.run([
            "synth", "session", "--level", "3", "--program", "forward forward right forward", "--out", folder.path,
            "--video", video, "--size", "480x360", "--seed", "3",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let out = folder.path + "-replay/"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let output = try CLIRunner.run(["run", folder.path, "--replay", out])
        #expect(output.stderr.contains("frames of 1 attempt (PNG)"), "\(output.stderr)")
        #expect(!output.stderr.contains("warning"), "\(output.stderr)")
        // Title 1.5 s, then lead-in, 2 steps and the end held (4.5 s) at 10 frames a second, over the camera frames.
        let frames = try Self.pngs(URL(fileURLWithPath: out))
        #expect((15 + 44)...(15 + 47) ~= frames.count, "\(frames.count) frames")
        var reader = ImageReader()
        let first = try reader.readRGB(out + frames[16])
        #expect(first.width == 480 && first.height == 360)
    }

    @Test("a replay inside the session folder is refused before anything is written, however it is spelled", arguments: [
        "replay/", "replay.mp4", "sub/../replay.gif",
    ])
    func replayInsideSession(inside: String) throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-replay-inside")
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("maya")
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("Examples/maya-level-3"), to: session)
        let before = try FileManager.default.contentsOfDirectory(atPath: session.path).sorted()
        let output = try CLIRunner.run(["run", "maya", "--quiet", "--replay", "./maya/" + inside], in: folder)
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("cardbot: error: ./maya/\(inside): is inside the session folder maya"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: session.path).sorted() == before)
        // Beside the session folder is fine.
        let beside = try CLIRunner.run(["run", "maya", "--quiet", "--replay", "maya.gif"], in: folder)
        #expect(beside.status == 0, "\(beside.stderr)")
    }

    @Test("no card at the run frame: the flat map in a corner, said once on stderr")
    func fallback() throws {
        let session = try RunSessionCommandTests.makeSession(programs: ["forward forward right forward"], extra: ["--run-marks", "--no-go-card"])
        defer { try? FileManager.default.removeItem(at: session) }
        // Mark "run" also on the first frame, where the table is still empty.
        let manifestURL = session.appendingPathComponent("session.json")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        let runs = try #require(manifest["runs"] as? [String])
        let names = try FileManager.default.contentsOfDirectory(atPath: session.path).filter { $0.hasSuffix(".jpg") }.sorted()
        manifest["runs"] = [names[0]] + runs
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        // Beside the session folder: inside it, the next run would read the replay as frames.
        let out = session.path + "-replay/"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let output = try CLIRunner.run(["run", session.path, "--replay", out])
        let warnings = output.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(output.stderr)")
        #expect(warnings.first?.contains("attempt 1 (\(names[0])): no card is visible; the map is drawn flat in a corner") == true)
        #expect(try Self.pngs(URL(fileURLWithPath: out)).count > 0)
    }

    @Test("the HTML grade report shows each attempt replayed as an inline GIF")
    func gradeReport() throws {
        let session = try RunSessionCommandTests.makeSession()
        defer { try? FileManager.default.removeItem(at: session) }
        let html = session.appendingPathComponent("class.html")
        let output = try CLIRunner.run(["grade", session.path, "--out", html.path])
        #expect(output.status == 0, "\(output.stderr)")
        let page = try String(contentsOf: html, encoding: .utf8)
        let gifs = page.components(separatedBy: "src=\"data:image/gif;base64,").dropFirst()
        #expect(gifs.count == 2)
        for gif in gifs {
            let encoded = String(gif.prefix { $0 != "\"" })
            let bytes = try #require(Data(base64Encoded: encoded))
            #expect(bytes.prefix(6) == Data("GIF89a".utf8))
            #expect(bytes.count < 1_000_000)
        }
        #expect(page.contains("Attempt 2, replayed on the table"))
        #expect(XMLParser(data: Data(page.utf8)).parse(), "the page stays well-formed XML")
    }

    @Test("a replay that cannot be written is an error naming it, before anything is run (options: CommandLineTests)")
    func badFolder() throws {
        let missing = try CLIRunner.run(["run", "--level", "1", "--program", "forward", "--replay", "/proc/nope/x/"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("cardbot: error: /proc/nope/x/: cannot create the folder"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty, "checked before the run: \(missing.stdout)")
        let video = try CLIRunner.run(["run", "Examples/maya-level-3", "--replay", "/proc/nope/x.mp4"])
        #expect(video.status == 2)
        #expect(video.stderr == "cardbot: error: /proc/nope/x.mp4: cannot create the file: no folder /proc/nope\n", "\(video.stderr)")
        #expect(video.stdout.isEmpty, "a session is not read only to fail at its replay: \(video.stdout)")
    }
}

/// A replay shows its frames on a progress bar on a terminal.
@Suite struct ReplayProgressTests {
    @Test("run --replay DIR/ shows frames written of those the replay will have, and ends at all of them")
    func replayProgress() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("maya").path + "/"
        let shown = try PrintProgressTests.onTerminal(["run", "--quiet", "Examples/maya-level-3", "--replay", out])
        let written = try FileManager.default.contentsOfDirectory(atPath: out).count
        #expect(written > 50)
        #expect(shown.contains("/\(written) frames"), "\(shown.suffix(400))")
        #expect(shown.contains("\(out): \(written) frames of 2 attempts (PNG)"))
    }
}
