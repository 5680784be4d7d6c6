import CardBotImaging
import Testing

/// Every PNG colour type and bit depth decodes to the values its writer put there.
@Suite("PNG decoding")
struct PNGDecodeTests {
    @Test("8-bit and 16-bit gray, plain and interlaced, decode exactly", arguments: ["gray8.png", "gray16.png", "gray8-interlaced.png"])
    func gray(name: String) throws {
        var reader = ImageReader()
        let image = try reader.readGray(Fixtures.path(name))
        #expect(image.width == Fixtures.width && image.height == Fixtures.height)
        var mismatches = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] != Fixtures.gray8(x, y) { mismatches += 1 } }
        #expect(mismatches == 0)
    }

    @Test("1, 2 and 4-bit gray expand to the full 0...255 range", arguments: [1, 2, 4])
    func lowBitDepth(bits: Int) throws {
        var reader = ImageReader()
        let image = try reader.readGray(Fixtures.path("gray\(bits).png"))
        var mismatches = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] != Fixtures.level(x, y, bits: bits) { mismatches += 1 } }
        #expect(mismatches == 0)
    }

    @Test("RGB and RGBA, 8 and 16-bit and interlaced, decode to exact RGB; transparency becomes white",
          arguments: ["rgb8.png", "rgb16.png", "rgb8-interlaced.png", "rgba8.png", "rgba16.png"])
    func rgb(name: String) throws {
        var reader = ImageReader()
        let image = try reader.readRGB(Fixtures.path(name))
        let hasAlpha = name.hasPrefix("rgba")
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (r, g, b) = Fixtures.rgb8(x, y)
                let expected = hasAlpha && !Fixtures.opaque(x, y) ? RGB(255, 255, 255) : RGB(r, g, b)
                if image[x, y] != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("gray with alpha composites onto white", arguments: ["grayalpha8.png", "grayalpha16.png"])
    func grayAlpha(name: String) throws {
        var reader = ImageReader()
        let image = try reader.readGray(Fixtures.path(name))
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let expected = Fixtures.opaque(x, y) ? Fixtures.gray8(x, y) : 255
                if image[x, y] != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("palette images, 8 and 4-bit and interlaced, decode to their palette colours",
          arguments: ["palette8.png", "palette4.png", "palette4-interlaced.png"])
    func palette(name: String) throws {
        var reader = ImageReader()
        let image = try reader.readRGB(Fixtures.path(name))
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (r, g, b) = Fixtures.paletteColor(x, y)
                if image[x, y] != RGB(r, g, b) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("a colour PNG read as gray gives the luminance of its colours")
    func colourToGray() throws {
        var reader = ImageReader()
        let gray = try reader.readGray(Fixtures.path("rgb8.png"))
        let colour = try reader.readRGB(Fixtures.path("rgb8.png"))
        // BT.601 luma, the same as JPEG's, so a frame reads the same whether saved as PNG or JPEG.
        #expect(gray == colour.luminance)
        let (r, g, b) = Fixtures.rgb8(5, 7)
        let expected = (19595 * Int(r) + 38470 * Int(g) + 7471 * Int(b) + 32768) >> 16
        #expect(Int(gray[5, 7]) == expected)
        #expect(Set(gray.pixels).count > 50)
    }
}
