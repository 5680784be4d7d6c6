import CardBotImaging
import Foundation
import Testing

/// Writing then reading gives back the image: exactly for PNG, within a PSNR bound for JPEG.
@Suite("Encode and decode round trips")
struct RoundTripTests {
    static func rgbScene(width: Int = 96, height: Int = 64) -> RGBImage {
        let scene = Fixtures.scene(width: width, height: height)
        return RGBImage(width: scene.width, height: scene.height, pixels: scene.pixels)
    }

    /// Peak signal-to-noise ratio in dB between two equally sized byte buffers.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        var sum = 0.0
        for index in 0..<a.count {
            let difference = Double(a[index]) - Double(b[index])
            sum += difference * difference
        }
        let mse = sum / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    @Test("PNG gray and RGB are pixel-exact through a file")
    func pngExact() throws {
        let folder = try Fixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let colour = Self.rgbScene()
        let gray = colour.luminance
        try ImageWriter.write(colour, to: folder.appendingPathComponent("c.png").path)
        try ImageWriter.write(gray, to: folder.appendingPathComponent("g.png").path)
        var reader = ImageReader()
        #expect(try reader.readRGB(folder.appendingPathComponent("c.png").path) == colour)
        #expect(try reader.readGray(folder.appendingPathComponent("g.png").path) == gray)
    }

    @Test("JPEG at quality 90 keeps PSNR above 35 dB, baseline and progressive", arguments: [false, true])
    func jpegQuality(progressive: Bool) throws {
        let colour = Self.rgbScene()
        let bytes = try JPEGCodec.encode(colour, quality: 90, progressive: progressive)
        let decoded = try bytes.withUnsafeBytes { try JPEGCodec.decodeRGB($0) }
        #expect(decoded.1.progressive == progressive)
        #expect(decoded.1.warnings.isEmpty)
        #expect(decoded.0.width == colour.width && decoded.0.height == colour.height)
        #expect(Self.psnr(decoded.0.pixels, colour.pixels) > 35)
    }

    @Test("lower JPEG quality gives smaller files and lower fidelity")
    func qualityMatters() throws {
        let gray = Self.rgbScene().luminance
        let high = try JPEGCodec.encode(gray, quality: 95)
        let low = try JPEGCodec.encode(gray, quality: 20)
        #expect(low.count < high.count)
        let highBack = try ImageReader.decodeGray(high)
        let lowBack = try ImageReader.decodeGray(low)
        #expect(Self.psnr(highBack.pixels, gray.pixels) > Self.psnr(lowBack.pixels, gray.pixels))
    }

    @Test("a grayscale JPEG decodes to the same gray, PSNR above 38 dB")
    func grayscaleJPEG() throws {
        let gray = Self.rgbScene().luminance
        let bytes = try JPEGCodec.encode(gray, quality: 92)
        let back = try ImageReader.decodeGray(bytes)
        #expect(Self.psnr(back.pixels, gray.pixels) > 38)
        let asColour = try ImageReader.decodeRGB(bytes)
        #expect(asColour.luminance.pixels.count == gray.count)
    }

    @Test("decoding a colour JPEG straight to gray matches the luminance of its RGB decode")
    func directGrayMatchesLuminance() throws {
        let bytes = try JPEGCodec.encode(Self.rgbScene(), quality: 90)
        let gray = try ImageReader.decodeGray(bytes)
        let viaRGB = try ImageReader.decodeRGB(bytes).luminance
        var worst = 0
        for index in 0..<gray.count { worst = max(worst, abs(Int(gray.pixels[index]) - Int(viaRGB.pixels[index]))) }
        #expect(worst <= 3)
    }

    @Test("the decoder is chosen by magic bytes, not by the file name")
    func magicNotName() throws {
        let folder = try Fixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gray = Self.rgbScene().luminance
        let pngNamedJPG = folder.appendingPathComponent("really-a-png.jpg").path
        try FileBytes.writeAtomically(try PNGCodec.encode(gray), to: pngNamedJPG)
        var reader = ImageReader()
        #expect(try reader.readGray(pngNamedJPG) == gray)
        let jpegNamedPNG = folder.appendingPathComponent("really-a-jpeg.png").path
        try FileBytes.writeAtomically(try JPEGCodec.encode(gray, quality: 95), to: jpegNamedPNG)
        #expect(Self.psnr(try reader.readGray(jpegNamedPNG).pixels, gray.pixels) > 38)
    }

    @Test("one reader decodes frames of different sizes into one reused image")
    func reuse() throws {
        let small = try JPEGCodec.encode(Self.rgbScene(width: 32, height: 16).luminance, quality: 90)
        let large = try JPEGCodec.encode(Self.rgbScene(width: 80, height: 48).luminance, quality: 90)
        var image = GrayImage(width: 0, height: 0)
        try large.withUnsafeBytes { _ = try ImageReader.decodeGray($0, into: &image) }
        #expect(image.width == 80 && image.height == 48 && image.pixels.count == 80 * 48)
        try small.withUnsafeBytes { _ = try ImageReader.decodeGray($0, into: &image) }
        #expect(image.width == 32 && image.height == 16 && image.pixels.count == 32 * 16)
        #expect(image == (try ImageReader.decodeGray(small)))
    }
}
