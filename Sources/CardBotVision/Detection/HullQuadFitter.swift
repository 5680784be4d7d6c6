import CardBotGeometry
import CardBotImaging

/// Finds a marker's quadrilateral from the convex hull of a contour that is not itself a clean quad: a marker whose
/// black border a highlight notched or cut (glare on a glossy card).
///
/// A highlight's saturated core eats into the border from outside, so the contour has a bite out of it or, where
/// the border is cut through, runs round the inside of the ring too. Its convex hull drops every bite: what is
/// left is the marker's outline with, at worst, a corner cut off (a chamfer). The hull's edges are grouped into
/// runs of one direction (within 20 degrees); the four longest runs are the sides, and where neighbouring sides'
/// lines meet are the corners, also the one the highlight ate. The hull must fill most of that quad, each side's
/// run must cover half its side, and the contour itself must run along most of the quad's outline (a blob's hull
/// bridges hollows the contour does not follow), so that only square outlines with a piece missing pass; the
/// cells are read as for any other quad.
///
/// A marker that motion blur smeared by more than a cell can lose a whole side of its ring instead: where a side
/// perpendicular to the smear meets white inner cells, the smear lightens it past the threshold, and the contour
/// is a "C" or a "U" whose hull is the marker's smeared outline but whose contour runs along only three sides. Such a
/// hull quad is still returned when the contour runs along half its outline, marked as not following it
/// (`Fit.followsOutline`), for the matching of smeared markers alone to read.
final class HullQuadFitter {
    /// A quad found on a contour's convex hull.
    struct Fit {
        /// The four corners, clockwise on screen.
        var corners: [ImagePoint]
        /// Whether the contour runs along the quad's outline as a bitten marker's does (`minimumOutlineCover`, and
        /// `minimumSideCover` on every side); else only along `minimumSmearedOutlineCover` of it.
        var followsOutline: Bool
    }

    /// A run of hull edges in one direction: its first and last vertex, and the length from one to the other.
    private struct Run {
        var from: Int
        var to: Int
        var length: Double
    }

    private let runs = ScratchBuffer<Run>(capacity: 64)
    /// `outlineCover`'s bins along one side, 1 where the contour passes.
    private let covered = ScratchBuffer<UInt8>(capacity: 1024)
    private let columnTop = ScratchBuffer<Int>(capacity: 512)
    private let columnBottom = ScratchBuffer<Int>(capacity: 512)
    /// The last hull made (`makeHull`), its vertices in order.
    let hullX = ScratchBuffer<Int>(capacity: 512)
    let hullY = ScratchBuffer<Int>(capacity: 512)

    /// The least share of the quad that the hull must cover (a corner cut off at up to half of both sides still
    /// leaves 7/8 of it).
    static let minimumFill = 0.85
    /// The least width of a cell, in full-resolution pixels, along a hull quad's shortest side: a hull is also
    /// found round blobs inside a marker that motion blur smeared, and such a thin quad (cells of a pixel or so
    /// across) can read as a card by chance.
    static let minimumCellSide = 2
    /// The least share of a side that the hull's run along it must cover.
    static let minimumSideSupport = 0.5

