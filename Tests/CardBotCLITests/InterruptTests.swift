import Foundation
import Testing

/// An interrupted replay or report leaves no temporary file behind, in the output folder or in `$TMPDIR`, and a
/// temporary a killed run left is swept by the next run.
@Suite("cardbot interrupted: nothing left behind")
struct InterruptTests {
    /// Starts cardbot with `arguments` in `folder` with `TMPDIR` set to `temporary`, sends `signal` once `ready`
    /// is true (checked every 50 ms, at most 60 s), and waits for it to end.
    static func interrupt(
        _ arguments: [String], in folder: URL, temporary: URL, signal: Int32, ready: () -> Bool
    ) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        environment["XDG_CACHE_HOME"] = temporary.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while !ready() && process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Every name in `folder`, sorted.
    static func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test("SIGINT, SIGTERM and SIGHUP mid-replay remove the half-written MP4 and GIF", arguments: [
        (SIGINT, "out.mp4"), (SIGTERM, "out.gif"), (SIGHUP, "out.mp4"),
    ])
    func replay(signal: Int32, output: String) throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-interrupt")
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let level = try BoundedWorkTests.largestLevel(in: folder).path
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let status = try Self.interrupt(
            ["run", "--level", level, "--program", "repeat-until-goal forward forward right end", "--quiet", "--replay", "out/\(output)"],
            in: folder, temporary: temporary, signal: signal, ready: { !Self.names(out).isEmpty })
        #expect(status == signal, "ended by the signal it was sent")
        #expect(Self.names(out).isEmpty, "left \(Self.names(out))")
        #expect(Self.names(temporary).filter { $0 != "cardbot" }.isEmpty, "left \(Self.names(temporary))")
    }

    @Test("a temporary replay a killed run left is swept by the next replay to the same file")
    func sweep() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-sweep")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A process id that is not running: the largest a Linux system gives, plus one.
        let dead = "out.mp4.tmp-4194305-12345"
        try Data("half a video".utf8).write(to: folder.appendingPathComponent(dead))
        let run = try CLIRunner.run(
            ["run", "--level", "1", "--program", "forward forward forward", "--quiet", "--replay", "out.mp4"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.names(folder) == ["out.mp4"], "\(Self.names(folder))")
    }

    @Test("SIGINT while grade --out r.html makes a clip leaves no clip in $TMPDIR and no half report")
    func reportClip() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-interrupt-grade")
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let level = try BoundedWorkTests.largestLevel(in: folder).path
        let synth = try CLIRunner.run([
            "synth", "session", "--level", level, "--program", "repeat-until-goal forward forward right end", "--out",
            folder.appendingPathComponent("class/kim").path, "--seed", "4",
        ])
        try #require(synth.status == 0, "\(synth.stderr)")
        let status = try Self.interrupt(
            ["grade", "class", "--out", "r.html"], in: folder, temporary: temporary, signal: SIGINT,
            ready: { Self.names(temporary).contains { $0.hasPrefix("cardbot-clip.tmp-") } })
        #expect(status == SIGINT)
        #expect(Self.names(temporary).filter { $0.hasPrefix("cardbot-clip") }.isEmpty, "left \(Self.names(temporary))")
        #expect(Self.names(folder) == ["50-big.json", "class", "tmp"], "\(Self.names(folder))")
    }
}
