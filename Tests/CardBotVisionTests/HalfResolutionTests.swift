import Testing

@testable import CardBotVision

/// The half-resolution copy made from the thresholding's cell sums, against the mean and blur computed directly.
@Suite("Half-resolution copy")
struct HalfResolutionTests {
    @Test("each pixel is the rounded mean of its 2x2 block, box-blurred 3x3 with edges repeated", arguments: [
        (64, 48), (65, 49), (130, 71),
    ])
    func matchesDirectComputation(width: Int, height: Int) {
        let pixels = CellThresholdsTests.frame(width: width, height: height, seed: UInt64(width * height))
        let components = DarkComponents()
        let half = HalfResolution()
        pixels.withUnsafeBufferPointer { frame in
            components.label(frame.baseAddress!, width: width, height: height, window: 15, offset: 6, share: 0)
        }
        half.make(fromCellSums: components.cellSums, width: width, height: height)
        let w = width / 2, h = height / 2
        #expect(half.width == w && half.height == h)
        var mean = [Int](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let sum = [(0, 0), (1, 0), (0, 1), (1, 1)].reduce(0) {
                    $0 + Int(pixels[(2 * y + $1.1) * width + 2 * x + $1.0])
                }
                mean[y * w + x] = (sum + 2) / 4
            }
        }
        var mismatches = 0
        for y in 0..<h {
            for x in 0..<w {
                var total = 0
                for dy in -1...1 {
                    for dx in -1...1 {
                        total += mean[min(h - 1, max(0, y + dy)) * w + min(w - 1, max(0, x + dx))]
                    }
                }
                // The copy divides by 9 as (total * 7282 + 32768) >> 16, which is the nearest whole level.
                let expected = Int((Double(total) / 9).rounded())
                if Int(half.pixels[y * w + x]) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
