import Foundation
import Testing

/// Every writing command refuses an output that is one of its inputs, however it is spelled (a symbolic link, a
/// hard link, a path through `..`), before it writes anything; a PNG replay into a folder replaces the older
/// replay there whole.
@Suite("cardbot's outputs never overwrite its inputs")
struct OutputGuardTests {
    /// The bytes of the file at `url`.
    static func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    @Test("grade refuses a report over class.json or inside a session folder, and a report that is the deck by a link")
    func gradeReports() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-output-guard")
        defer { try? FileManager.default.removeItem(at: folder) }
        let classFolder = folder.appendingPathComponent("class")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Examples"), to: classFolder)
        let manifest = try Self.bytes(classFolder.appendingPathComponent("class.json"))
        let overManifest = try CLIRunner.run(["grade", "class", "--out", "class/../class/class.json"], in: folder)
        #expect(overManifest.status == 2)
        #expect(overManifest.stderr == "cardbot: error: class/../class/class.json: lies in the class folder (class), which would read it as one of its files; write the output elsewhere\n", "\(overManifest.stderr)")
        #expect(try Self.bytes(classFolder.appendingPathComponent("class.json")) == manifest)
        let inSession = try CLIRunner.run(["grade", "class", "--out", "class/zoe-level-5/report.json"], in: folder)
        #expect(inSession.status == 2)
        #expect(inSession.stderr.hasPrefix("cardbot: error: class/zoe-level-5/report.json: lies in a session folder (class/zoe-level-5)"), "\(inSession.stderr)")
        #expect(!FileManager.default.fileExists(atPath: classFolder.appendingPathComponent("zoe-level-5/report.json").path))
        // A report beside the sessions, at the class folder's top, is no input: it is written.
        let beside = try CLIRunner.run(["grade", "class", "--out", "class/report.html"], in: folder)
        #expect(beside.status == 0, "\(beside.stderr)")
        // The deck, by a symbolic link and by a hard link.
        let deck = folder.appendingPathComponent("deck.json")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Cards/deck.json"), to: deck)
        let deckBytes = try Self.bytes(deck)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("soft.json").path, withDestinationPath: "deck.json")
        try FileManager.default.linkItem(at: deck, to: folder.appendingPathComponent("hard.json"))
        for link in ["soft.json", "hard.json"] {
            let refused = try CLIRunner.run(["grade", "class", "--deck", "deck.json", "--out", link], in: folder)
            #expect(refused.status == 2)
            #expect(refused.stderr == "cardbot: error: \(link): is the deck file; name the output another file\n", "\(refused.stderr)")
        }
        #expect(try Self.bytes(deck) == deckBytes)
    }

    @Test("cards print and levels print never write a page over the deck or a level file")
    func printedPages() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-output-guard")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The deck with its marker pictures.
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Cards"), to: folder.appendingPathComponent("Cards"))
        let deck = folder.appendingPathComponent("Cards/deck.json")
        let deckBytes = try Self.bytes(deck)
        // The second sheet's name is a hard link to the deck.
        try FileManager.default.linkItem(at: deck, to: folder.appendingPathComponent("sheet-2.png"))
        let cards = try CLIRunner.run(["cards", "print", "--deck", "Cards/deck.json", "--out", "sheet.png"], in: folder)
        #expect(cards.status == 2)
        #expect(cards.stderr == "cardbot: error: sheet-2.png: is the deck file; name the output another file\n", "\(cards.stderr)")
        #expect(try Self.bytes(deck) == deckBytes)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("sheet-1.png").path), "nothing written before the check")
        let level = folder.appendingPathComponent("level.json")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Levels/01-first-steps.json"), to: level)
        let levelBytes = try Self.bytes(level)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("sheet.pdf").path, withDestinationPath: "level.json")
        let sheet = try CLIRunner.run(["levels", "print", "level.json", "--out", "sheet.pdf"], in: folder)
        #expect(sheet.status == 2)
        #expect(sheet.stderr == "cardbot: error: sheet.pdf: is a level file; name the output another file\n", "\(sheet.stderr)")
        #expect(try Self.bytes(level) == levelBytes)
    }

    @Test("a replay over the recorded video, by a link, is refused and the video kept")
    func replayOverVideo() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-output-guard")
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("session")
        let video = folder.appendingPathComponent("lesson.mp4")
        let made = try CLIRunner.run([
            "synth", "session", "--level", "3", "--program", "forward forward right forward", "--out", session.path,
            "--video", video.path, "--size", "320x240", "--seed", "3",
        ])
        try #require(made.status == 0, "\(made.stderr)")
        let videoBytes = try Self.bytes(video)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("replay.mp4").path, withDestinationPath: "lesson.mp4")
        let replay = try CLIRunner.run(["run", "lesson.mp4", "--level", "3", "--replay", "replay.mp4"], in: folder)
        #expect(replay.status == 2)
        #expect(replay.stderr == "cardbot: error: replay.mp4: is a session's recording; name the output another file\n", "\(replay.stderr)")
        #expect(try Self.bytes(video) == videoBytes)
    }

    @Test("a PNG replay into a folder of an older, longer replay replaces it whole; a folder with other files is refused")
    func replayFolderReplaced() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-output-guard")
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = ["run", "--level", "5", "--program", "forward jump right jump forward"]
        let slow = try CLIRunner.run(program + ["--replay", "out/", "--step-seconds", "2"], in: folder)
        try #require(slow.status == 0, "\(slow.stderr)")
        let slowFrames = try ReplayCommandTests.pngs(folder.appendingPathComponent("out"))
        let fast = try CLIRunner.run(program + ["--replay", "out/", "--step-seconds", "0.5"], in: folder)
        try #require(fast.status == 0, "\(fast.stderr)")
        let fastFrames = try ReplayCommandTests.pngs(folder.appendingPathComponent("out"))
        #expect(fastFrames.count < slowFrames.count)
        #expect(fast.stderr.contains("out/: \(fastFrames.count) frames of the flat map of the run (PNG)"), "\(fast.stderr)")
        #expect(fastFrames == (1...fastFrames.count).map { String(format: "frame-%05d.png", $0) }, "no older frame after the end")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["out"], "nothing left beside it")
        // A folder holding a file of the teacher's is never replaced.
        let notes = folder.appendingPathComponent("out/notes.txt")
        try Data("mine".utf8).write(to: notes)
        let refused = try CLIRunner.run(program + ["--replay", "out/"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("out/: holds 'notes.txt', which is not a replay frame: a replay replaces its folder whole, so give a new or empty folder"), "\(refused.stderr)")
        #expect(try ReplayCommandTests.pngs(folder.appendingPathComponent("out")) == fastFrames)
        #expect(FileManager.default.fileExists(atPath: notes.path))
    }
}
