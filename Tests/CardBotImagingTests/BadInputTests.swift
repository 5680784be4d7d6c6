import CardBotImaging
import Foundation
import Testing

/// Every kind of bad input gives a typed error naming the file and the reason.
@Suite("Bad image input")
struct BadInputTests {
    static func write(_ bytes: [UInt8], named name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try FileBytes.writeAtomically(bytes, to: path)
        return path
    }

    static func readError(_ path: String, limits: ImageLimits = .default) -> ImageError? {
        var reader = ImageReader(limits: limits)
        do {
            _ = try reader.readGray(path)
            return nil
        } catch let error as ImageError {
            return error
        } catch {
            return nil
        }
    }

    static let jpeg: [UInt8] = {
        let scene = Fixtures.scene(width: 64, height: 48)
        return try! JPEGCodec.encode(RGBImage(width: 64, height: 48, pixels: scene.pixels), quality: 90)
    }()

    @Test("a missing path")
    func missing() {
        let error = Self.readError("/nonexistent/cardbot/frame.jpg")
        #expect(error?.kind == .notFound)
        #expect(error?.file == "/nonexistent/cardbot/frame.jpg")
        #expect(error?.description.contains("no such file") == true)
    }

    @Test("a directory")
    func directory() throws {
        let folder = try Fixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.readError(folder.path)?.kind == .isDirectory)
    }

    @Test("an empty file")
    func empty() throws {
        let folder = try Fixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write([], named: "empty.png", in: folder)
        let error = Self.readError(path)
        #expect(error?.kind == .empty)
        #expect(error?.file == path)
    }

    @Test("a text file named .jpg")
    func textFile() throws {
        let folder = try Fixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(Array("these are not pixels\n".utf8), named: "notes.jpg", in: folder)
        let error = Self.readError(path)
        #expect(error?.kind == .unknownFormat)
        #expect(error?.description.contains("not a PNG or JPEG") == true)
    }

    @Test("a JPEG truncated anywhere after its header is an error, never a grey-filled frame",
          arguments: [0.3, 0.6, 0.9, 0.98])
    func truncatedJPEG(fraction: Double) throws {
        let folder = try Fixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cut = Array(Self.jpeg.prefix(Int(Double(Self.jpeg.count) * fraction)))
        let path = try Self.write(cut, named: "cut.jpg", in: folder)
        let error = Self.readError(path)
        #expect(error?.kind == .truncated)
        #expect(error?.description.contains("truncated") == true)
    }

    @Test("a JPEG cut inside its header is corrupt")
    func truncatedHeader() throws {
        let folder = try Fixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(Array(Self.jpeg.prefix(40)), named: "head.jpg", in: folder)
        let kind = Self.readError(path)?.kind
        #expect(kind == .truncated || kind == .corrupt)
    }

    @Test("a PNG truncated in its image data", arguments: [0.5, 0.8])
    func truncatedPNG(fraction: Double) throws {
        let folder = try Fixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = Fixtures.scene(width: 64, height: 48)
        let png = try PNGCodec.encode(RGBImage(width: 64, height: 48, pixels: scene.pixels))
        let path = try Self.write(Array(png.prefix(Int(Double(png.count) * fraction))), named: "cut.png", in: folder)
        let kind = Self.readError(path)?.kind
        #expect(kind == .truncated || kind == .corrupt)
    }

    @Test("a JPEG with scrambled entropy data fails or warns, and never crashes")
    func corruptJPEG() throws {
        var bytes = Self.jpeg
        for index in stride(from: bytes.count / 2, to: bytes.count - 4, by: 7) { bytes[index] = 0xFF }
        do {
            let (_, report) = try bytes.withUnsafeBytes { try JPEGCodec.decodeGray($0) }
            #expect(!report.warnings.isEmpty)
        } catch let error as ImageError {
            #expect(error.kind == .corrupt || error.kind == .truncated)
        }
    }

    @Test("a PNG whose header claims 10 gigapixels is refused before any allocation")
    func hugePNG() {
        let error = Self.readError(Fixtures.path("huge-header.png"))
        #expect(error?.kind == .tooLarge)
        #expect(error?.description.contains("100000x100000") == true)
    }

    @Test("a JPEG whose header claims 65000x65000 is refused before any allocation")
    func hugeJPEG() throws {
        var bytes = Self.jpeg
        // Patch the SOF0 frame header's height and width (bytes 5...8 after the marker).
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 5] = 0xFD; bytes[sof + 6] = 0xE8
        bytes[sof + 7] = 0xFD; bytes[sof + 8] = 0xE8
        let folder = try Fixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(bytes, named: "huge.jpg", in: folder)
        let error = Self.readError(path)
        #expect(error?.kind == .tooLarge)
        #expect(error?.description.contains("65000x65000") == true)
    }

    @Test("the pixel limit is configurable")
    func configurableLimit() {
        let error = Self.readError(Fixtures.path("gray8.png"), limits: ImageLimits(maxPixels: 100))
        #expect(error?.kind == .tooLarge)
        #expect(Self.readError(Fixtures.path("gray8.png"), limits: ImageLimits(maxPixels: 143)) == nil)
    }

    @Test("writing to a name without an image extension says how to choose the format")
    func writeExtension() {
        #expect(throws: ImageError.self) { try ImageWriter.write(GrayImage(width: 2, height: 2), to: "/tmp/frame.bmp") }
    }

    @Test("a time no clock can show (NaN, infinite, 1e300 s, from a damaged gradebook) is shown, never a trap")
    func clockOfHostileTimes() {
        #expect(FrameStamp.clock(1e300) == "\u{221E}")
        #expect(FrameStamp.clock(.infinity) == "\u{221E}")
        #expect(FrameStamp.clock(.nan) == "?")
        #expect(FrameStamp.clock(62.5) == "1:02.5")
        #expect(FrameStamp.clock(-3) == "0:00")
    }
}
