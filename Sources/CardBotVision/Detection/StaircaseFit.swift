/// A box-blurred staircase of one width and one shift, sampled at `MotionBlurEstimate.positions`, ready to be
/// fitted to profiles across a marker's side by least squares.
///
/// The staircase's five levels (the table beyond the margin, the margin, the ring, the first and the further data
/// cells) are free, so a fit solves the normal equations A^T A l = A^T p for the levels l of a profile p. A^T A
/// depends on the width and the shift alone: it is summed and factored (Cholesky) once here, and each profile then
/// costs only A^T p and two substitutions. `MotionBlurEstimate` fits every half side at 13 shifts for the same
/// width, and every marker's width at the same 14 candidates, so most fits share a factor (`perf record` on a
/// smeared 640x480 frame, before: 36% of its time in the fit).
struct StaircaseFit {
    /// The number of levels.
    static let levels = 5
    /// The design matrix, `positions.count` rows of `levels`: the share of the box over each level's stretch.
    private let rows: [Double]
    /// The Cholesky factor L of A^T A (with 1e-6 added to its diagonal), in the lower triangle, row-major.
    private let factor: [Double]
    /// The levels with weight in the fit (bit j for level j); a level without is left out of the checks.
    private let used: Int
    /// Whether A^T A could be factored (every level has some weight or the regularisation carries it).
    private let solvable: Bool

    /// The staircase of a box `width` cells wide whose outer edge is `shift` cells inwards of the border's.
    init(width: Double, shift: Double) {
        let n = Self.levels
        let positions = MotionBlurEstimate.positions
        // Level boundaries: table | margin | ring | first data cells | further cells.
        let e0 = shift - 1, e1 = shift, e2 = shift + 1, e3 = shift + 2
        let inverse = 1 / width
        var rows = [Double](repeating: 0, count: positions.count * n)
        // The upper triangle of A^T A in registers, every product added (those with a level without weight add
        // nothing), so that no sum waits on memory for the last row's.
        var g00 = 0.0, g01 = 0.0, g02 = 0.0, g03 = 0.0, g04 = 0.0, g11 = 0.0, g12 = 0.0, g13 = 0.0, g14 = 0.0
        var g22 = 0.0, g23 = 0.0, g24 = 0.0, g33 = 0.0, g34 = 0.0, g44 = 0.0
        rows.withUnsafeMutableBufferPointer { rows in
            for (i, x) in positions.enumerated() {
                let lo = x - width / 2, hi = x + width / 2
                var previous = lo
                var end = min(hi, e0)
                let r0 = max(0, end - previous) * inverse
                previous = max(previous, end)
                end = min(hi, e1)
                let r1 = max(0, end - previous) * inverse
                previous = max(previous, end)
                end = min(hi, e2)
                let r2 = max(0, end - previous) * inverse
                previous = max(previous, end)
                end = min(hi, e3)
                let r3 = max(0, end - previous) * inverse
                previous = max(previous, end)
                let r4 = max(0, hi - previous) * inverse
                let row = rows.baseAddress! + i * n
                (row[0], row[1], row[2], row[3], row[4]) = (r0, r1, r2, r3, r4)
                g00 += r0 * r0
                g01 += r0 * r1
                g02 += r0 * r2
                g03 += r0 * r3
                g04 += r0 * r4
                g11 += r1 * r1
                g12 += r1 * r2
                g13 += r1 * r3
                g14 += r1 * r4
                g22 += r2 * r2
                g23 += r2 * r3
                g24 += r2 * r4
                g33 += r3 * r3
                g34 += r3 * r4
                g44 += r4 * r4
            }
        }
        var gram = [
            g00, g01, g02, g03, g04,
            0, g11, g12, g13, g14,
            0, 0, g22, g23, g24,
            0, 0, 0, g33, g34,
            0, 0, 0, 0, g44,
        ]
        for j in 0..<n {
            gram[j * n + j] += 1e-6
            for k in 0..<j { gram[j * n + k] = gram[k * n + j] }
        }
        var used = 0
        for j in 0..<n where gram[j * n + j] > 1e-3 { used |= 1 << j }
        // Cholesky in place: gram = L L^T.
        var solvable = true
        factoring: for j in 0..<n {
            var d = gram[j * n + j]
            for k in 0..<j { d -= gram[j * n + k] * gram[j * n + k] }
            guard d > 1e-12 else {
                solvable = false
                break factoring
            }
            let l = d.squareRoot()
            gram[j * n + j] = l
            for i in (j + 1)..<n {
                var v = gram[i * n + j]
                for k in 0..<j { v -= gram[i * n + k] * gram[j * n + k] }
                gram[i * n + j] = v / l
            }
        }
        self.rows = rows
        self.factor = gram
        self.used = used
        self.solvable = solvable
    }

