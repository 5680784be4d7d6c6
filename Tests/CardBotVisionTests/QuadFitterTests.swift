import CardBotGeometry
import Foundation
import Testing

@testable import CardBotVision

/// The quad fit of a pixel contour: a square's corners wherever it lies and however long its outline, no quad for a
/// round blob.
@Suite("Quad fitter")
struct QuadFitterTests {
    /// The clockwise contour (on screen, y down) of a square of `side` pixels whose top-left pixel is (`x`, `y`),
    /// one point per pixel step, as the contour tracer gives it; with its top-left corner cut off along a diagonal
    /// `cut` pixels from the corner.
    static func square(x: Int32, y: Int32, side: Int32, cut: Int32 = 0) -> (xs: [Int32], ys: [Int32]) {
        var points: [(Int32, Int32)] = []
        points += (cut..<side).map { (x + $0, y) }
        points += (0..<side).map { (x + side, y + $0) }
        points += (0..<side).map { (x + side - $0, y + side) }
        points += (0..<(side - cut)).map { (x, y + side - $0) }
        points += (0..<cut).map { (x + $0, y + cut - $0) }
        return (points.map(\.0), points.map(\.1))
    }

    /// `body` given the contour's coordinates as the fitters take them: pointers to its xs and ys, and its length.
    static func withContour<Result>(
        _ contour: (xs: [Int32], ys: [Int32]), _ body: (UnsafePointer<Int32>, UnsafePointer<Int32>, Int) -> Result
    ) -> Result {
        contour.xs.withUnsafeBufferPointer { xs in
            contour.ys.withUnsafeBufferPointer { ys in body(xs.baseAddress!, ys.baseAddress!, xs.count) }
        }
    }

    static func fit(_ contour: (xs: [Int32], ys: [Int32]), minimumSide: Double = 6) -> [ImagePoint]? {
        withContour(contour) { QuadFitter.fit(xs: $0, ys: $1, count: $2, minimumSide: minimumSide) }
    }

    @Test(
        "a square's four corners, short outlines and ones longer than the 32-bit sums take, near and far from the origin",
        arguments: [
            (x: Int32(40), y: Int32(30), side: Int32(24)),
            (x: Int32(3_000_000), y: Int32(70_000), side: Int32(60)),
            (x: Int32(1_000_000), y: Int32(2_000_000), side: Int32(12_000)),
        ])
    func squareCorners(x: Int32, y: Int32, side: Int32) throws {
        let contour = Self.square(x: x, y: y, side: side)
        #expect((contour.xs.count > QuadFitter.shortSums) == (side == 12_000))
        let corners = try #require(Self.fit(contour))
        let expected = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)].map {
            ImagePoint(x: Double($0.0), y: Double($0.1))
        }
        // The corners come in contour order from whichever the fit found first: match each expected corner.
        for corner in expected {
            let nearest = corners.map { $0.distance(to: corner) }.min()!
            #expect(nearest < 0.5, "corner \(corner) of \(corners)")
        }
    }

    /// The contour of a round blob 40 px in radius, one point per pixel step.
    static func roundBlob() -> (xs: [Int32], ys: [Int32]) {
        var xs: [Int32] = [], ys: [Int32] = []
        var previous: (Int32, Int32)? = nil
        for step in 0..<720 {
            let angle = Double(step) / 720 * 2 * Double.pi
            let point = (Int32((200 + 40 * cos(angle)).rounded()), Int32((200 + 40 * sin(angle)).rounded()))
            if let previous, previous == point { continue }
            xs.append(point.0)
            ys.append(point.1)
            previous = point
        }
        return (xs, ys)
    }

    @Test("a round blob's outline is no quad")
    func circleIsNoQuad() {
        let blob = Self.roundBlob()
        #expect(blob.xs.count > 200)
        #expect(Self.fit(blob) == nil)
    }
}
