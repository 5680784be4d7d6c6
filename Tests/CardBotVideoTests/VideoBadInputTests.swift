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
        let error = try #require(Self.open(path))
        #expect(error.file == path && error.reason == "the file is empty (0 bytes)")
    }

    @Test func textFileNamedMP4() throws {
        let path = try Self.file("notes.mp4", Array("these are my lesson notes, not a video\n".utf8))
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
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 10)
        try writer.write(VideoRoundTripTests.frame(0), seconds: 0)
        try writer.finish()
        let error = try #require(Self.open(path, limits: ImageLimits(maxPixels: 1000)))
        #expect(error.kind == .tooLarge)
        #expect(error.reason == "the video claims 64x48 pixels, more than the limit of 1000 pixels")
    }
}