    /// The quad, or nil when the hull is not a quad with at most a corner cut off or the contour runs along too
    /// little of it.
    func fit(xs: UnsafePointer<Int32>, ys: UnsafePointer<Int32>, count: Int, minimumSide: Double) -> Fit? {
        guard count >= 8, makeHull(xs: xs, ys: ys, count: count) else { return nil }
        let m = hullX.count
        guard m >= 4 else { return nil }
        let hx = hullX.base, hy = hullY.base
        // Edge i runs from vertex i to vertex i + 1. Start the runs at the sharpest turn, so that no run wraps.
        @inline(__always) func edge(_ i: Int) -> (Double, Double) {
            let j = (i + 1) % m
            return (Double(hx[j] - hx[i]), Double(hy[j] - hy[i]))
        }
        var start = 0
        var sharpest = 2.0
        for i in 0..<m {
            let (ax, ay) = edge((i + m - 1) % m), (bx, by) = edge(i)
            let lengths = (ax * ax + ay * ay).squareRoot() * (bx * bx + by * by).squareRoot()
            let cosine = (ax * bx + ay * by) / max(1e-9, lengths)
            if cosine < sharpest {
                sharpest = cosine
                start = i
            }
        }
        // Runs: (first vertex, last vertex) of consecutive edges within 20 degrees of the run's direction so far.
        runs.removeAll()
        var runFrom = start, sumX = 0.0, sumY = 0.0
        for k in 0..<m {
            let i = (start + k) % m
            let (ex, ey) = edge(i)
            let runLength = (sumX * sumX + sumY * sumY).squareRoot()
            let edgeLength = (ex * ex + ey * ey).squareRoot()
            if runLength > 0, (sumX * ex + sumY * ey) / (runLength * edgeLength) < 0.94 {
                runs.append(Run(from: runFrom, to: i, length: runLength))
                runFrom = i
                sumX = 0
                sumY = 0
            }
            sumX += ex
            sumY += ey
        }
        runs.append(Run(from: runFrom, to: start, length: (sumX * sumX + sumY * sumY).squareRoot()))
        guard let chosen = Self.longestFour(runs) else { return nil }
        let lines = Quartet.build { k in
            let run = runs[chosen[k]]
            return CornerRefiner.Line(
                through: ImagePoint(x: Double(hx[run.from]), y: Double(hy[run.from])),
                ImagePoint(x: Double(hx[run.to]), y: Double(hy[run.to])))
        }
        // Corner k where side k - 1 meets side k; the sides must turn clockwise by a clear angle.
        var corners = Quartet(repeating: ImagePoint(x: 0, y: 0))
        for k in 0..<4 {
            let a = lines[(k + 3) % 4], b = lines[k]
            let cross = a.direction.x * b.direction.y - a.direction.y * b.direction.x
            guard cross > 0.2, let corner = a.intersection(with: b) else { return nil }
            corners[k] = corner
        }
        var quadArea = 0.0
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            let side = a.distance(to: b)
            guard side >= minimumSide, runs[chosen[k]].length >= Self.minimumSideSupport * side else { return nil }
            quadArea += a.x * b.y - b.x * a.y
        }
        var hullArea = 0.0
        for i in 0..<m {
            let j = (i + 1) % m
            hullArea += Double(hx[i] * hy[j] - hx[j] * hy[i])
        }
        guard quadArea > 0, hullArea >= Self.minimumFill * quadArea else { return nil }
        let cover = outlineCover(corners, xs: xs, ys: ys, count: count)
        guard cover.total >= Self.minimumSmearedOutlineCover else { return nil }
        return Fit(
            corners: corners.array,
            followsOutline: cover.total >= Self.minimumOutlineCover && cover.leastSide >= Self.minimumSideCover)
    }

    /// `value` rounded to a whole number, within a billion either way.
    @inline(__always)
    private static func whole(_ value: Double) -> Int32 { Int32(max(-1e9, min(1e9, value.rounded()))) }

    /// The indices of the four longest runs, in hull order; of runs of equal length, the earlier.
    private static func longestFour(_ runs: ScratchBuffer<Run>) -> Quartet<Int>? {
        guard runs.count >= 4 else { return nil }
        // The best four so far, longest first; a run displaces only a strictly shorter one, so of equal runs the
        // earlier stays ahead.
        var best = Quartet(repeating: -1)
        for index in 0..<runs.count {
            let length = runs[index].length
            var slot = 4
            while slot > 0, best[slot - 1] < 0 || runs[best[slot - 1]].length < length { slot -= 1 }
            guard slot < 4 else { continue }
            var k = 3
            while k > slot {
                best[k] = best[k - 1]
                k -= 1
            }
            best[slot] = index
        }
        // In hull order.
        for i in 1..<4 {
            let value = best[i]
            var k = i
            while k > 0, best[k - 1] > value {
                best[k] = best[k - 1]
                k -= 1
            }
            best[k] = value
        }
        return best
    }

    /// The least share of the quad's outline along which the contour itself runs (within 1.5 px), and of each side,
    /// for a quad that follows the outline.
    static let minimumOutlineCover = 0.65
    static let minimumSideCover = 0.35
    /// The least share of the outline along which the contour runs for any hull quad: a ring that lost a whole side
    /// to a smear still has three (0.75).
    static let minimumSmearedOutlineCover = 0.5

    /// How much of the quad's outline the contour itself runs along.
    ///
    /// The share of all four sides together, and of the least covered side. A hull spans a blob's hollows with
    /// straight edges that its contour does not follow, while a bitten marker's contour follows its outline but for
    /// the bite. Each side is split into 1 px bins; a
    /// bin is covered when a contour point lies within 1.5 px of the side there. Once the sides still to count could
    /// no longer lift the total to `minimumSmearedOutlineCover`, the count stops: the total returned is then that of
    /// the sides counted over all the bins (under that share, as the whole count's would be), the least side 0.
    func outlineCover(
        _ corners: Quartet<ImagePoint>, xs: UnsafePointer<Int32>, ys: UnsafePointer<Int32>, count: Int
    ) -> (total: Double, leastSide: Double) {
        var coveredTotal = 0, binsTotal = 0
        var leastSide = 1.0
        // The bins of all four sides, so that a quad whose contour can no longer cover `minimumSmearedOutlineCover`
        // of them, whatever the sides still to count, stops here (its cover is then under that share all the same).
        let lengths = Quartet.build { corners[$0].distance(to: corners[($0 + 1) % 4]) }
        var allBins = 0
        for k in 0..<4 { allBins += max(1, Int(lengths[k].rounded(.up))) }
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            let length = lengths[k]
            let bins = max(1, Int(length.rounded(.up)))
            if Double(coveredTotal + allBins - binsTotal) < Self.minimumSmearedOutlineCover * Double(allBins) {
                return (Double(coveredTotal) / Double(allBins), 0)
            }
            covered.reserve(bins)
            let marks = covered.base
            marks.update(repeating: 0, count: bins)
            let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
            // A point within 1.5 px of the side lies within 1.5 px of its box: the others are passed over on whole
            // numbers (with a pixel to spare for rounding).
            let leastX = Self.whole(min(a.x, b.x) - 2.5), mostX = Self.whole(max(a.x, b.x) + 2.5)
            let leastY = Self.whole(min(a.y, b.y) - 2.5), mostY = Self.whole(max(a.y, b.y) + 2.5)
            for i in 0..<count {
                let x = xs[i], y = ys[i]
                guard x >= leastX, x <= mostX, y >= leastY, y <= mostY else { continue }
                let dx = Double(x) - a.x, dy = Double(y) - a.y
                let along = dx * ux + dy * uy
                guard along >= 0, along < length, abs(dx * uy - dy * ux) <= 1.5 else { continue }
                marks[min(bins - 1, Int(along))] = 1
            }
            var hits = 0
            for bin in 0..<bins { hits &+= Int(marks[bin]) }
            leastSide = min(leastSide, Double(hits) / Double(bins))
            coveredTotal += hits
            binsTotal += bins
        }
        return (Double(coveredTotal) / Double(max(binsTotal, 1)), leastSide)
    }

    /// The convex hull of the contour's points into `hullX`/`hullY`; false when it is degenerate.
    ///
    /// Clockwise on screen without collinear points (Andrew's monotone chain). Only the highest and lowest point of
    /// each column can be on the hull, so those, column by column, are the points already sorted by x then y.
    func makeHull(xs: UnsafePointer<Int32>, ys: UnsafePointer<Int32>, count: Int) -> Bool {
        hullX.removeAll()
        hullY.removeAll()
        guard count > 0 else { return false }
        var minX = Int.max, maxX = Int.min
        for i in 0..<count {
            minX = min(minX, Int(xs[i]))
            maxX = max(maxX, Int(xs[i]))
        }
        let span = maxX - minX + 1
        columnTop.reserve(span)
        columnBottom.reserve(span)
        let top = columnTop.base, bottom = columnBottom.base
        top.update(repeating: Int.max, count: span)
        bottom.update(repeating: Int.min, count: span)
        for i in 0..<count {
            let column = Int(xs[i]) &- minX, y = Int(ys[i])
            top[column] = min(top[column], y)
            bottom[column] = max(bottom[column], y)
        }
        hullX.reserve(2 * span + 2)
        hullY.reserve(2 * span + 2)
        let hx = hullX.base, hy = hullY.base
        var n = 0
        @inline(__always) func turns(_ x: Int, _ y: Int) -> Bool {
            // Whether the last two hull points and (x, y) turn clockwise on screen (y down). Pixel coordinates: the
            // products cannot overflow.
            let ax = hx[n &- 1] &- hx[n &- 2], ay = hy[n &- 1] &- hy[n &- 2]
            let bx = x &- hx[n &- 1], by = y &- hy[n &- 1]
            return ax &* by &- ay &* bx > 0
        }
        @inline(__always) func push(_ x: Int, _ y: Int, above least: Int) {
            while n >= least && !turns(x, y) { n -= 1 }
            hx[n] = x
            hy[n] = y
            n += 1
        }
        // The chain along the top, left to right, from the first column's top to the last column's bottom: of the
        // points sorted by x then y, a column's bottom (below its top) is always dropped by the next column's top, so
        // it is left out, but for the last column's.
        for column in 0..<span where top[column] <= bottom[column] { push(column + minX, top[column], above: 2) }
        if bottom[span - 1] != top[span - 1] { push(maxX, bottom[span - 1], above: 2) }
        // The chain along the bottom, right to left, back to the first point: the columns' bottoms, and the first
        // column's top (the last column's top, next in that order, is always dropped by the column before it).
        let lower = n + 1
        for column in stride(from: span - 2, through: 0, by: -1) where top[column] <= bottom[column] {
            push(column + minX, bottom[column], above: lower)
        }
        if top[0] != bottom[0] { push(minX, top[0], above: lower) }
        n -= 1  // the first point again
        hullX.count = max(0, n)
        hullY.count = max(0, n)
        return n >= 3
    }
}
