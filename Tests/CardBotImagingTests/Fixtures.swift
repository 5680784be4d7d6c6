import Foundation

/// Paths of the committed test images and scratch files.
enum Fixtures {
    /// The folder holding the PNG fixtures written by `Fixtures/make_fixtures.py`.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The path of fixture `name`.
    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The fixtures' size.
    static let width = 13
    static let height = 11

    // The formulas make_fixtures.py used.
    static func gray8(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * 19 + y * 23) & 255) }
    static func rgb8(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8((x * 19) & 255), UInt8((y * 23) & 255), UInt8((x * y * 7) & 255))
    }
    static func opaque(_ x: Int, _ y: Int) -> Bool { (x + y) % 3 != 0 }
    static func level(_ x: Int, _ y: Int, bits: Int) -> UInt8 {
        let levels = 1 << bits
        return UInt8(((x + y) % levels) * 255 / (levels - 1))
    }
    static func paletteColor(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let index = (x + 2 * y) % 16
        return (UInt8((index * 16) & 255), UInt8((255 - index * 13) & 255), UInt8((index * 41) & 255))
    }

    /// A fresh scratch folder.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-imaging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A camera-like test picture: smooth gradients plus a few hard edges, so JPEG has real work to do.
    static func scene(width: Int, height: Int) -> RGBPixels {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 3
                let inSquare = (x / 16 + y / 16) % 5 == 0
                let base = Double(x) / Double(max(width - 1, 1)) * 180 + Double(y) / Double(max(height - 1, 1)) * 60
                pixels[index] = UInt8(inSquare ? 20 : min(255, base + 10))
                pixels[index + 1] = UInt8(inSquare ? 30 : min(255, base * 0.8 + 30))
                pixels[index + 2] = UInt8(inSquare ? 25 : min(255, 240 - base * 0.5))
            }
        }
        return RGBPixels(width: width, height: height, pixels: pixels)
    }

    /// Raw RGB pixels (kept free of the module's types so both RGB and gray images can be made from them).
    struct RGBPixels {
        var width: Int
        var height: Int
        var pixels: [UInt8]
    }
}
