import CardBotGeometry
import CardBotImaging

/// Moves a marker's rough corners (from the pixel contour) to sub-pixel accuracy.
///
/// Along each side, away from the corners, it reads the gray-level profile across the edge, finds where the
/// profile rises fastest from the dark border to the light card (a parabola through the steepest step), fits a
/// straight line to those edge points (total least squares, weighted by edge strength, with outliers dropped),
/// and intersects neighbouring sides' lines. Two passes: a wide search from the rough corners, then a narrow one.
enum CornerRefiner {
    /// The refined corners, in the same order; sides with too few clear edge points keep their rough line.
    static func refine(_ corners: [ImagePoint], sampler: GraySampler, cellsAcross: Int) -> [ImagePoint] {
        let rough = Quartet(corners[0], corners[1], corners[2], corners[3])
        var current = rough
        let side = (0..<4).reduce(0.0) { $0 + rough[$1].distance(to: rough[($1 + 1) % 4]) } / 4
        let cell = side / Double(cellsAcross)
        let wide = min(max(0.45 * cell, 1.5), 4.0)
        let narrow = min(max(0.3 * cell, 1.0), 2.0)
        // A refinement that moves a corner far is a mistake (a neighbour's edge was found): keep what we had.
        let limit = max(2.5, 0.15 * side)
        passes: for pass in 0..<2 {
            let reach = pass == 0 ? wide : narrow
            let shift = pass == 0 ? 0.5 : 0.0
            let lines = Quartet.build { i in
                let a = current[i], b = current[(i + 1) % 4]
                return edgeLine(from: a, to: b, sampler: sampler, reach: reach, shift: shift) ?? Line(through: a, b)
            }
            var refined = current
            for i in 0..<4 {
                guard let corner = lines[(i + 3) % 4].intersection(with: lines[i]) else { break passes }
                refined[i] = corner
            }
            for i in 0..<4 where refined[i].distance(to: rough[i]) > limit { break passes }
            current = refined
        }
        return current.array
    }

    /// A line through `point` along the unit vector `direction`.
    struct Line {
        var point: ImagePoint
        var direction: ImagePoint

        init(point: ImagePoint, direction: ImagePoint) {
            self.point = point
            self.direction = direction
        }

        init(through a: ImagePoint, _ b: ImagePoint) {
            let d = b - a
            let length = max(d.length, 1e-9)
            self.init(point: a, direction: d * (1 / length))
        }

        func intersection(with other: Line) -> ImagePoint? {
            let cross = direction.x * other.direction.y - direction.y * other.direction.x
            guard abs(cross) > 1e-6 else { return nil }
            let delta = other.point - point
            let t = (delta.x * other.direction.y - delta.y * other.direction.x) / cross
            return point + direction * t
        }
    }

    /// The fitted edge line of the side from `a` to `b` (clockwise, so the marker is on its right).
    private static func edgeLine(
        from a: ImagePoint, to b: ImagePoint, sampler: GraySampler, reach: Double, shift: Double
    ) -> Line? {
        let length = a.distance(to: b)
        guard length > 2 else { return nil }
        let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
        // Outward normal: the marker lies to the right of a -> b on screen.
        let nx = uy, ny = -ux
        let samples = min(max(Int(length / 3), 5), 16)
        let stepsEachSide = Int((reach / 0.5).rounded(.up))
        let profileCount = 2 * stepsEachSide + 3
        // At most 16 samples and a profile of at most 19 readings (a reach of at most 4 px): on the stack.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * samples + profileCount) { storage in
            let xs = storage.baseAddress!, ys = xs + samples, ws = ys + samples, profile = ws + samples
            var found = 0
            for s in 0..<samples {
                let f = 0.15 + 0.7 * (Double(s) + 0.5) / Double(samples)
                let px = a.x + (b.x - a.x) * f + nx * shift
                let py = a.y + (b.y - a.y) * f + ny * shift
                let first = -Double(stepsEachSide + 1) * 0.5
                guard sampler.contains(px + nx * first, py + ny * first, margin: 0),
                    sampler.contains(px - nx * first, py - ny * first, margin: 0)
                else { continue }
                for k in 0..<profileCount {
                    let t = first + Double(k) * 0.5
                    // Inside the frame: the profile's two ends are.
                    profile[k] = sampler.valueInside(px + nx * t, py + ny * t)
                }
                // The steepest rise (dark inside to light outside) over one pixel.
                var bestK = -1
                var best = 0.0
                for k in 1..<(profileCount - 1) {
                    let rise = profile[k + 1] - profile[k - 1]
                    if rise > best {
                        best = rise
                        bestK = k
                    }
                }
                guard bestK >= 2, bestK <= profileCount - 3, best >= 6 else { continue }
                let left = profile[bestK] - profile[bestK - 2]
                let right = profile[bestK + 2] - profile[bestK]
                let denominator = left - 2 * best + right
                var offset = 0.0
                if denominator < 0 {
                    offset = 0.5 * (left - right) / denominator
                    offset = min(max(offset, -0.5), 0.5)
                }
                let t = first + (Double(bestK) + offset) * 0.5
                xs[found] = px + nx * t
                ys[found] = py + ny * t
                ws[found] = best
                found += 1
            }
            guard found >= 3 else { return nil }
            var line = fit(xs, ys, ws, count: found)
            // Drop points far from the first fit (kept in place, in order) and fit again.
            var kept = 0
            for i in 0..<found {
                let residual = abs(
                    (xs[i] - line.point.x) * line.direction.y - (ys[i] - line.point.y) * line.direction.x)
                if residual <= 0.75 {
                    xs[kept] = xs[i]
                    ys[kept] = ys[i]
                    ws[kept] = ws[i]
                    kept += 1
                }
            }
            if kept >= 3 && kept < found { line = fit(xs, ys, ws, count: kept) }
            // Keep the direction a -> b.
            if line.direction.x * ux + line.direction.y * uy < 0 { line.direction = line.direction * -1 }
            return line
        }
    }

    /// The weighted total-least-squares line through the points.
    private static func fit(
        _ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ ws: UnsafePointer<Double>, count: Int
    ) -> Line {
        var sw = 0.0, mx = 0.0, my = 0.0
        for i in 0..<count {
            sw += ws[i]
            mx += ws[i] * xs[i]
            my += ws[i] * ys[i]
        }
        mx /= sw
        my /= sw
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for i in 0..<count {
            let dx = xs[i] - mx, dy = ys[i] - my
            sxx += ws[i] * dx * dx
            sxy += ws[i] * dx * dy
            syy += ws[i] * dy * dy
        }
        let axis = PrincipalAxis.direction(sxx: sxx, sxy: sxy, syy: syy) ?? (1, 0)
        let direction = ImagePoint(x: axis.x, y: axis.y)
        return Line(point: ImagePoint(x: mx, y: my), direction: direction)
    }
}
