import Foundation
import Testing

@Suite("cardbot synth frames")
struct SynthCommandTests {
    func truth(_ folder: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("truth.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("writes numbered frames and a truth.json that describes each of them")
    func writesFramesAndTruth() throws {
        let folder = try CLIRunner.temporaryDirectory("synth")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run([
            "synth", "frames", "--out", folder.path, "--count", "3", "--seed", "7", "--size", "320x240",
            "--difficulty", "occluded",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.contains("wrote 3 frames"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["frame-0001.jpg", "frame-0002.jpg", "frame-0003.jpg", "truth.json"])
        let jpeg = try Data(contentsOf: folder.appendingPathComponent("frame-0002.jpg"))
        #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let object = try truth(folder)
        #expect(object["format"] as? String == "cardbot-synth/1")
        #expect(object["seed"] as? Int == 7)
        #expect(object["difficulty"] as? String == "occluded")
        let frames = try #require(object["frames"] as? [[String: Any]])
        #expect(frames.map { $0["file"] as? String } == ["frame-0001.jpg", "frame-0002.jpg", "frame-0003.jpg"])
        for frame in frames {
            #expect(frame["width"] as? Int == 320 && frame["height"] as? Int == 240)
            let cards = try #require(frame["cards"] as? [[String: Any]])
            #expect(!cards.isEmpty)
            let visible = try #require(frame["visible"] as? [Int])
            #expect(visible == cards.filter { $0["hidden"] as? Bool == false }.compactMap { $0["id"] as? Int })
            for card in cards {
                let corners = try #require(card["corners"] as? [[Double]])
                #expect(corners.count == 4 && corners.allSatisfy { $0.count == 2 })
                #expect((0...17).contains(card["id"] as? Int ?? -1))
            }
        }
    }

    @Test(
        "the same seed writes the same files in another process; another seed writes others",
        arguments: ["easy", "motion-blur"])
    func deterministic(difficulty: String) throws {
        let a = try CLIRunner.temporaryDirectory("synth-a")
        let b = try CLIRunner.temporaryDirectory("synth-b")
        let c = try CLIRunner.temporaryDirectory("synth-c")
        defer { for folder in [a, b, c] { try? FileManager.default.removeItem(at: folder) } }
        for (folder, seed) in [(a, "5"), (b, "5"), (c, "6")] {
            let output = try CLIRunner.run([
                "synth", "frames", "--out", folder.path, "--count", "2", "--seed", seed, "--size", "256x192",
                "--format", "png", "--jobs", seed == "5" && folder == b ? "1" : "2", "--difficulty", difficulty,
            ])
            #expect(output.status == 0, "\(output.stderr)")
        }
        for name in ["frame-0001.png", "frame-0002.png", "truth.json"] {
            let first = try Data(contentsOf: a.appendingPathComponent(name))
            #expect(first == (try Data(contentsOf: b.appendingPathComponent(name))), "\(name) differs for one seed")
            #expect(first != (try Data(contentsOf: c.appendingPathComponent(name))), "\(name) is the same for two seeds")
        }
    }

    @Test("rows and cards are honoured")
    func rowsAndCards() throws {
        let folder = try CLIRunner.temporaryDirectory("synth")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run([
            "synth", "frames", "--out", folder.path, "--count", "2", "--size", "320x240", "--rows", "2", "--cards", "5",
            "--quality", "70",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let frames = try #require(try truth(folder)["frames"] as? [[String: Any]])
        for frame in frames {
            let cards = try #require(frame["cards"] as? [[String: Any]])
            #expect(cards.count == 5)
            #expect(Set(cards.compactMap { $0["row"] as? Int }) == [0, 1])
        }
    }

    @Test(
        "bad options are refused with a message and no frames",
        arguments: [
            (["--size", "320x"], "size"), (["--size", "5000x5000"], "--size"), (["--count", "0"], "count"), (["--rows", "9"], "--rows"),
            (["--cards", "1", "--rows", "2"], "--cards"), (["--difficulty", "extreme"], "difficulty"),
            (["--quality", "300"], "quality"), (["--format", "gif"], "format"),
        ])
    func badOptions(arguments: [String], mention: String) throws {
        let folder = try CLIRunner.temporaryDirectory("synth")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["synth", "frames", "--out", folder.path] + arguments)
        #expect(output.status != 0)
        #expect(output.stderr.lowercased().contains("error"), "\(output.stderr)")
        #expect(output.stderr.contains(mention), "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("an output path that is a file is reported with exit status 2")
    func outputIsAFile() throws {
        let folder = try CLIRunner.temporaryDirectory("synth")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("taken")
        try Data("x".utf8).write(to: file)
        let output = try CLIRunner.run(["synth", "frames", "--out", file.path, "--count", "1"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("cardbot: error: \(file.path): exists and is not a folder"), "\(output.stderr)")
    }

    @Test("a missing deck is reported with exit status 2")
    func missingDeck() throws {
        let folder = try CLIRunner.temporaryDirectory("synth")
        defer { try? FileManager.default.removeItem(at: folder) }
        let deck = folder.appendingPathComponent("nope/deck.json").path
        let output = try CLIRunner.run(["synth", "frames", "--out", folder.path, "--deck", deck])
        #expect(output.status == 2)
        #expect(output.stderr.contains("cardbot: error: \(deck):"), "\(output.stderr)")
    }
}
