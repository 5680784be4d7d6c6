import Foundation
import Testing

/// A live MJPEG stream with damaged frames: every frame, good or damaged, is timed by its arrival, so the damaged
/// ones cost themselves only and never push the good ones out of the sampling.
@Suite("cardbot run --live on a damaged stream")
struct LiveStreamDamageTests {
    @Test("30 fps MJPEG with every 7th JPEG cut in half: most sampled frames are read, only damaged ones are not")
    func damagedFrames() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-live-damage")
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try FileManager.default.contentsOfDirectory(
            atPath: CLIRunner.packageRoot.appendingPathComponent("Examples/maya-level-3").path
        ).filter { $0.hasSuffix(".jpg") }.sorted()
        // 120 JPEGs (Maya's frames five times), every 7th cut in half: 17 damaged.
        var damaged = 0
        for index in 1...120 {
            let source = CLIRunner.packageRoot.appendingPathComponent("Examples/maya-level-3/\(frames[(index - 1) % frames.count])")
            var bytes = try Data(contentsOf: source)
            if index % 7 == 0 {
                bytes = bytes.prefix(bytes.count / 2)
                damaged += 1
            }
            try bytes.write(to: folder.appendingPathComponent(String(format: "f%03d.jpg", index)))
        }
        // Paced like a camera: one JPEG every 33 ms, 4 seconds in all.
        let live = try HostileInputTests.shell(
            "for f in f*.jpg; do cat \"$f\"; sleep 0.033; done | exec \"$0\" run --level 3 --live -", in: folder)
        #expect(live.status == 0 || live.status == 1, "\(live.stderr)")
        let summary = try #require(live.stdout.split(separator: "\n").first { $0.contains("Frames:") }, "\(live.stdout)")
        let numbers = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        try #require(numbers.count == 2, "\(summary)")
        let (read, unreadable) = (numbers[0], numbers[1])
        // About 4 s at 5 readings a second; a damaged frame is sampled only when it falls on a reading's moment,
        // about one reading in seven. Which readings those are depends on when the frames arrive, and so on the
        // machine's load (6 of 23 on a busy machine), so the bound is on the damaged frames sent: timed by a guessed
        // clock, every one of them was sampled and pushed the good frames out (3 read, 32 unreadable).
        #expect(read >= 14, "\(summary)")
        #expect(unreadable <= damaged / 2, "\(summary)")
        #expect(!live.stderr.contains("Fatal error"), "\(live.stderr)")
    }
}
