import CardBotImaging
import Foundation
import Testing
@testable import CardBotVideo

/// Videos written by `VideoWriter` and read back by `VideoFrameSource`: sizes, times, pixels and rotation.
@Suite struct VideoRoundTripTests {
    /// A frame with a bright block in its top-left quarter and a gray level that grows with `index`.
    static func frame(_ index: Int, width: Int = 64, height: Int = 48) -> GrayImage {
        var image = GrayImage(width: width, height: height, fill: UInt8(40 + index * 10))
        for y in 0..<height / 2 { for x in 0..<width / 2 { image[x, y] = 230 } }
        return image
    }

    /// Removes the folder `scratch` made for `path`.
    static func removeScratch(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    /// A path named `name` in a new temporary folder (`removeScratch` removes it).
    static func scratch(_ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-video-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    static func readAll(_ source: VideoFrameSource) throws -> [(FrameStamp, GrayImage)] {
        var frames: [(FrameStamp, GrayImage)] = []
        try source.read(jobs: 2, makeReader: { { image, stamp in ImageBox(image) } }) { frame in
            if case .success(let box) = frame.outcome { frames.append((frame.stamp, box.image)) }
            return true
        }
        return frames
    }

    @Test(arguments: ["mp4", "mkv", "avi"])
    func framesComeBackWithTheirTimesAndPixels(_ container: String) throws {
        let path = try Self.scratch("clip.\(container)")
        defer { VideoRoundTripTests.removeScratch(path) }
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 10)
        for index in 0..<10 { try writer.write(Self.frame(index), seconds: Double(index) / 10) }
        try writer.finish()
        let frames = try Self.readAll(VideoFrameSource(path: path, sampleFPS: nil))
        #expect(frames.count == 10)
        for (index, (stamp, image)) in frames.enumerated() {
            #expect(stamp.index == index)
            #expect(abs(stamp.seconds - Double(index) / 10) < 0.002)
            #expect(image.width == 64 && image.height == 48)
            #expect(abs(Int(image[8, 8]) - 230) <= 12)
            #expect(abs(Int(image[50, 40]) - (40 + index * 10)) <= 12)
        }
    }

    @Test func variableFrameRateKeepsTheContainersTimes() throws {
        let path = try Self.scratch("vfr.mkv")
        defer { VideoRoundTripTests.removeScratch(path) }
        let times = [0, 0.01, 0.02, 0.03, 0.5, 1.5, 1.52, 2.9]
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 30)
        for (index, time) in times.enumerated() { try writer.write(Self.frame(index), seconds: time) }
        try writer.finish()
        let all = try Self.readAll(VideoFrameSource(path: path, sampleFPS: nil))
        #expect(all.map { ($0.0.seconds * 100).rounded() / 100 } == times)
        // Sampled at 2 per second: the first frame at or after 0, 0.5, 1.5 and 2.5 s.
        let sampled = try Self.readAll(VideoFrameSource(path: path, sampleFPS: 2))
        #expect(sampled.map { ($0.0.seconds * 100).rounded() / 100 } == [0, 0.5, 1.5, 2.9])
        #expect(sampled.map(\.0.name) == ["0:00", "0:00.5", "0:01.5", "0:02.9"])
    }

    /// A portrait phone video stores its frames turned and a display matrix that turns them back: the
    /// source must read what a player shows, exactly as the ffmpeg tool's own auto-rotation does.
    @Test(arguments: [90, 180, 270])
    func displayRotationTurnsFramesUprightLikeFFmpeg(_ rotation: Int) throws {
        let path = try Self.scratch("turned.mp4")
        defer { VideoRoundTripTests.removeScratch(path) }
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 10, codec: "mpeg4", rotation: rotation)
        try writer.write(Self.frame(0), seconds: 0)
        try writer.finish()
        let frames = try Self.readAll(VideoFrameSource(path: path, sampleFPS: nil))
        let image = try #require(frames.first?.1)
        let turned = rotation != 180
        #expect(image.width == (turned ? 48 : 64) && image.height == (turned ? 64 : 48))
        #expect(try VideoFrameSource(path: path).info().rotation == rotation)
        // The ffmpeg tool's upright picture, as raw gray bytes.
        let raw = path + ".gray"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-y", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", raw]
        try process.run()
        process.waitUntilExit()
        let reference = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        try #require(reference.count == image.count)
        // Compare where the bright block is (ffmpeg scales the range, so compare bright against dark).
        let bright = image.pixels.map { $0 > 150 }
        let referenceBright = reference.map { $0 > 150 }
        let differing = zip(bright, referenceBright).filter { $0 != $1 }.count
        #expect(differing < image.count / 50)
    }

    @Test func grayFrameAtATimeIsReadAgainForThumbnails() throws {
        let path = try Self.scratch("again.mp4")
        defer { VideoRoundTripTests.removeScratch(path) }
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 10)
        for index in 0..<20 { try writer.write(Self.frame(index), seconds: Double(index) / 10) }
        try writer.finish()
        let source = VideoFrameSource(path: path)
        let image = try source.frame(FrameStamp(index: 7, name: "0:01.4", seconds: 1.4))
        #expect(abs(Int(image[50, 40]) - (40 + 14 * 10)) <= 12)
    }
}

/// A decoded frame kept by a test reader.
struct ImageBox: Sendable {
    var image: GrayImage
    init(_ image: GrayImage) { self.image = image }
}
