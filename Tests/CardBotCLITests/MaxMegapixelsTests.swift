import Foundation
import Testing

/// `--max-megapixels`: frames whose header claims more pixels are refused before decoding, with the reason.
@Suite("--max-megapixels")
struct MaxMegapixelsTests {
    static let frame = CLIRunner.packageRoot.appendingPathComponent("Examples/maya-level-3/frame-0001.jpg").path

    @Test("detect refuses a 640x480 frame under a 0.1-megapixel limit and reads it under the default")
    func detect() throws {
        let refused = try CLIRunner.run(["detect", "--max-megapixels", "0.1", Self.frame])
        #expect(refused.status == 2)
        #expect(refused.stderr == "cardbot: error: \(Self.frame): the image claims 640x480 pixels, more than the limit of 100000 pixels\n")
        let read = try CLIRunner.run(["detect", Self.frame])
        #expect(read.status == 0)
        #expect(read.stderr.isEmpty)
    }

    @Test("a session's oversized frames are skipped by name, and an invalid limit is a usage error")
    func run() throws {
        let folder = CLIRunner.packageRoot.appendingPathComponent("Examples/maya-level-3").path
        let output = try CLIRunner.run(["run", "--quiet", "--max-megapixels", "0.2", folder])
        #expect(output.status == 1)
        #expect(output.stdout.contains("0 read"))
        #expect(output.stderr.contains("frame-0001.jpg: the image claims 640x480 pixels, more than the limit of 200000 pixels; frame skipped"))
        let usage = try CLIRunner.run(["detect", "--max-megapixels", "0", Self.frame])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--max-megapixels must be above 0"))
    }
}
