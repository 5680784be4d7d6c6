import Foundation
import Testing

@testable import CardBotVision

/// The fit of a box-blurred staircase to a profile across a marker's side, against least squares solved directly.
@Suite("Staircase fit")
struct StaircaseFitTests {
    /// The design row at `x` for a box `width` wide whose outer edge lies `shift` in: the share of the box over
    /// each of the five levels' stretches, from the intervals themselves.
    static func row(x: Double, width: Double, shift: Double) -> [Double] {
        let edges = [-Double.infinity, shift - 1, shift, shift + 1, shift + 2, Double.infinity]
        let lo = x - width / 2, hi = x + width / 2
        return (0..<5).map { level in max(0, min(hi, edges[level + 1]) - max(lo, edges[level])) / width }
    }

    /// `|p|^2 - l . A^T p` with `(A^T A + 1e-6 I) l = A^T p` solved by Gaussian elimination, the levels `l`, and
    /// which levels have weight (a diagonal entry of A^T A over 1e-3).
    static func reference(_ profile: [Double], width: Double, shift: Double)
        -> (residual: Double, levels: [Double], weighted: [Bool])
    {
        let rows = MotionBlurEstimate.positions.map { row(x: $0, width: width, shift: shift) }
        var system = [[Double]](repeating: [Double](repeating: 0, count: 6), count: 5)
        for (r, value) in zip(rows, profile) {
            for j in 0..<5 {
                for k in 0..<5 { system[j][k] += r[j] * r[k] }
                system[j][5] += r[j] * value
            }
        }
        let weighted = (0..<5).map { system[$0][$0] > 1e-3 }
        for j in 0..<5 { system[j][j] += 1e-6 }
        let atb = system.map { $0[5] }
        for column in 0..<5 {
            let pivot = (column..<5).max { abs(system[$0][column]) < abs(system[$1][column]) }!
            system.swapAt(column, pivot)
            for other in 0..<5 where other != column {
                let factor = system[other][column] / system[column][column]
                for k in column..<6 { system[other][k] -= factor * system[column][k] }
            }
        }
        let levels = (0..<5).map { system[$0][5] / system[$0][$0] }
        let squares = profile.reduce(0) { $0 + $1 * $1 }
        return (squares - zip(levels, atb).reduce(0) { $0 + $1.0 * $1.1 }, levels, weighted)
    }

    /// The profile of a staircase of `levels` blurred by a box `width` wide, shifted `shift` in, plus seeded noise.
    static func profile(levels: [Double], width: Double, shift: Double, noise: Double, seed: UInt64) -> [Double] {
        var state = seed
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) - 0.5
        }
        return MotionBlurEstimate.positions.map { x in
            zip(row(x: x, width: width, shift: shift), levels).reduce(0) { $0 + $1.0 * $1.1 } + noise * uniform()
        }
    }

    static func residual(_ fit: StaircaseFit, _ profile: [Double], minimumStep: Double = 12) -> Double? {
        profile.withUnsafeBufferPointer { fit.residual($0, squares: StaircaseFit.squares(of: $0), minimumStep: minimumStep) }
    }

    @Test(
        "the residual is least squares' for every width and shift, and nil just where the levels are no print's",
        arguments: [(0.25, 0.0), (0.75, -0.5), (1.5, 0.25), (2.25, 0.625), (3.5, -0.75)])
    func matchesLeastSquares(width: Double, shift: Double) {
        let fit = StaircaseFit(width: width, shift: shift)
        var fitted = 0
        for seed in UInt64(1)...12 {
            // A noisy profile of a staircase of this width, shifted a little: the fit's own or near it.
            let profile = Self.profile(
                levels: [120, 225, 25, 200, 110], width: width, shift: shift + 0.1, noise: 30, seed: seed)
            let expected = Self.reference(profile, width: width, shift: shift)
            let l = expected.levels
            let printable = (0..<5).allSatisfy { !expected.weighted[$0] || (-30...285).contains(l[$0]) }
                && l[1] - l[2] >= 12
            guard let got = Self.residual(fit, profile) else {
                #expect(!printable, "width \(width), shift \(shift), seed \(seed): levels \(l) refused")
                continue
            }
            fitted += 1
            #expect(printable, "width \(width), shift \(shift), seed \(seed): levels \(l) accepted")
            #expect(
                abs(got - max(0, expected.residual)) <= 1e-6 * max(1, expected.residual),
                "width \(width), shift \(shift), seed \(seed): \(got) against \(expected.residual)")
        }
        #expect(fitted >= 6, "only \(fitted) of 12 profiles fitted")
    }

    @Test("a blurred staircase is fitted exactly at its own width and shift, and worse at others")
    func recoversTheStaircase() throws {
        let levels = [140.0, 230, 30, 210, 90]
        let profile = Self.profile(levels: levels, width: 1.5, shift: 0.25, noise: 0, seed: 1)
        let own = try #require(Self.residual(StaircaseFit(width: 1.5, shift: 0.25), profile))
        // What is left is the regularisation's share, 1e-6 of the levels' squares (0.13 here).
        #expect(own < 0.2)
        for (width, shift) in [(0.75, 0.25), (2.5, 0.25), (1.5, -0.25), (1.5, 0.75)] {
            let other = Self.residual(StaircaseFit(width: width, shift: shift), profile) ?? .infinity
            #expect(other > 100, "width \(width), shift \(shift): \(other)")
        }
    }

    @Test("levels no print has, or a margin no lighter than the ring, fit nothing")
    func rejectsImpossibleLevels() {
        let fit = StaircaseFit(width: 1.0, shift: 0)
        // The margin darker than the ring.
        let inverted = Self.profile(levels: [120, 30, 220, 200, 110], width: 1.0, shift: 0, noise: 0, seed: 1)
        #expect(Self.residual(fit, inverted) == nil)
        // A margin 10 levels above the ring, under a step of 12.
        let faint = Self.profile(levels: [120, 130, 120, 200, 110], width: 1.0, shift: 0, noise: 0, seed: 1)
        #expect(Self.residual(fit, faint) == nil)
        #expect(Self.residual(fit, faint, minimumStep: 8) != nil)
        // A ring far below black.
        let deep = Self.profile(levels: [120, 230, -80, 200, 110], width: 1.0, shift: 0, noise: 0, seed: 1)
        #expect(Self.residual(fit, deep) == nil)
    }
}
