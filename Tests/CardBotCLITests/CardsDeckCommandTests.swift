import CardBotImaging
import Foundation
import Testing

@Suite("cardbot cards: new-deck and check, and the new decks through detect and run")
struct CardsDeckCommandTests {
    /// A level file whose cards map `ids` to forward, left and right, in a new folder; returns its path.
    static func level(ids: [Int], in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("01-walk.json").path
        let cards = zip(ids, ["forward", "left", "right"]).map { "\"\($0)\": \"\($1)\"" }.joined(separator: ", ")
        try """
            {"format": 1, "number": 1, "name": "Walk", "description": "Walk to the goal.", "cards": {\(cards)},
             "tiles": ["#####", "#>.G#", "#####"]}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Synthesizes a session of `program` with `deck` (a new deck has no GO card: the program settles), then runs
    /// it; returns run's output.
    static func session(deck: String, level: String, program: String, in folder: URL) throws -> CLIRunner.Output {
        let sessionFolder = folder.appendingPathComponent("session").path
        let arguments = ["synth", "session", "--deck", deck, "--level", level, "--program", program, "--out", sessionFolder, "--jobs", "1"]
        let refused = try CLIRunner.run(arguments)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the deck has no card named 'go'"), "\(refused.stderr)")
        let synth = try CLIRunner.run(arguments + ["--no-go-card"])
        try #require(synth.status == 0, "\(synth.stderr)")
        return try CLIRunner.run(["run", sessionFolder, "--deck", deck, "--level", level, "--quiet"])
    }

    /// `detect --json` on synthesized frames of `deck`: visible cards found and wrong ones.
    static func detect(deck: String, in folder: URL, count: Int = 4) throws -> (visible: Int, found: Int, wrong: Int) {
        let frames = try DetectCommandTests.synthesize(count, seed: 9, into: folder, extra: ["--deck", deck])
        let files = frames.map { folder.appendingPathComponent($0["file"] as! String).path }
        let output = try CLIRunner.run(["detect", "--json", "--deck", deck] + files)
        try #require(output.status == 0, "\(output.stderr)")
        var visible = 0, found = 0, wrong = 0
        for (reading, frame) in zip(DetectCommandTests.lines(output.stdout), frames) {
            let expected = frame["visible"] as? [Int] ?? []
            let markers = reading["markers"] as? [Int] ?? []
            visible += expected.count
            found += expected.filter { markers.contains($0) }.count
            let all = Set((frame["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int })
            wrong += markers.filter { !all.contains($0) }.count
        }
        return (visible, found, wrong)
    }

    @Test("new-deck from DICT_6X6_250: the deck goes through cards, detect and run")
    func sixBySix() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deckFolder = folder.appendingPathComponent("deck6").path
        let made = try CLIRunner.run(
            ["cards", "new-deck", "--out", deckFolder, "--dictionary", "DICT_6X6_250", "--ids", "40-49", "--name", "Six"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("10 cards from DICT_6X6_250 (6x6 cells"))
        let deck = deckFolder + "/deck.json"
        var reader = ImageReader()
        let marker = try reader.readGray(deckFolder + "/markers/40-m40.png")
        #expect(marker.width == 160)
        let listed = try CLIRunner.run(["cards", "--deck", deck])
        #expect(listed.stdout.contains("  40  m40   M40"))
        let check = try CLIRunner.run(["cards", "check", "--deck", deck])
        #expect(check.status == 0)
        #expect(check.stdout.contains("ok: every card can be told apart"))

        let result = try Self.detect(deck: deck, in: folder.appendingPathComponent("frames"))
        #expect(result.wrong == 0)
        #expect(result.found == result.visible && result.visible > 0)

        let level = try Self.level(ids: [40, 41, 42], in: folder)
        let run = try Self.session(deck: deck, level: level, program: "forward forward", in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Final program: forward forward"))
    }

    @Test("new-deck from pictures: check, detect and run with picture cards")
    func pictures() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = CLIRunner.packageRoot.path + "/Cards/examples/picture-deck/pictures/"
        let files = ["0-house.png", "1-tree.png", "2-fish.png"].map { base + $0 }
        let deckFolder = folder.appendingPathComponent("pictures").path
        let made = try CLIRunner.run(
            ["cards", "new-deck", "--out", deckFolder, "--pictures"] + files + ["--names", "house,tree,fish"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("3 cards from 3 pictures (picture markers)"))
        let deck = deckFolder + "/deck.json"
        let deckText = try String(contentsOfFile: deck, encoding: .utf8)
        #expect(deckText.contains("\"kind\": \"picture\""))
        let check = try CLIRunner.run(["cards", "check", "--deck", deck])
        #expect(check.status == 0)
        #expect(check.stdout.contains("house  nearest"))
        let show = try CLIRunner.run(["cards", "show", "fish", "--deck", deck])
        #expect(show.stdout.contains("Marker: a picture inside the black border (pictures/2-fish.png)"))
        #expect(show.stdout.contains("██"))

        let result = try Self.detect(deck: deck, in: folder.appendingPathComponent("frames"))
        #expect(result.wrong == 0)
        #expect(result.found == result.visible && result.visible > 0)

        let level = try Self.level(ids: [0, 1, 2], in: folder)
        let run = try Self.session(deck: deck, level: level, program: "forward forward", in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Final program: forward forward"))
    }

    @Test("check lists pictures too alike to tell apart and exits 1; loading such a deck is refused")
    func checkTooAlike() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pictures = CLIRunner.packageRoot.path + "/Cards/examples/picture-deck/pictures/"
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("p"), withIntermediateDirectories: true)
        for (source, name) in [("0-house.png", "house"), ("0-house.png", "home"), ("1-tree.png", "tree")] {
            try FileManager.default.copyItem(atPath: pictures + source, toPath: folder.appendingPathComponent("p/\(name).png").path)
        }
        try """
            {"format": "cardbot-deck/1", "name": "alike", "cards": [
              {"marker": 0, "name": "house", "kind": "picture", "image": "p/house.png"},
              {"marker": 1, "name": "home", "kind": "picture", "image": "p/home.png"},
              {"marker": 2, "name": "tree", "kind": "picture", "image": "p/tree.png"}]}
            """.write(to: folder.appendingPathComponent("deck.json"), atomically: true, encoding: .utf8)
        let deck = folder.appendingPathComponent("deck.json").path
        let check = try CLIRunner.run(["cards", "check", "--deck", deck])
        #expect(check.status == 1)
        #expect(check.stdout.contains("house  nearest home 1.00"))
        #expect(check.stdout.contains("TOO ALIKE"))
        #expect(check.stdout.contains("picture cards 'house' (marker 0) and 'home' (marker 1) look too alike"))
        let detect = try CLIRunner.run(["detect", "--deck", deck, pictures + "0-house.png"])
        #expect(detect.status == 2)
        #expect(detect.stderr.hasPrefix("cardbot: error: \(deck): picture cards 'house'"))
    }

    @Test("new-deck refuses what cannot be a deck, naming the markers", arguments: [
        (["--dictionary", "DICT_7X7_1000"], 2, "unknown dictionary 'DICT_7X7_1000'"),
        (["--dictionary", "DICT_4X4_50", "--ids", "1,2", "--names", "a"], 2, "2 markers but 1 name was given"),
        (["--dictionary", "DICT_4X4_50", "--ids", "x"], 64, "--ids must be marker ids"),
        (["--dictionary", "DICT_4X4_50", "--patterns", "p.txt"], 64, "exactly one of --dictionary, --patterns and --pictures"),
        (["--dictionary", "DICT_4X4_50", "--ids", "3", "--names", "Big"], 2, "the name 'Big' must be lower-case"),
    ])
    func newDeckErrors(arguments: [String], status: Int32, message: String) throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["cards", "new-deck", "--out", folder.appendingPathComponent("d").path] + arguments)
        #expect(output.status == status)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test("new-deck --patterns: one bit string per line; a symmetric marker is refused by name")
    func patterns() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("patterns.txt").path
        try "# my markers\n1011 0101 0011 0010\n0001 0001 1010 0111\n".write(toFile: file, atomically: true, encoding: .utf8)
        let made = try CLIRunner.run(
            ["cards", "new-deck", "--out", folder.appendingPathComponent("d").path, "--patterns", file, "--names", "go,turn"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("2 cards from patterns.txt (4x4 cells"))
        try "1011010100110010\n0110100110010110\n".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["cards", "new-deck", "--out", folder.appendingPathComponent("e").path, "--patterns", file])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("card 'm1' (marker 1) reads the same when turned"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("e/deck.json").path))
    }
}