    /// The sum of the squares of `profile`'s values, which every fit of it needs (`residual`).
    static func squares(of profile: UnsafeBufferPointer<Double>) -> Double {
        var squares = 0.0
        for value in profile { squares += value * value }
        return squares
    }

    /// The squared residual of the staircase's best levels through `profile`, whose squares sum to `squares`
    /// (`squares(of:)`), or nil when those levels are no print's (out of the gray range, or the margin not
    /// `minimumStep` lighter than the ring).
    func residual(_ profile: UnsafeBufferPointer<Double>, squares: Double, minimumStep: Double) -> Double? {
        guard solvable else { return nil }
        precondition(Self.levels == 5, "the fit is written out for five levels")
        // A^T p in five registers: every level of every row, those without weight adding nothing, so that no sum
        // waits on memory for the last row's (a fit was a sixth of a smeared frame's time, most of it there).
        var a0 = 0.0, a1 = 0.0, a2 = 0.0, a3 = 0.0, a4 = 0.0
        rows.withUnsafeBufferPointer { rows in
            for i in 0..<profile.count {
                let value = profile[i]
                let row = rows.baseAddress! + i * 5
                a0 += row[0] * value
                a1 += row[1] * value
                a2 += row[2] * value
                a3 += row[3] * value
                a4 += row[4] * value
            }
        }
        // Levels by two substitutions; the residual is |p|^2 - |L^-1 A^T p|^2.
        return factor.withUnsafeBufferPointer { f -> Double? in
            let y0 = a0 / f[0]
            let y1 = (a1 - f[5] * y0) / f[6]
            let y2 = (a2 - f[10] * y0 - f[11] * y1) / f[12]
            let y3 = (a3 - f[15] * y0 - f[16] * y1 - f[17] * y2) / f[18]
            let y4 = (a4 - f[20] * y0 - f[21] * y1 - f[22] * y2 - f[23] * y3) / f[24]
            var explained = 0.0
            explained += y0 * y0
            explained += y1 * y1
            explained += y2 * y2
            explained += y3 * y3
            explained += y4 * y4
            let l4 = y4 / f[24]
            let l3 = (y3 - f[23] * l4) / f[18]
            let l2 = (y2 - f[17] * l3 - f[22] * l4) / f[12]
            let l1 = (y1 - f[11] * l2 - f[16] * l3 - f[21] * l4) / f[6]
            let l0 = (y0 - f[5] * l1 - f[10] * l2 - f[15] * l3 - f[20] * l4) / f[0]
            // A level with weight outside what print can be.
            @inline(__always) func outOfRange(_ j: Int, _ level: Double) -> Bool {
                used & (1 << j) != 0 && (level < -30 || level > 285)
            }
            if outOfRange(0, l0) || outOfRange(1, l1) || outOfRange(2, l2) || outOfRange(3, l3) || outOfRange(4, l4) {
                return nil
            }
            guard l1 - l2 >= minimumStep else { return nil }
            return max(0, squares - explained)
        }
    }
}
