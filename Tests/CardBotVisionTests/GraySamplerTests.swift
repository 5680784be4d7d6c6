import Testing

@testable import CardBotVision

/// Bilinear reads at sub-pixel positions, clamped and unclamped.
@Suite("Gray sampler")
struct GraySamplerTests {
    /// A 7x5 frame whose pixel (x, y) is 30x + 7y + (x * y) % 5: no two neighbours alike, no plane to hide an error.
    static let width = 7, height = 5
    static let pixels: [UInt8] = (0..<(width * height)).map { i in
        let x = i % width, y = i / width
        return UInt8(30 * x + 7 * y + (x * y) % 5)
    }

    @Test("a pixel centre reads its pixel, a point between four reads their bilinear mix")
    func readsPixelsAndMixes() {
        Self.pixels.withUnsafeBufferPointer { buffer in
            let sampler = GraySampler(pixels: buffer.baseAddress!, width: Self.width, height: Self.height)
            func pixel(_ x: Int, _ y: Int) -> Double { Double(Self.pixels[y * Self.width + x]) }
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    #expect(sampler.value(Double(x), Double(y)) == pixel(x, y))
                    #expect(sampler.valueInside(Double(x), Double(y)) == pixel(x, y))
                }
            }
            // (2.25, 1.5): a quarter of the way from column 2 to 3, half from row 1 to 2.
            let top = pixel(2, 1) + 0.25 * (pixel(3, 1) - pixel(2, 1))
            let bottom = pixel(2, 2) + 0.25 * (pixel(3, 2) - pixel(2, 2))
            #expect(abs(sampler.valueInside(2.25, 1.5) - (top + 0.5 * (bottom - top))) < 1e-12)
        }
    }

    @Test("inside the frame, the unclamped read equals the clamped one, on the last column and row too")
    func unclampedMatchesClampedInside() {
        Self.pixels.withUnsafeBufferPointer { buffer in
            let sampler = GraySampler(pixels: buffer.baseAddress!, width: Self.width, height: Self.height)
            var checked = 0
            var y = 0.0
            while y <= Double(Self.height - 1) {
                var x = 0.0
                while x <= Double(Self.width - 1) {
                    #expect(sampler.valueInside(x, y) == sampler.value(x, y), "at (\(x), \(y))")
                    checked += 1
                    x += 0.125
                }
                y += 0.125
            }
            #expect(checked == 49 * 33)
        }
    }

    @Test("outside the frame, the clamped read takes the nearest edge")
    func clampsOutside() {
        Self.pixels.withUnsafeBufferPointer { buffer in
            let sampler = GraySampler(pixels: buffer.baseAddress!, width: Self.width, height: Self.height)
            #expect(sampler.value(-3, -2) == Double(Self.pixels[0]))
            #expect(sampler.value(40, 2) == sampler.value(Double(Self.width - 1), 2))
            #expect(sampler.value(1.5, 99) == sampler.value(1.5, Double(Self.height - 1)))
            #expect(!sampler.contains(-0.01, 2, margin: 0) && sampler.contains(0, 2, margin: 0))
        }
    }
}
