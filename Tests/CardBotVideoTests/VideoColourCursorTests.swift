import CardBotImaging
import Foundation
import Testing
@testable import CardBotVideo

/// A video's colour cursor hands out the very frames a full colour pass gives at the same stamps, whether it decodes
/// forward to them or seeks over a long gap, and says which frame it could not find.
@Suite struct VideoColourCursorTests {
    /// A 12-second clip at 10 fps (key frames every 2 s), each frame's gray level telling its index.
    static func clip() throws -> String {
        let path = try VideoRoundTripTests.scratch("cursor.mp4")
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 10)
        for index in 0..<120 { try writer.write(VideoRoundTripTests.frame(index % 20), seconds: Double(index) / 10) }
        try writer.finish()
        return path
    }

    @Test("frames asked for in playing order, near and far apart, are those the full pass decodes at their stamps")
    func sameFramesAsAFullPass() throws {
        let path = try Self.clip()
        defer { VideoRoundTripTests.removeScratch(path) }
        let source = VideoFrameSource(path: path, sampleFPS: 5)
        var full: [(FrameStamp, RGBImage)] = []
        try source.readInColour(jobs: 2, makeReader: { { _, colour, _ in colour } }) { frame in
            if case .success(let colour) = frame.outcome { full.append((frame.stamp, colour)) }
            return true
        }
        try #require(full.count == 60)
        // Two stretches 7 s apart (the cursor seeks over the gap), a frame asked twice, then the last frame.
        let wanted = [0, 1, 2, 3, 9, 10, 45, 46, 46, 47, 59]
        var cursor = try source.colourCursor()
        for index in wanted {
            let (stamp, expected) = full[index]
            #expect(try cursor.colourFrame(stamp) == expected, "frame \(index) at \(stamp.seconds) s")
        }
    }

    @Test("a frame after the end is an error naming the video and the time")
    func pastTheEnd() throws {
        let path = try Self.clip()
        defer { VideoRoundTripTests.removeScratch(path) }
        var cursor = try VideoFrameSource(path: path, sampleFPS: 5).colourCursor()
        #expect(throws: ImageError.self) { try cursor.colourFrame(FrameStamp(index: 99, name: "0:20", seconds: 20)) }
        do {
            _ = try cursor.colourFrame(FrameStamp(index: 99, name: "0:20", seconds: 20))
        } catch {
            #expect("\(error)".contains("cursor.mp4"), "\(error)")
        }
    }
}
