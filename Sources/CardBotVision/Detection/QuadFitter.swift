import CardBotImaging

/// Finds the four corners of a contour that is a convex quadrilateral, or rejects it.
///
/// The first corner is the contour point farthest from the centroid, the third the point farthest from the
/// first, and the second and fourth the points farthest from the diagonal between them on either side. The
/// contour between each pair of neighbouring corners must then run straight: every point away from the corners
/// lies within a small tolerance of the side's line. This is cheaper than general polygon simplification and
/// rejects blobs, hands and notched (occluded) squares at once.
enum QuadFitter {
    /// The four corners in contour order (clockwise on screen), or nil when the contour is not a clean quad.
    static func fit(xs: UnsafePointer<Int32>, ys: UnsafePointer<Int32>, count: Int, minimumSide: Double) -> [ImagePoint]? {
        guard count >= 8 else { return nil }
        var sumX = 0, sumY = 0
        for i in 0..<count {
            sumX += Int(xs[i])
            sumY += Int(ys[i])
        }
        let cx = Double(sumX) / Double(count)
        let cy = Double(sumY) / Double(count)
        @inline(__always) func farthest(from px: Double, _ py: Double, in range: Range<Int>) -> Int {
            var best = range.lowerBound
            var bestDistance = -1.0
            for j in range {
                let i = j >= count ? j - count : j
                let dx = Double(xs[i]) - px, dy = Double(ys[i]) - py
                let distance = dx * dx + dy * dy
                if distance > bestDistance {
                    bestDistance = distance
                    best = i
                }
            }
            return best
        }
        let first = farthest(from: cx, cy, in: 0..<count)
        let third = farthest(from: Double(xs[first]), Double(ys[first]), in: 0..<count)
        // Walk the two chains first -> third and third -> first (cyclically).
        let (i0, i2) = (first, third)
        let chainA = i0 < i2 ? i0..<i2 : i0..<(i2 + count)
        let chainB = i2 < i0 ? i2..<i0 : i2..<(i0 + count)
        let x0 = Double(xs[i0]), y0 = Double(ys[i0])
        let x2 = Double(xs[i2]), y2 = Double(ys[i2])
        let diagonal = ((x2 - x0) * (x2 - x0) + (y2 - y0) * (y2 - y0)).squareRoot()
        guard diagonal >= minimumSide else { return nil }
        @inline(__always) func farthestFromDiagonal(_ range: Range<Int>) -> (index: Int, distance: Double) {
            var best = range.lowerBound % count
            var bestDistance = 0.0
            for j in range {
                let i = j >= count ? j - count : j
                let distance = abs((x2 - x0) * (Double(ys[i]) - y0) - (y2 - y0) * (Double(xs[i]) - x0))
                if distance > bestDistance {
                    bestDistance = distance
                    best = i
                }
            }
            return (best, bestDistance / diagonal)
        }
        let (i1, d1) = farthestFromDiagonal(chainA)
        let (i3, d3) = farthestFromDiagonal(chainB)
        // Both other corners must stand well away from the diagonal (not a triangle or a sliver).
        guard d1 >= 0.15 * diagonal, d3 >= 0.15 * diagonal else { return nil }
        let indices = [i0, i1, i2, i3]
        var corners: [ImagePoint] = []
        corners.reserveCapacity(4)
        for index in indices { corners.append(ImagePoint(x: Double(xs[index]), y: Double(ys[index]))) }
        // Every side runs straight between its corners.
        for side in 0..<4 {
            let from = indices[side]
            let to = indices[(side + 1) % 4]
            let a = corners[side], b = corners[(side + 1) % 4]
            let length = a.distance(to: b)
            guard length >= minimumSide * 0.5 else { return nil }
            let steps = to > from ? to - from : to + count - from
            guard steps >= 2 else { return nil }
            let tolerance = max(1.5, 0.06 * length)
            let skip = max(1, Int(Double(steps) * 0.12))
            let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
            var j = skip
            while j <= steps - skip {
                var i = from + j
                if i >= count { i -= count }
                let distance = abs(ux * (Double(ys[i]) - a.y) - uy * (Double(xs[i]) - a.x))
                if distance > tolerance { return nil }
                j += 1
            }
        }
        // Convex and turning one way (clockwise on screen: positive cross products with y down).
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if cross <= 0 { return nil }
        }
        return corners
    }
}
