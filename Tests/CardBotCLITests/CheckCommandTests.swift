import CardBotImaging
import Foundation
import Testing

/// `cardbot check` end to end: a good synthesized setup exits 0, the same frames seen from far away (shrunk eight
/// times) exit 1 with advice, bad input exits 2, and the report speaks Danish with `--language da`.
@Suite("cardbot check")
struct CheckCommandTests {
    /// A folder of two easy synthesized frames (`good`) and the same frames shrunk eight times (`far`).
    static func recordings() throws -> (root: URL, good: URL, far: URL) {
        let root = try CLIRunner.temporaryDirectory("cardbot-check")
        let good = root.appendingPathComponent("good"), far = root.appendingPathComponent("far")
        let frames = try DetectCommandTests.synthesize(2, seed: 3, into: good, extra: ["--format", "png", "--rows", "1", "--cards", "5"])
        try FileManager.default.removeItem(at: good.appendingPathComponent("truth.json"))
        try FileManager.default.createDirectory(at: far, withIntermediateDirectories: true)
        var reader = ImageReader()
        for frame in frames {
            let name = try #require(frame["file"] as? String)
            let image = try reader.readRGB(good.appendingPathComponent(name).path)
            try ImageWriter.write(image.shrunk(by: 8), to: far.appendingPathComponent(name).path)
        }
        return (root, good, far)
    }

    @Test("a good setup exits 0, a far one 1 with advice; --json carries the verdict and the exit status")
    func goodAndFar() throws {
        let (root, good, far) = try Self.recordings()
        defer { try? FileManager.default.removeItem(at: root) }
        let fine = try CLIRunner.run(["check", good.path])
        #expect(fine.status == 0, "\(fine.stdout)\(fine.stderr)")
        #expect(fine.stdout.contains("Capture check of \(good.path): 2 frames, 1280x720"))
        #expect(fine.stdout.contains("This setup reads the cards"))
        let bad = try CLIRunner.run(["check", far.path])
        #expect(bad.status == 1, "\(bad.stdout)\(bad.stderr)")
        #expect(bad.stdout.contains("Advice:"))
        #expect(bad.stdout.contains("This setup will not read the cards well"))
        for (folder, verdict, status) in [(good, "reads", 0), (far, "will-not-read-well", 1)] {
            let output = try CLIRunner.run(["check", "--json", folder.path])
            #expect(output.status == Int32(status))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            #expect((json["verdict"] as? String)?.hasPrefix(verdict) == true, "\(output.stdout)")
            #expect(json["exit_status"] as? Int == status)
            #expect(json["frames"] as? Int == 2)
            let checks = try #require(json["checks"] as? [[String: Any]])
            #expect(checks.allSatisfy { Set($0.keys) == ["aspect", "severity", "value", "limit", "measured", "advice"] })
        }
    }

    @Test("a missing recording and a corrupt frame are bad input: exit 2, one line, no stack trace")
    func badInput() throws {
        let root = try CLIRunner.temporaryDirectory("cardbot-check")
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try CLIRunner.run(["check", root.appendingPathComponent("nowhere").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("error:") && missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        let corrupt = root.appendingPathComponent("frame.jpg")
        try Data("not a picture".utf8).write(to: corrupt)
        let output = try CLIRunner.run(["check", corrupt.path])
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        // One frame: its own reason, in one line.
        #expect(output.stderr == "cardbot: error: \(corrupt.path): not a PNG or JPEG image (its first bytes match neither)\n")
        let two = try CLIRunner.run(["check", corrupt.path, corrupt.path])
        #expect(two.status == 2)
        #expect(two.stderr.contains("none of its 2 frames could be read as an image (the first: not a PNG or JPEG image"))
        #expect(!output.stderr.contains("Fatal error"))
        let noInput = try CLIRunner.run(["check"])
        #expect(noInput.status == 64)
    }

    @Test("with --language da the report and the advice are Danish")
    func danish() throws {
        let (root, _, far) = try Self.recordings()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try CLIRunner.run(["check", "--language", "da", far.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("Råd:"), "\(output.stdout)")
        #expect(DanishEverywhereTests.englishIn(output) == [], "\(output.stdout)")
    }
}
