import Foundation
import Testing

@testable import CardBotVision

/// The detector's noise estimate measures the sensor's noise on light paper, and not the ramps of a smear.
@Suite("Noise estimate")
struct NoiseEstimateTests {
    /// A `width` x `height` frame of `level(x, y)` plus Gaussian noise of `sigma` (seeded, Box-Muller).
    static func frame(
        width: Int, height: Int, sigma: Double, seed: UInt64 = 11, level: (Int, Int) -> Double
    )
        -> [UInt8]
    {
        var state = seed
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) + 0.5) / Double(1 << 53)
        }
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let gauss = (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
                pixels[y * width + x] = UInt8(max(0, min(255, (level(x, y) + sigma * gauss).rounded())))
            }
        }
        return pixels
    }

    static func estimate(_ pixels: [UInt8], width: Int, height: Int) -> Double {
        pixels.withUnsafeBufferPointer { NoiseEstimate.sigma($0.baseAddress!, width: width, height: height) }
    }

    /// The median absolute difference of light pixels three apart, over 0.954: what the estimate measured before it
    /// left slopes out (on every row, for a test's small frame).
    static func plainMedian(_ pixels: [UInt8], width: Int, height: Int) -> Double {
        let sorted = pixels.sorted()
        let floor = Int(sorted[sorted.count * 9 / 10])
        var differences: [Int] = []
        for y in 0..<height {
            for x in stride(from: 0, to: width - 3, by: 2) {
                let a = Int(pixels[y * width + x]), b = Int(pixels[y * width + x + 3])
                if min(a, b) >= floor { differences.append(abs(a - b)) }
            }
        }
        return Double(differences.sorted()[differences.count / 2]) / 0.954
    }

    @Test("the noise of a frame of cards on a table is measured within a tenth", arguments: [2.0, 4.0, 8.0])
    func cardsOnTable(_ sigma: Double) {
        // Cards' paper 16 px wide in every 160 px of a darker table.
        let pixels = Self.frame(width: 640, height: 480, sigma: sigma) { x, _ in x % 160 < 16 ? 210 : 80 }
        let estimate = Self.estimate(pixels, width: 640, height: 480)
        #expect(abs(estimate - sigma) <= 0.1 * sigma, "estimated \(estimate) for \(sigma)")
    }

    /// Paper 10 px wide between ramps of 14 px each side down to a table (every 240 px), as cards that a moving
    /// camera smeared sideways: most of the light pixels lie on the ramps.
    @Test("smeared paper's ramps are not taken for noise")
    func smearedPaper() {
        let sigma = 3.0
        let pixels = Self.frame(width: 640, height: 480, sigma: sigma) { x, _ in
            let phase = x % 240
            if phase < 10 { return 220 }
            if phase < 24 { return 220 - Double(phase - 9) * 10 }
            if phase >= 226 { return 70 + Double(phase - 225) * 10 }
            return 70
        }
        let plain = Self.plainMedian(pixels, width: 640, height: 480)
        let estimate = Self.estimate(pixels, width: 640, height: 480)
        #expect(plain > 3 * sigma, "the ramps' median is \(plain): the frame does not test slopes")
        #expect(abs(estimate - sigma) <= 0.25 * sigma, "estimated \(estimate) for \(sigma) (plain median \(plain))")
    }

    @Test("a flat frame and a single pixel have no noise")
    func flatAndSingle() {
        #expect(Self.estimate([UInt8](repeating: 200, count: 64 * 48), width: 64, height: 48) < 0.5)
        #expect(Self.estimate([200], width: 1, height: 1) == 0)
    }
}
