import CardBotGeometry
import Testing

/// Fitting a homography to point pairs: what it recovers from exact and noisy pairs, and what it refuses.
@Suite("homography estimation")
struct HomographyEstimatorTests {
    /// A perspective view of the table: table millimetres to pixels.
    static let truth = Homography(1.9, 0.35, 640, -0.1, 1.1, 380, 0.00011, 0.0009, 1)

    /// Pairs on a grid of table points, seen through `truth`, the image points moved by up to `noise` pixels.
    static func pairs(noise: Double = 0, seed: UInt64 = 1) -> [HomographyEstimator.Correspondence] {
        var state = seed
        func jitter() -> Double {
            // A fixed linear congruential sequence, uniform in -noise...noise.
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (Double(state >> 11) / Double(1 << 53) * 2 - 1) * noise
        }
        var pairs: [HomographyEstimator.Correspondence] = []
        for x in stride(from: -200.0, through: 200, by: 50) {
            for y in stride(from: -100.0, through: 100, by: 50) {
                let p = truth.apply(x, y)!
                pairs.append(.init(table: SIMD2(x, y), image: SIMD2(p.x + jitter(), p.y + jitter())))
            }
        }
        return pairs
    }

    /// The largest distance, in pixels, between where `h` and `truth` put the table points of `pairs`.
    static func worstError(_ h: Homography, _ pairs: [HomographyEstimator.Correspondence]) throws -> Double {
        try pairs.map { pair in
            let fitted = try #require(h.apply(pair.table.x, pair.table.y))
            let expected = try #require(truth.apply(pair.table.x, pair.table.y))
            return fitted.distance(to: expected)
        }.max()!
    }

    @Test("noiseless pairs give back the map they were made with")
    func exactPairs() throws {
        let pairs = Self.pairs()
        let h = try #require(HomographyEstimator.fit(pairs))
        #expect(try Self.worstError(h, pairs) < 1e-6)
        // Normalised so that the third row has length 1, with w positive at the table points.
        #expect(abs((h.m20 * h.m20 + h.m21 * h.m21 + h.m22 * h.m22).squareRoot() - 1) < 1e-12)
        #expect(h.w(0, 0) > 0)
    }

    @Test("pairs with half a pixel of noise give a map within a fraction of a pixel of the truth", arguments: [1, 2, 3] as [UInt64])
    func noisyPairs(seed: UInt64) throws {
        let pairs = Self.pairs(noise: 0.5, seed: seed)
        let linear = try #require(HomographyEstimator.fit(pairs, refinements: 0))
        let refined = try #require(HomographyEstimator.fit(pairs))
        #expect(try Self.worstError(linear, pairs) < 0.5)
        #expect(try Self.worstError(refined, pairs) < 0.5)
    }

    @Test("four pairs are enough; three, collinear ones, or pairs of weight 0 are not")
    func refusals() throws {
        let square = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)].map { x, y in
            let p = Self.truth.apply(x, y)!
            return HomographyEstimator.Correspondence(table: SIMD2(x, y), image: SIMD2(p.x, p.y))
        }
        let four = try #require(HomographyEstimator.fit(square))
        #expect(try Self.worstError(four, square) < 1e-6)
        #expect(HomographyEstimator.fit(Array(square.prefix(3))) == nil)
        var unweighted = square
        unweighted[2].weight = 0
        #expect(HomographyEstimator.fit(unweighted) == nil)
        let line = (0..<6).map { i in
            HomographyEstimator.Correspondence(table: SIMD2(Double(i), 0), image: SIMD2(Double(i) * 2, 5))
        }
        #expect(HomographyEstimator.fit(line) == nil)
    }

    @Test("a pair of weight 0 does not pull the fit, however wrong it is")
    func zeroWeight() throws {
        var pairs = Self.pairs()
        pairs[7].image += SIMD2(400, -300)
        pairs[7].weight = 0
        let h = try #require(HomographyEstimator.fit(pairs))
        #expect(try Self.worstError(h, pairs) < 1e-6)
    }
}
