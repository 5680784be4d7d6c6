import CardBotGeometry
import CardBotSynth
import Foundation
import Testing

@testable import CardBotVision

/// The hull quad fit: the convex hull of a contour's points, the quad of a square with a corner bitten off, no quad
/// for a round blob.
@Suite("Hull quad fitter")
struct HullQuadFitterTests {
    /// The convex hull of `points` by the textbook monotone chain over all of them, sorted by x then y: clockwise on
    /// screen (y down) from the least point, without collinear points; empty when it has fewer than three.
    static func referenceHull(_ points: [(x: Int, y: Int)]) -> [(x: Int, y: Int)] {
        var sorted: [(x: Int, y: Int)] = []
        for point in points.sorted(by: { ($0.x, $0.y) < ($1.x, $1.y) })
        where sorted.last.map({ $0 != point }) ?? true {
            sorted.append(point)
        }
        func turns(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int), _ c: (x: Int, y: Int)) -> Bool {
            (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) > 0
        }
        var hull: [(x: Int, y: Int)] = []
        for point in sorted {
            while hull.count >= 2 && !turns(hull[hull.count - 2], hull[hull.count - 1], point) { hull.removeLast() }
            hull.append(point)
        }
        let lower = hull.count + 1
        for point in sorted.dropLast().reversed() {
            while hull.count >= lower && !turns(hull[hull.count - 2], hull[hull.count - 1], point) {
                hull.removeLast()
            }
            hull.append(point)
        }
        hull.removeLast()
        return hull.count >= 3 ? hull : []
    }

    /// The hull the fitter makes of `points`, empty when it finds it degenerate.
    static func fitterHull(_ points: [(x: Int, y: Int)], fitter: HullQuadFitter) -> [(x: Int, y: Int)] {
        let contour = (xs: points.map { Int32($0.x) }, ys: points.map { Int32($0.y) })
        let made = QuadFitterTests.withContour(contour) { fitter.makeHull(xs: $0, ys: $1, count: $2) }
        guard made else { return [] }
        return (0..<fitter.hullX.count).map { (fitter.hullX[$0], fitter.hullY[$0]) }
    }

    @Test("the hull of random point sets and contours is the textbook one, vertex for vertex")
    func hullMatchesReference() {
        var random = SynthRandom(seed: 29)
        let fitter = HullQuadFitter()
        var compared = 0
        for round in 0..<2_000 {
            let width = Int.random(in: 1...40, using: &random), height = Int.random(in: 1...40, using: &random)
            let originX = Int.random(in: 0...5_000, using: &random), originY = Int.random(in: 0...5_000, using: &random)
            var points: [(x: Int, y: Int)] = []
            if round % 2 == 0 {
                // A cloud, duplicates and single columns and rows among them.
                for _ in 0..<Int.random(in: 1...120, using: &random) {
                    let x = originX + Int.random(in: 0..<width, using: &random)
                    let y = originY + Int.random(in: 0..<height, using: &random)
                    points.append((x, y))
                }
            } else {
                // A closed walk of unit steps, as a traced contour is: every column between its ends visited.
                var x = originX, y = originY
                for _ in 0..<Int.random(in: 8...300, using: &random) {
                    points.append((x, y))
                    x += Int.random(in: -1...1, using: &random)
                    y += Int.random(in: -1...1, using: &random)
                }
            }
            let expected = Self.referenceHull(points)
            let made = Self.fitterHull(points, fitter: fitter)
            #expect(made.elementsEqual(expected, by: ==), "points \(points)")
            if !expected.isEmpty { compared += 1 }
        }
        // Most sets have a proper hull, so the comparison is not all of degenerate cases.
        #expect(compared > 1_500)
    }

    @Test("a line of points, one point, and one column have no hull")
    func degenerateHulls() {
        let fitter = HullQuadFitter()
        #expect(Self.fitterHull([(5, 5)], fitter: fitter).isEmpty)
        #expect(Self.fitterHull((0..<10).map { (7, 3 + $0) }, fitter: fitter).isEmpty)
        #expect(Self.fitterHull((0..<10).map { (2 + $0, 4 + 2 * $0) }, fitter: fitter).isEmpty)
        let square = Self.fitterHull([(0, 0), (3, 0), (3, 3), (0, 3), (1, 1), (2, 0)], fitter: fitter)
        #expect(square.elementsEqual([(0, 0), (3, 0), (3, 3), (0, 3)], by: ==))
    }

    /// The hull quad the fitter finds on `contour`, sides of at least 12 px.
    static func fit(_ contour: (xs: [Int32], ys: [Int32]), fitter: HullQuadFitter) -> HullQuadFitter.Fit? {
        QuadFitterTests.withContour(contour) { fitter.fit(xs: $0, ys: $1, count: $2, minimumSide: 12) }
    }

    @Test("a square with a corner bitten off gives the square's corners, the bitten one too")
    func bittenSquareCorners() throws {
        let contour = QuadFitterTests.square(x: 100, y: 60, side: 48, cut: 14)
        let fit = try #require(Self.fit(contour, fitter: HullQuadFitter()))
        #expect(fit.followsOutline)
        for corner in [(100.0, 60.0), (148.0, 60.0), (148.0, 108.0), (100.0, 108.0)] {
            let expected = ImagePoint(x: corner.0, y: corner.1)
            let nearest = fit.corners.map { $0.distance(to: expected) }.min()!
            #expect(nearest < 1, "corner \(expected) of \(fit.corners)")
        }
    }

    @Test("a round blob's hull is no quad")
    func circleIsNoQuad() {
        #expect(Self.fit(QuadFitterTests.roundBlob(), fitter: HullQuadFitter()) == nil)
    }
}
