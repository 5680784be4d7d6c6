import CardBotAR
import CardBotGeometry
import CardBotImaging
import Foundation
import Testing

/// The plane fit on exact corners made from a known homography: what it recovers and what it leaves out.
@Suite struct TablePlaneFitterTests {
    /// A perspective view of the table: table mm to pixels.
    static let truth = Homography(1.9, 0.35, 640, -0.1, 1.1, 380, 0.00011, 0.0009, 1)
    static let geometry = CardGeometry(width: 60)

    /// Cards in a row (marker centres every 75 mm, turned a little), as image corners through `truth`.
    /// `scale` resizes a card (printed at another size); `squash` shortens its up-down side (a card tilted up off
    /// the table about its horizontal axis, seen from above).
    static func cards(count: Int, scale: (Int) -> Double = { _ in 1 }, squash: (Int) -> Double = { _ in 1 })
        -> [(marker: Int, corners: [ImagePoint])]
    {
        (0..<count).map { index in
            let pose = CardPose(center: SIMD2(Double(index) * 75 - 150, Double(index % 2) * 12), angle: 0.05 * Double(index % 3 - 1))
            let corners = geometry.markerCorners.map { local -> ImagePoint in
                let p = pose.apply(SIMD2(local.x, local.y * squash(index)) * scale(index))
                let q = truth.apply(p.x, p.y)!
                return ImagePoint(q.x, q.y)
            }
            return (index, corners)
        }
    }

    @Test("exact corners of five cards give back the true homography")
    func recoversExactPlane() throws {
        let plane = try #require(TablePlaneFitter(geometry: Self.geometry).fit(Self.cards(count: 5)))
        #expect(plane.inliers.count == 5)
        #expect(plane.rmsPixels < 1e-6)
        // The table frame is the cards' own: origin at their centroid, so their centres average to zero.
        let mean = plane.cards.map(\.pose.center).reduce(SIMD2(0, 0), +) / 5
        #expect(abs(mean.x) < 1e-6 && abs(mean.y) < 1e-6)
        // A tile corner one card width past the row lands where the truth puts it (after the rigid move).
        let move = try Self.rigidMove(plane)
        for q in [SIMD2(-300.0, -120.0), SIMD2(320.0, -200.0), SIMD2(0.0, 140.0)] {
            let fitted = try #require(plane.homography.apply(q.x, q.y))
            let t = move(q)
            let expected = try #require(Self.truth.apply(t.x, t.y))
            #expect(fitted.distance(to: expected) < 1e-5)
        }
    }

    @Test("a card printed at another size is left out and does not bend the plane")
    func leavesOutWrongSize() throws {
        let cards = Self.cards(count: 6, scale: { $0 == 2 ? 1.35 : 1 })
        let plane = try #require(TablePlaneFitter(geometry: Self.geometry).fit(cards))
        #expect(plane.cards.map(\.inlier) == [true, true, false, true, true, true])
        #expect(plane.rmsPixels < 1e-6)
    }

    @Test("a card tilted up off the table (not lying flat) is left out")
    func leavesOutTiltedCard() throws {
        let cards = Self.cards(count: 5, squash: { $0 == 4 ? cos(50 * Double.pi / 180) : 1 })
        let plane = try #require(TablePlaneFitter(geometry: Self.geometry).fit(cards))
        #expect(plane.cards[4].inlier == false)
        #expect(plane.inliers.count == 4)
        #expect(plane.rmsPixels < 1e-6)
    }

    @Test("no card gives no plane")
    func noCards() {
        #expect(TablePlaneFitter(geometry: Self.geometry).fit([(marker: Int, corners: [ImagePoint])]()) == nil)
    }

    /// The rigid move from the fitted table frame to the truth's, from the first and last inlier cards' centres.
    static func rigidMove(_ plane: TablePlane) throws -> (SIMD2<Double>) -> SIMD2<Double> {
        let inliers = plane.cards.filter(\.inlier)
        let originals = cards(count: 5).indices.map { index in
            SIMD2(Double(index) * 75 - 150, Double(index % 2) * 12)
        }
        let a = inliers.first!, b = inliers.last!
        let fa = a.pose.center, fb = b.pose.center
        let ta = originals[a.marker], tb = originals[b.marker]
        let angle = atan2(tb.y - ta.y, tb.x - ta.x) - atan2(fb.y - fa.y, fb.x - fa.x)
        return { q in
            let d = q - fa
            return ta + SIMD2(cos(angle) * d.x - sin(angle) * d.y, sin(angle) * d.x + cos(angle) * d.y)
        }
    }
}
