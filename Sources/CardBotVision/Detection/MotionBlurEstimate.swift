import CardBotGeometry
import CardBotImaging

/// How far motion smeared a marker, and where its sides really are, measured on its own border, in marker cells.
///
/// The outer edge of the black border ring is a known step: white margin outside (one cell wide on a card), black
/// ring one cell inside, then the data cells. Motion blur along a line turns each step into a ramp as wide as the
/// smear's component along the step's normal. The profile across the left and right sides (averaged along their
/// middle, mirrored into one) gives the smear's extent across the marker's columns; the top and bottom sides give
/// it across the rows. Each profile is fitted, for every candidate width, by a box-blurred staircase whose levels
/// (the table beyond the margin, the margin, the ring, the first and the further data cells) are free, and the
/// width with the least residual wins (fits with levels no print can have, which a wide box can fake, are out).
/// The smear's direction is known only up to the sign of one component: axis steps cannot tell a smear to the
/// lower right from one to the upper right.
///
/// A smeared marker's corners are found poorly (the thresholded outline follows the smear, and the steepest rise
/// of a ramp many pixels wide is flat), so each half of each side is then placed where the staircase of the
/// measured width fits its own profile best, and the corners are where the new side lines meet.
struct MotionBlurEstimate {
    /// The smear's extent along the marker's columns, in cells (the box kernel's full width, the lens's blur
    /// included).
    var across: Double
    /// The smear's extent along the marker's rows, in cells.
    var down: Double
    /// The marker's outer corners, placed on the blurred sides.
    var corners: [ImagePoint]

    /// The candidate widths, in cells.
    static let widths: [Double] = stride(from: 0.25, through: 3.5, by: 0.25).map { $0 }
    /// The staircases of the candidate widths on the border's own edge.
    static let widthFits = widths.map { StaircaseFit(width: $0, shift: 0) }
    /// The candidate shifts of a side, in cells (positive inwards).
    static let shifts: [Double] = stride(from: -0.75, through: 0.75, by: 0.125).map { $0 }
    /// The profile's sample positions across an edge, in cells from the border's outer edge (negative outside).
    static let positions: [Double] = stride(from: -1.75, through: 2.25, by: 0.125).map { $0 }
    /// The positions along a side where the profile is averaged, in two halves (clear of the corners).
    static let halves: [[Double]] = [[1.25, 1.75, 2.25, 2.75], [3.25, 3.75, 4.25, 4.75]]

