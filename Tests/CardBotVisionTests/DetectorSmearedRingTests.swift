import CardBotGeometry
@testable import CardBotVision
import Testing

/// Markers whose ring a smear of more than a cell broke along one side: the hull quad whose contour runs along only
/// three sides is left to the matching of smeared markers.
@Suite("Detector: rings a smear broke")
struct DetectorSmearedRingTests {
    @Test("a 640x480 card whose smeared ring lost a side is read from its hull by the matching, and nothing wrong")
    func webcamFrameRead() throws {
        // Motion-blur frame 28 of seed 1 at 640x480 (the benchmark's motion-blur-vga/frame-0028.jpg): a row of four
        // cards (1, 8, 17, 1), about 58 px with cells of 10 px, smeared more than a cell along the row. The last
        // card's ring lost its side where white inner cells meet it, so its contour is a "C" that no quad fits and
        // whose hull the contour follows along only three sides; before, only the first card was read. (Cards 8
        // and 17 lost more of their rings and are still not read.)
        let (result, truth) = try DetectorMotionBlurTests.foundAtTheirPlaces(
            motionBlurSeed: 1, index: 27, width: 640, height: 480)
        #expect(result.wrong.isEmpty, "\(result.wrong)")
        let visible = truth.cards.indices.filter { !truth.cards[$0].hidden }
        #expect(visible.map { truth.cards[$0].id } == [1, 8, 17, 1])
        #expect(Set(result.found).isSuperset(of: [visible[0], visible[3]]), "found \(result.found.map { truth.cards[$0].id })")
    }

    /// The outline of a square ring `side` px across at (`x`, `y`), as a contour tracer gives it (clockwise, one
    /// point per pixel step), with the stretch of side `open` (0 top, 1 right, 2 bottom, 3 left) between an eighth
    /// and seven eighths of its length replaced by the ring's inner edge, `thickness` px in, when `open` is set: the ring a
    /// smear broke along that side, whose contour runs round the inside there.
    static func ringContour(x: Int, y: Int, side: Int, thickness: Int, open: Int?) -> ([Int32], [Int32]) {
        var xs: [Int32] = [], ys: [Int32] = []
        let corners = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]
        for k in 0..<4 {
            let (ax, ay) = corners[k], (bx, by) = corners[(k + 1) % 4]
            let (dx, dy) = ((bx - ax).signum(), (by - ay).signum())
            // Inward normal of a clockwise outline on screen (y down).
            let (nx, ny) = (-dy, dx)
            for step in 0..<side {
                let cut = open == k && step > side / 8 && step < 7 * side / 8
                let px = ax + dx * step + (cut ? nx * thickness : 0)
                let py = ay + dy * step + (cut ? ny * thickness : 0)
                xs.append(Int32(px))
                ys.append(Int32(py))
            }
        }
        return (xs, ys)
    }

    @Test("a ring that lost the middle of one side is a hull quad that does not follow its outline")
    func openRingIsSmearedHull() throws {
        let fitter = HullQuadFitter()
        let (closedX, closedY) = Self.ringContour(x: 10, y: 10, side: 40, thickness: 7, open: nil)
        // A closed ring's contour is a quad of its own, but its hull is one that the contour follows.
        let closed = try #require(fitter.fit(xs: closedX, ys: closedY, count: closedX.count, minimumSide: 10))
        #expect(closed.followsOutline)
        for side in 0..<4 {
            let (xs, ys) = Self.ringContour(x: 10, y: 10, side: 40, thickness: 7, open: side)
            let fit = try #require(fitter.fit(xs: xs, ys: ys, count: xs.count, minimumSide: 10), "side \(side)")
            #expect(!fit.followsOutline, "side \(side)")
            let expected = [ImagePoint(x: 10, y: 10), ImagePoint(x: 50, y: 10), ImagePoint(x: 50, y: 50), ImagePoint(x: 10, y: 50)]
            for corner in expected {
                #expect(fit.corners.map { $0.distance(to: corner) }.min()! <= 1.5, "side \(side): \(fit.corners)")
            }
        }
    }
}
