import Foundation
import Testing

/// A frame whose JPEG data is damaged but still decodes: `detect` reads it and says it may be incomplete.
@Suite("cardbot detect on damaged frames")
struct DetectCorruptFrameTests {
    @Test("libjpeg's warning is one line naming the file, never library noise; the frame still reads")
    func corruptButDecodable() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-corrupt")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = CLIRunner.packageRoot.appendingPathComponent("Examples/maya-level-3/frame-0010.jpg")
        var bytes = [UInt8](try Data(contentsOf: source))
        for index in stride(from: bytes.count / 2, to: bytes.count - 10, by: 97) { bytes[index] = 0 }
        let path = folder.appendingPathComponent("damaged.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let output = try CLIRunner.run(["detect", path])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("\(path): "))
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("cardbot: warning: \(path): Corrupt JPEG data") == true)
        #expect(lines.first?.hasSuffix("(the frame was read, but may be incomplete)") == true)
    }
}
