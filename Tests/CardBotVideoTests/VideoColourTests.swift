import CardBotImaging
import Foundation
import Testing
@testable import CardBotVideo

/// Pictures a person looks at (replays, thumbnails) get a video's frames in colour, turned upright as a player
/// shows them, while detection reads the same luma as before.
@Suite struct VideoColourTests {
    /// A frame with a red top-left quarter on a blue ground.
    static let frame: RGBImage = {
        var image = RGBImage(width: 64, height: 48, fill: RGB(30, 60, 200))
        for y in 0..<24 {
            for x in 0..<32 {
                let at = (y * 64 + x) * 3
                image.pixels[at] = 220
                image.pixels[at + 1] = 30
                image.pixels[at + 2] = 30
            }
        }
        return image
    }()

    /// The ffmpeg tool's upright picture of `path`, as RGB bytes.
    static func reference(_ path: String) throws -> [UInt8] {
        let raw = path + ".rgb"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-y", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", raw]
        try process.run()
        process.waitUntilExit()
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
    }

    /// Whether each pixel is mostly red (else mostly blue).
    static func redness(_ pixels: [UInt8]) -> [Bool] {
        stride(from: 0, to: pixels.count, by: 3).map { pixels[$0] > pixels[$0 + 2] }
    }

    @Test("a frame read again in colour is the picture a player shows, at every turn of a phone", arguments: [0, 90, 180, 270])
    func colourFrameIsUpright(_ rotation: Int) throws {
        let path = try VideoRoundTripTests.scratch("colour.mp4")
        defer { VideoRoundTripTests.removeScratch(path) }
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 10, codec: "mpeg4", rotation: rotation)
        for index in 0..<5 { try writer.write(Self.frame, seconds: Double(index) / 10) }
        try writer.finish()
        let source = VideoFrameSource(path: path, sampleFPS: nil)
        let image = try source.colourFrame(FrameStamp(index: 2, name: "0:00.2", seconds: 0.2))
        let turned = rotation == 90 || rotation == 270
        #expect(image.width == (turned ? 48 : 64) && image.height == (turned ? 64 : 48))
        let reference = try Self.reference(path)
        try #require(reference.count == image.pixels.count)
        let differing = zip(Self.redness(image.pixels), Self.redness(reference)).filter { $0 != $1 }.count
        #expect(differing < image.width * image.height / 50, "\(differing) pixels differ in hue")
        // The red quarter is red and the ground blue, not gray.
        let red = Self.redness(image.pixels).filter { $0 }.count
        #expect(abs(red - 32 * 24) < 32 * 24 / 10)
    }

    @Test("reading in colour hands each reader the same luma as a plain read, and its colour")
    func readInColourKeepsTheLuma() throws {
        let path = try VideoRoundTripTests.scratch("both.mp4")
        defer { VideoRoundTripTests.removeScratch(path) }
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 10)
        for index in 0..<8 { try writer.write(Self.frame, seconds: Double(index) / 10) }
        try writer.finish()
        let source = VideoFrameSource(path: path, sampleFPS: nil)
        let gray = try VideoRoundTripTests.readAll(source)
        var both: [(GrayImage, RGBImage)] = []
        try source.readInColour(jobs: 2, makeReader: { { image, colour, _ in Pair(gray: image, colour: colour) } }) { frame in
            if case .success(let pair) = frame.outcome { both.append((pair.gray, pair.colour)) }
            return true
        }
        #expect(both.count == 8)
        #expect(both.map(\.0) == gray.map(\.1))
        for (luma, colour) in both {
            #expect(colour.width == luma.width && colour.height == luma.height)
            let redTopLeft = colour.pixels[(10 * 64 + 10) * 3]
            let blueBottomRight = colour.pixels[(40 * 64 + 50) * 3 + 2]
            #expect(redTopLeft > 150 && blueBottomRight > 150)
        }
    }
}

/// A frame's luma and colour, as one reading.
private struct Pair: Sendable {
    var gray: GrayImage
    var colour: RGBImage
}
