import CardBotGeometry
import CardBotImaging

/// Finds the four corners of a contour that is a convex quadrilateral, or rejects it.
///
/// The first corner is the contour point farthest from the centroid, the third the point farthest from the
/// first, and the second and fourth the points farthest from the diagonal between them on either side. The
/// contour between each pair of neighbouring corners must then run straight: every point away from the corners
/// lies within a small tolerance of the side's line. This is cheaper than general polygon simplification and
/// rejects blobs, hands and notched (occluded) squares at once.
enum QuadFitter {
    /// The most points whose coordinates are summed as 32-bit differences from the first of them: each within
    /// `shortSums` pixels of it, so at most `shortSums` squared over 2 in all, under 2^31.
    static let shortSums = 46_000

    /// The four corners in contour order (clockwise on screen), or nil when the contour is not a clean quad.
    static func fit(
        xs: UnsafePointer<Int32>, ys: UnsafePointer<Int32>, count: Int, minimumSide: Double
    ) -> [ImagePoint]? {
        guard count >= 8 else { return nil }
        // The sums, exactly, in blocks of up to `shortSums` points: along a contour each point lies within a pixel of
        // the last, so a block's differences from its first point add up within 32 bits, four to a vector.
        var sumX = 0, sumY = 0
        var blockStart = 0
        while blockStart < count {
            let blockEnd = min(count, blockStart + Self.shortSums)
            let x0 = xs[blockStart], y0 = ys[blockStart]
            var differenceX: Int32 = 0, differenceY: Int32 = 0
            for i in blockStart..<blockEnd {
                differenceX &+= xs[i] &- x0
                differenceY &+= ys[i] &- y0
            }
            sumX += (blockEnd - blockStart) * Int(x0) + Int(differenceX)
            sumY += (blockEnd - blockStart) * Int(y0) + Int(differenceY)
            blockStart = blockEnd
        }
        let cx = Double(sumX) / Double(count)
        let cy = Double(sumY) / Double(count)
        var first = 0
        var farthestFromCentroid = -1.0
        for i in 0..<count {
            let dx = Double(xs[i]) - cx, dy = Double(ys[i]) - cy
            let distance = dx * dx + dy * dy
            if distance > farthestFromCentroid {
                farthestFromCentroid = distance
                first = i
            }
        }
        var third = 0
        var farthestFromFirst = -1
        let firstX = Int(xs[first]), firstY = Int(ys[first])
        for i in 0..<count {
            let dx = Int(xs[i]) &- firstX, dy = Int(ys[i]) &- firstY
            let distance = dx &* dx &+ dy &* dy
            if distance > farthestFromFirst {
                farthestFromFirst = distance
                third = i
            }
        }
        // Walk the two chains first -> third and third -> first (cyclically).
        let (i0, i2) = (first, third)
        let chainA = i0 < i2 ? i0..<i2 : i0..<(i2 + count)
        let chainB = i2 < i0 ? i2..<i0 : i2..<(i0 + count)
        let startX = Int(xs[i0]), startY = Int(ys[i0])
        let diagonalX = Int(xs[i2]) &- startX, diagonalY = Int(ys[i2]) &- startY
        let diagonal = Double(diagonalX &* diagonalX &+ diagonalY &* diagonalY).squareRoot()
        guard diagonal >= minimumSide else { return nil }
        @inline(__always) func farthestFromDiagonal(_ range: Range<Int>) -> (index: Int, distance: Double) {
            var best = range.lowerBound % count
            var bestDistance = 0
            // Twice the area of the triangle a point makes with the diagonal, in whole pixels: exact.
            @inline(__always) func scan(_ stretch: Range<Int>) {
                for i in stretch {
                    let cross = diagonalX &* (Int(ys[i]) &- startY) &- diagonalY &* (Int(xs[i]) &- startX)
                    let distance = cross < 0 ? 0 &- cross : cross
                    if distance > bestDistance {
                        bestDistance = distance
                        best = i
                    }
                }
            }
            // The chain in at most two plain stretches: to the contour's end, then on from its start.
            scan(range.lowerBound..<min(range.upperBound, count))
            scan(0..<max(0, range.upperBound - count))
            return (best, Double(bestDistance) / diagonal)
        }
        let (i1, d1) = farthestFromDiagonal(chainA)
        let (i3, d3) = farthestFromDiagonal(chainB)
        // Both other corners must stand well away from the diagonal (not a triangle or a sliver).
        // (A steep view's marker is a thin rhombus: with 20 degree corners the others stand 0.09 of the diagonal
        // off it.)
        guard d1 >= 0.06 * diagonal, d3 >= 0.06 * diagonal else { return nil }
        let indices = Quartet(i0, i1, i2, i3)
        var corners = Quartet.build { ImagePoint(x: Double(xs[indices[$0]]), y: Double(ys[indices[$0]])) }
        // Every side runs straight between its corners: fit a line to the middle of each side's chain (the corners
        // themselves are rounded by blur and digitisation) and require every point there to lie close to it.
        var lines = Quartet(repeating: (point: ImagePoint(x: 0, y: 0), direction: ImagePoint(x: 0, y: 0)))
        for side in 0..<4 {
            let from = indices[side]
            let to = indices[(side + 1) % 4]
            let length = corners[side].distance(to: corners[(side + 1) % 4])
            guard length >= minimumSide * 0.5 else { return nil }
            let steps = to > from ? to - from : to + count - from
            guard steps >= 4 else { return nil }
            let skip = max(1, Int(Double(steps) * 0.15))
            var n = 0.0, mx = 0.0, my = 0.0
            var j = skip
            while j <= steps - skip {
                var i = from + j
                if i >= count { i -= count }
                mx += Double(xs[i])
                my += Double(ys[i])
                n += 1
                j += 1
            }
            guard n >= 2 else { return nil }
            mx /= n
            my /= n
            var sxx = 0.0, sxy = 0.0, syy = 0.0
            j = skip
            while j <= steps - skip {
                var i = from + j
                if i >= count { i -= count }
                let dx = Double(xs[i]) - mx, dy = Double(ys[i]) - my
                sxx += dx * dx
                sxy += dx * dy
                syy += dy * dy
                j += 1
            }
            var vx: Double, vy: Double
            if let axis = PrincipalAxis.direction(sxx: sxx, sxy: sxy, syy: syy) {
                (vx, vy) = axis
            } else {
                // All points on one spot: use the corners' direction.
                vx = corners[(side + 1) % 4].x - corners[side].x
                vy = corners[(side + 1) % 4].y - corners[side].y
                let cornerNorm = max((vx * vx + vy * vy).squareRoot(), 1e-12)
                vx /= cornerNorm
                vy /= cornerNorm
            }
            let tolerance = max(1.5, 0.05 * length)
            j = skip
            while j <= steps - skip {
                var i = from + j
                if i >= count { i -= count }
                if abs(vx * (Double(ys[i]) - my) - vy * (Double(xs[i]) - mx)) > tolerance { return nil }
                j += 1
            }
            lines[side] = (ImagePoint(x: mx, y: my), ImagePoint(x: vx, y: vy))
        }
        // The corners where neighbouring sides' lines meet, which must be near the contour's corner points.
        for i in 0..<4 {
            let a = lines[(i + 3) % 4], b = lines[i]
            let cross = a.direction.x * b.direction.y - a.direction.y * b.direction.x
            guard abs(cross) > 0.2 else { return nil }
            let dx = b.point.x - a.point.x, dy = b.point.y - a.point.y
            let t = (dx * b.direction.y - dy * b.direction.x) / cross
            let corner = ImagePoint(x: a.point.x + a.direction.x * t, y: a.point.y + a.direction.y * t)
            let side = corners[i].distance(to: corners[(i + 1) % 4])
            // Blur rounds a sharp corner's tip off: at 20 degrees the lines meet well beyond the contour.
            guard corner.distance(to: corners[i]) <= max(3, 0.3 * side) else { return nil }
            corners[i] = corner
        }
        // Convex and turning one way (clockwise on screen: positive cross products with y down).
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if cross <= 0 { return nil }
        }
        return corners.array
    }
}
