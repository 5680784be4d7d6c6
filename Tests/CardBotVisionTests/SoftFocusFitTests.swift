import CardBotGeometry
import CardBotImaging
import Foundation
@testable import CardBotVision
import Testing

/// How well a code's blurred picture fits a marker's pixels, on drawn markers.
@Suite("Soft-focus fit of a card's picture")
struct SoftFocusFitTests {
    /// A frame on white paper (225) with a square pattern of `across` x `across` modules of
    /// `module` px from (`origin`, `origin`), black (30) where `isBlack(row, column)`, drawn with 4x4 samples a pixel
    /// and blurred by a Gaussian of `sigma` px; and the pattern's outer corners.
    static func frame(
        across: Int, module: Double, sigma: Double, isBlack: (Int, Int) -> Bool, origin: Double = 12
    ) -> (GrayImage, [ImagePoint]) {
        let extent = Double(across) * module
        let size = Int((extent + 2 * origin).rounded(.up))
        var values = [Double](repeating: 225, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                values[y * size + x] = DetectorTestSupport.pixelMean(x: x, y: y) { sampleX, sampleY in
                    let u = (sampleX - 0.5 - origin) / module, v = (sampleY - 0.5 - origin) / module
                    let inside = u >= 0 && v >= 0 && u < Double(across) && v < Double(across)
                    return inside && isBlack(Int(v), Int(u)) ? 30 : 225
                }
            }
        }
        if sigma > 0 { values = blurred(values, size: size, sigma: sigma) }
        let image = GrayImage(width: size, height: size, pixels: values.map { UInt8(max(0, min(255, $0.rounded()))) })
        let low = origin - 0.5, high = origin - 0.5 + extent
        let corners = [
            ImagePoint(x: low, y: low), ImagePoint(x: high, y: low), ImagePoint(x: high, y: high),
            ImagePoint(x: low, y: high),
        ]
        return (image, corners)
    }

    /// `values` blurred by a separable Gaussian of `sigma` px, the edges repeated.
    static func blurred(_ values: [Double], size: Int, sigma: Double) -> [Double] {
        let reach = Int((3 * sigma).rounded(.up))
        var kernel = (-reach...reach).map { d in exp(-Double(d * d) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var rows = values, out = values
        for y in 0..<size {
            for x in 0..<size {
                var acc = 0.0
                for d in -reach...reach { acc += kernel[d + reach] * values[y * size + min(size - 1, max(0, x + d))] }
                rows[y * size + x] = acc
            }
        }
        for y in 0..<size {
            for x in 0..<size {
                var acc = 0.0
                for d in -reach...reach { acc += kernel[d + reach] * rows[min(size - 1, max(0, y + d)) * size + x] }
                out[y * size + x] = acc
            }
        }
        return out
    }

    /// A marker of the default deck's card `card`: the black ring and its code's cells.
    static func marker(card: Int, module: Double, sigma: Double) -> (GrayImage, [ImagePoint], UInt64) {
        let code = DeckTestSupport.defaultDeck.cards[card].code!
        let (image, corners) = frame(across: 6, module: module, sigma: sigma) { row, column in
            row == 0 || column == 0 || row == 5 || column == 5 || !code.isWhite(row: row - 1, column: column - 1)
        }
        return (image, corners, code.bits)
    }

    /// The best correlation of `code`'s picture with the pattern at `corners` in `image`.
    static func correlation(_ code: UInt64, image: GrayImage, corners: [ImagePoint]) throws -> Double {
        let homography = try #require(Homography(unitSquareOnto: corners[0], corners[1], corners[2], corners[3]))
        var fit = SoftFocusFit(gridSize: 4)
        return image.pixels.withUnsafeBufferPointer { pixels in
            let sampler = GraySampler(pixels: pixels.baseAddress!, width: image.width, height: image.height)
            return fit.correlation(of: code, homography: homography, sampler: sampler)
        }
    }

    @Test("a sharp card fits its own picture almost perfectly, and another card's clearly worse")
    func sharpCard() throws {
        let (image, corners, code) = Self.marker(card: 16, module: 10, sigma: 0)
        let own = try Self.correlation(code, image: image, corners: corners)
        #expect(own > 0.98, "\(own)")
        let otherCode = DeckTestSupport.defaultDeck.cards[17].code!.bits
        let other = try Self.correlation(otherCode, image: image, corners: corners)
        #expect(other < 0.9, "\(other)")
    }

    @Test(
        "a small card in soft focus still fits its picture above the detector's limit",
        arguments: [(16, 3.0, 1.0), (17, 3.0, 1.5), (2, 2.7, 1.2), (10, 4.0, 1.5)])
    func softCard(card: Int, module: Double, sigma: Double) throws {
        let (image, corners, code) = Self.marker(card: card, module: module, sigma: sigma)
        let own = try Self.correlation(code, image: image, corners: corners)
        #expect(own >= MarkerDetector.leastPictureCorrelation + 0.05, "\(own)")
    }
}
