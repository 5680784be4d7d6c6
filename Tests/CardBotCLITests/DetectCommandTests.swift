import CardBotImaging
import CardBotTestSupport
import Foundation
import Testing

@Suite("cardbot detect")
struct DetectCommandTests {
    /// Synthesizes `count` easy frames with `cardbot synth frames` into `folder`; returns the truth's frames.
    static func synthesize(_ count: Int, seed: Int, into folder: URL, extra: [String] = []) throws -> [[String: Any]] {
        let output = try CLIRunner.run(
            ["synth", "frames", "--out", folder.path, "--count", "\(count)", "--seed", "\(seed)", "--jobs", "1"] + extra)
        try #require(output.status == 0, "\(output.stderr)")
        let data = try Data(contentsOf: folder.appendingPathComponent("truth.json"))
        let truth = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(truth["frames"] as? [[String: Any]])
    }

    static func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test("--json prints one object per frame with the documented keys, in reading order")
    func json() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.synthesize(4, seed: 5, into: folder, extra: ["--rows", "2", "--cards", "6"])
        let files = frames.map { folder.appendingPathComponent($0["file"] as! String).path }
        let output = try CLIRunner.run(["detect", "--json"] + files)
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        let readings = Self.lines(output.stdout)
        try #require(readings.count == files.count)
        var exact = 0
        for (reading, (frame, file)) in zip(readings, zip(frames, files)) {
            #expect(Set(reading.keys) == ["file", "width", "height", "cards", "markers", "sequence", "decodeMs", "ms"])
            #expect(reading["file"] as? String == file)
            #expect(reading["width"] as? Int == 1280 && reading["height"] as? Int == 720)
            let cards = try #require(reading["cards"] as? [[String: Any]])
            let markers = try #require(reading["markers"] as? [Int])
            let sequence = try #require(reading["sequence"] as? [String])
            #expect(cards.map { $0["marker"] as? Int } == markers.map { $0 })
            #expect(cards.map { $0["name"] as? String } == sequence.map { $0 })
            for card in cards {
                #expect(Set(card.keys) == ["marker", "name", "corners", "row", "confidence"])
                #expect((card["corners"] as? [[Double]])?.count == 4)
            }
            let rows = cards.compactMap { $0["row"] as? Int }
            #expect(rows == rows.sorted())
            let ms = reading["ms"] as? Double ?? -1
            let decodeMs = reading["decodeMs"] as? Double ?? -1
            #expect(ms > 0)
            #expect(decodeMs > 0 && decodeMs < ms, "decodeMs \(decodeMs) of ms \(ms)")
            if markers == frame["visible"] as? [Int] { exact += 1 }
        }
        #expect(exact >= 3, "\(output.stdout)")
    }

    @Test("human output names each frame and its cards; rows are separated by ' / '")
    func human() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.synthesize(1, seed: 9, into: folder, extra: ["--rows", "2", "--cards", "5"])
        let file = folder.appendingPathComponent(frames[0]["file"] as! String).path
        let output = try CLIRunner.run(["detect", file])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("\(file): "))
        let names = ["forward", "left", "right", "jump", "repeat-2", "repeat-3", "repeat-4", "repeat-5",
                     "repeat-until-goal", "if-path-ahead", "if-path-left", "if-path-right", "else", "end",
                     "define-a", "call-a", "define-b", "call-b"]
        let visible = (frames[0]["visible"] as? [Int]) ?? []
        let words = output.stdout.dropFirst(file.count + 2).split(whereSeparator: { $0 == " " || $0 == "\n" })
            .filter { $0 != "/" }.map(String.init)
        #expect(words == visible.map { names[$0] })
        #expect(output.stdout.contains(" / "))
    }

    @Test("an unreadable frame is reported and the others go on; the exit status is 2")
    func unreadable() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.synthesize(1, seed: 3, into: folder)
        let good = folder.appendingPathComponent(frames[0]["file"] as! String).path
        let broken = folder.appendingPathComponent("broken.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).write(to: URL(fileURLWithPath: broken))
        let missing = folder.appendingPathComponent("missing.png").path
        let output = try CLIRunner.run(["detect", "--json", missing, good, broken])
        #expect(output.status == 2)
        let stderr = output.stderr.split(separator: "\n").map(String.init)
        #expect(stderr.count == 2)
        #expect(stderr.contains { $0.hasPrefix("cardbot: error: \(missing): ") })
        #expect(stderr.contains { $0.hasPrefix("cardbot: error: \(broken): ") })
        #expect(!output.stderr.contains("Fatal") && !output.stderr.contains("Backtrace"))
        let readings = Self.lines(output.stdout)
        #expect(readings.map { $0["file"] as? String } == [missing, good, broken])
        #expect(readings[0]["error"] is String && readings[2]["error"] is String)
        #expect((readings[1]["markers"] as? [Int]) == frames[0]["visible"] as? [Int])
    }

    @Test("a frame with no cards is an empty sequence, not an error")
    func empty() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An empty table: a gray frame with a dark square on it that is not a card.
        let blank = folder.appendingPathComponent("blank.png").path
        var image = GrayImage(width: 320, height: 240, fill: 180)
        for y in 100..<140 { for x in 100..<140 { image[x, y] = 20 } }
        try ImageWriter.write(image, to: blank)
        let json = try CLIRunner.run(["detect", "--json", blank])
        #expect(json.status == 0)
        let reading = try #require(Self.lines(json.stdout).first)
        #expect(reading["sequence"] as? [String] == [])
        #expect(reading["cards"] as? [Any] != nil)
        let human = try CLIRunner.run(["detect", blank])
        #expect(human.status == 0)
        #expect(human.stdout == "\(blank): (no cards)\n")
    }

    @Test("--annotate writes a PNG per frame")
    func annotate() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.synthesize(2, seed: 4, into: folder)
        let files = frames.map { folder.appendingPathComponent($0["file"] as! String).path }
        let out = folder.appendingPathComponent("annotated/deeper")
        let output = try CLIRunner.run(["detect", "--annotate", out.path] + files)
        #expect(output.status == 0, "\(output.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(written == ["frame-0001-annotated.png", "frame-0002-annotated.png"])
        let bytes = try Data(contentsOf: out.appendingPathComponent(written[0]))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("--annotate draws on the photo in colour (detection reads the luma; the teacher sees the table as it is)")
    func annotateInColour() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = PackageRoot.path("Examples/maya-level-3/frame-0022.jpg")
        let output = try CLIRunner.run(["detect", "--annotate", folder.path, photo])
        #expect(output.status == 0, "\(output.stderr)")
        var reader = ImageReader()
        let annotated = try reader.readRGB(folder.appendingPathComponent("frame-0022-annotated.png").path)
        let original = try reader.readRGB(photo)
        // The wooden table away from every card and label (bottom-left corner) is the photo's own brown.
        for (x, y) in [(20, 460), (60, 440), (600, 450)] {
            let at = (y * annotated.width + x) * 3
            let (r, g, b) = (Int(annotated.pixels[at]), Int(annotated.pixels[at + 1]), Int(annotated.pixels[at + 2]))
            #expect(r > b + 25, "(\(x), \(y)) is \(r),\(g),\(b): not brown")
            #expect(Array(annotated.pixels[at..<at + 3]) == Array(original.pixels[at..<at + 3]))
        }
    }

    @Test("a deck that cannot be loaded stops with the file and reason, exit status 2")
    func badDeck() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deck = folder.appendingPathComponent("deck.json").path
        try Data("{\"format\": \"cardbot-deck/1\", \"cards\": 3}".utf8).write(to: URL(fileURLWithPath: deck))
        let output = try CLIRunner.run(["detect", "--deck", deck, "x.jpg"])
        #expect(output.status == 2)
        #expect(output.stderr == "\(deck):1:39: error: 'cards' should be a list, not a whole number\n")
        let missing = try CLIRunner.run(["detect", "--deck", folder.appendingPathComponent("no.json").path, "x.jpg"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no.json: no such deck file"))
    }

    @Test("no image is a usage error")
    func noImages() throws {
        let output = try CLIRunner.run(["detect"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Give at least one image file."))
    }
}