    /// The estimate for the marker that `homography` maps the unit square onto (`cellsAcross` cells, the border
    /// included), or nil when a side shows no step of `minimumStep` gray levels from margin to ring, or when the
    /// smear is under `minimumSmear` cells both ways (then the sides are not placed: most quads end here, cheaply).
    static func measure(
        _ homography: Homography, sampler: GraySampler, cellsAcross: Int, minimumStep: Double, minimumSmear: Double = 0
    ) -> MotionBlurEstimate? {
        let count = positions.count
        // Eight profiles (sides left, top, right, bottom, x measured inwards from each; two halves a side), then the
        // mean of a mirrored pair's, in one buffer: a smeared cluttered frame measures some 50 borders.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 9 * count) { buffer in
            let profiles = buffer.baseAddress!
            sampleProfiles(homography, sampler: sampler, cellsAcross: cellsAcross, into: profiles)
            return fit(profiles, homography: homography, cellsAcross: cellsAcross, minimumStep: minimumStep,
                minimumSmear: minimumSmear)
        }
    }

    /// Fills `profiles` with the eight profiles of the marker's border (`measure`): side `side`, half `half` at
    /// `profiles + (side * 2 + half) * positions.count`.
    private static func sampleProfiles(
        _ homography: Homography, sampler: GraySampler, cellsAcross: Int, into profiles: UnsafeMutablePointer<Double>
    ) {
        let n = Double(cellsAcross)
        let count = positions.count
        let scale = 1 / n
        // `homography.map` at every point, its products with each point's u and v taken once per side and half (the
        // inward positions and the four along a side).
        typealias Terms = (x: Double, y: Double, w: Double)
        withUnsafeTemporaryAllocation(of: Terms.self, capacity: count + 4) { terms in
            let inward = terms.baseAddress!, along = inward + count
            for side in 0..<4 {
                // Sides left and right run down the marker (u inwards), top and bottom across it (v inwards).
                let inwardIsU = side % 2 == 0
                for i in 0..<count {
                    let (u, v) = markerPosition(side: side, inwards: positions[i], along: 0, cellsAcross: n)
                    inward[i] = inwardIsU ? homography.uTerms(u * scale) : homography.vTerms(v * scale)
                }
                for half in 0..<2 {
                    for k in 0..<4 {
                        let t = halves[half][k] * n / 6 * scale
                        along[k] = inwardIsU ? homography.vTerms(t) : homography.uTerms(t)
                    }
                    let profile = profiles + (side * 2 + half) * count
                    for i in 0..<count {
                        @inline(__always) func sample(_ k: Int) -> Double {
                            let p = inwardIsU
                                ? homography.map(u: inward[i], v: along[k]) : homography.map(u: along[k], v: inward[i])
                            return sampler.value(p.x, p.y)
                        }
                        var sum = 0.0
                        sum += sample(0)
                        sum += sample(1)
                        sum += sample(2)
                        sum += sample(3)
                        profile[i] = sum / 4
                    }
                }
            }
        }
    }

    /// The estimate from the eight profiles at `profiles` (`sampleProfiles`), whose buffer has room for a ninth.
    private static func fit(
        _ profiles: UnsafeMutablePointer<Double>, homography: Homography, cellsAcross: Int, minimumStep: Double,
        minimumSmear: Double
    ) -> MotionBlurEstimate? {
        let n = Double(cellsAcross)
        let count = positions.count
        let scale = 1 / n
        @inline(__always) func profile(_ index: Int) -> UnsafeBufferPointer<Double> {
            UnsafeBufferPointer(start: profiles + index * count, count: count)
        }
        // The widths from the mirrored pairs (left with right, top with bottom), every half together.
        let mean = profiles + 8 * count
        var sizes = [0.0, 0.0]
        for axis in 0..<2 {
            mean.update(repeating: 0, count: count)
            for p in [axis * 2, axis * 2 + 1, axis * 2 + 4, axis * 2 + 5] {
                let source = profiles + p * count
                for i in 0..<count { mean[i] += source[i] / 4 }
            }
            let meanProfile = profile(8)
            let squares = StaircaseFit.squares(of: meanProfile)
            guard
                let size = bestFit(widths, {
                    widthFits[$0].residual(meanProfile, squares: squares, minimumStep: minimumStep)
                })
            else {
                return nil
            }
            sizes[axis] = size
        }
        guard max(sizes[0], sizes[1]) >= minimumSmear else { return nil }
        // Each half side at the shift that fits best with its axis's width.
        let shiftFits = sizes.map { width in shifts.map { StaircaseFit(width: width, shift: $0) } }
        var points: [ImagePoint] = []
        points.reserveCapacity(8)
        for side in 0..<4 {
            let fits = shiftFits[side % 2]
            for half in 0..<2 {
                let halfProfile = profile(side * 2 + half)
                let squares = StaircaseFit.squares(of: halfProfile)
                guard
                    let x = bestFit(shifts, { fits[$0].residual(halfProfile, squares: squares, minimumStep: minimumStep) })
                else {
                    return nil
                }
                let y = (halves[half][0] + halves[half][3]) / 2 * n / 6
                let (u, v) = markerPosition(side: side, inwards: x, along: y, cellsAcross: n)
                let p = homography.map(u * scale, v * scale)
                points.append(ImagePoint(x: p.x, y: p.y))
            }
        }
        // Corner i (clockwise from the top left) lies between side i and side i + 1 (left, top, right, bottom).
        var placed: [ImagePoint] = []
        placed.reserveCapacity(4)
        for i in 0..<4 {
            let a = i, b = (i + 1) % 4
            let first = CornerRefiner.Line(through: points[a * 2], points[a * 2 + 1])
            let second = CornerRefiner.Line(through: points[b * 2], points[b * 2 + 1])
            guard let corner = first.intersection(with: second) else { return nil }
            placed.append(corner)
        }
        return MotionBlurEstimate(across: sizes[0], down: sizes[1], corners: placed)
    }

    /// The estimate after `rounds` measurements, each on the corners the last one placed (a side far off at first
    /// is measured off-centre), or nil; nil at once when the first finds a smear under `minimumSmear` cells.
    static func settle(
        _ homography: Homography, sampler: GraySampler, cellsAcross: Int, minimumStep: Double, minimumSmear: Double,
        rounds: Int = 3
    ) -> MotionBlurEstimate? {
        var current = homography
        var estimate: MotionBlurEstimate?
        for round in 0..<rounds {
            guard
                let next = measure(
                    current, sampler: sampler, cellsAcross: cellsAcross, minimumStep: minimumStep,
                    minimumSmear: round == 0 ? minimumSmear : 0),
                let moved = Homography(unitSquareOnto: next.corners[0], next.corners[1], next.corners[2], next.corners[3])
            else { return estimate }
            let settled = estimate.map { last in
                zip(last.corners, next.corners).allSatisfy { $0.distance(to: $1) < 0.25 }
            } ?? false
            estimate = next
            current = moved
            if settled { break }
        }
        return estimate
    }

    /// Marker coordinates in cells of a point `inwards` cells inside side `side` (left, top, right, bottom) and
    /// `along` cells along it.
    static func markerPosition(side: Int, inwards x: Double, along y: Double, cellsAcross n: Double) -> (Double, Double) {
        switch side {
        case 0: (x, y)
        case 1: (y, x)
        case 2: (n - x, y)
        default: (y, n - x)
        }
    }

    /// The candidate with the smallest residual (`residual` of its index), refined between its neighbours
    /// (``refined(_:_:_:)``), or nil when no candidate fits.
    static func bestFit(_ candidates: [Double], _ residual: (Int) -> Double?) -> Double? {
        guard !candidates.isEmpty else { return nil }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: candidates.count) { residuals in
            for index in candidates.indices { residuals.initializeElement(at: index, to: residual(index) ?? .infinity) }
            var index = 0
            for candidate in 1..<candidates.count where residuals[candidate] < residuals[index] { index = candidate }
            guard residuals[index].isFinite else { return nil }
            return refined(candidates, UnsafeBufferPointer(residuals), index)
        }
    }

    /// The candidate nearest the least residual, refined by a parabola through its neighbours.
    static func refined(_ candidates: [Double], _ residuals: UnsafeBufferPointer<Double>, _ index: Int) -> Double {
        let step = candidates.count > 1 ? candidates[1] - candidates[0] : 0
        guard index > 0, index < candidates.count - 1 else { return candidates[index] }
        let a = residuals[index - 1], b = residuals[index], c = residuals[index + 1]
        guard a.isFinite, c.isFinite else { return candidates[index] }
        let curvature = a - 2 * b + c
        guard curvature > 1e-12 else { return candidates[index] }
        return candidates[index] + step * max(-0.5, min(0.5, 0.5 * (a - c) / curvature))
    }
}
