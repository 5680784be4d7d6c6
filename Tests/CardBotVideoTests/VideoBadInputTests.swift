import CardBotImaging
import Foundation
import Testing
@testable import CardBotVideo

/// Files that are not readable videos give one error naming the file and the reason.
@Suite struct VideoBadInputTests {
    static func open(_ path: String, limits: ImageLimits = .default) -> ImageError? {
        do {
            try VideoFrameSource(path: path, limits: limits).read(jobs: 1, makeReader: { { _, _ in 0 } }) { _ in true }
            return nil
        } catch let error as ImageError {
            return error
        } catch {
            return ImageError(.corrupt, file: path, reason: "unexpected \(error)")
        }
    }

    static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = try VideoRoundTripTests.scratch(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func emptyFile() throws {
        let path = try Self.file("empty.mp4", [])
        defer { VideoRoundTripTests.removeScratch(path) }
        let error = try #require(Self.open(path))
        #expect(error.file == path && error.reason == "the file is empty (0 bytes)")
    }

    @Test func textFileNamedMP4() throws {
        let path = try Self.file("notes.mp4", Array("these are my lesson notes, not a video\n".utf8))
        defer { VideoRoundTripTests.removeScratch(path) }
        let error = try #require(Self.open(path))
        #expect(error.file == path)
        #expect(error.reason.hasPrefix("not a video that can be read"))
    }

    @Test func missingFile() {
        let error = Self.open("/nonexistent/lesson.mp4")
        #expect(error?.reason == "no such file")
    }

    @Test func truncatedMP4LosesItsIndex() throws {
        let path = try VideoRoundTripTests.scratch("cut.mp4")
        defer { VideoRoundTripTests.removeScratch(path) }
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 10)
        for index in 0..<10 { try writer.write(VideoRoundTripTests.frame(index), seconds: Double(index) / 10) }
        try writer.finish()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
        let error = try #require(Self.open(path))
        #expect(error.reason.contains("moov atom not found"))
    }

    @Test func framesBeyondThePixelLimit() throws {
        let path = try VideoRoundTripTests.scratch("big.mkv")
        defer { VideoRoundTripTests.removeScratch(path) }
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 10)
        try writer.write(VideoRoundTripTests.frame(0), seconds: 0)
        try writer.finish()
        let error = try #require(Self.open(path, limits: ImageLimits(maxPixels: 1000)))
        #expect(error.kind == .tooLarge)
        #expect(error.reason == "the video claims 64x48 pixels, more than the limit of 1000 pixels")
    }
}

/// Bad inputs made with the ffmpeg tool (installed by `make deps`).
@Suite struct VideoToolMadeBadInputTests {
    /// Runs the ffmpeg tool with `arguments` and waits.
    static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-y"] + arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }

    @Test func audioOnly() throws {
        let path = try VideoRoundTripTests.scratch("song.mp4")
        defer { VideoRoundTripTests.removeScratch(path) }
        try Self.ffmpeg(["-f", "lavfi", "-i", "sine=duration=0.5", "-c:a", "aac", path])
        let error = try #require(VideoBadInputTests.open(path))
        #expect(error.file == path && error.reason == "has no video stream (it holds only audio)")
    }

    @Test func codecTheLibraryCannotDecode() throws {
        // A VP8 video whose Matroska codec id is changed to one nobody knows.
        let path = try VideoRoundTripTests.scratch("vp8.mkv")
        defer { VideoRoundTripTests.removeScratch(path) }
        try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=0.5", "-c:v", "libvpx", path])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let tag = Array("V_VP8".utf8)
        let at = try #require((0...(bytes.count - tag.count)).first { Array(bytes[$0..<$0 + tag.count]) == tag })
        bytes.replaceSubrange(at..<at + tag.count, with: Array("V_QQ8".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = try #require(VideoBadInputTests.open(path))
        #expect(error.reason.hasPrefix("the video's codec is not one FFmpeg knows, which this FFmpeg cannot decode"))
    }

    @Test func damagedFramesMidStreamAreUnreadableAndTheRestIsRead() throws {
        let path = try VideoRoundTripTests.scratch("damaged.avi")
        defer { VideoRoundTripTests.removeScratch(path) }
        try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x240:rate=10:duration=3", "-c:v", "mjpeg", "-q:v", "3", path])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Wipe the start of three JPEG frames in the middle of the file.
        var from = bytes.count / 3
        for _ in 0..<3 {
            let start = try #require((from..<(bytes.count - 3)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD8 && bytes[$0 + 2] == 0xFF })
            bytes.replaceSubrange(start..<start + 200, with: [UInt8](repeating: 0, count: 200))
            from = start + 10
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var read = 0
        var damaged = 0
        try VideoFrameSource(path: path, sampleFPS: nil).read(jobs: 1, makeReader: { { _, _ in 0 } }) { frame in
            if case .success = frame.outcome { read += 1 } else { damaged += 1 }
            return true
        }
        #expect(damaged >= 1)
        #expect(read >= 20 && read + damaged <= 30)
    }
}
