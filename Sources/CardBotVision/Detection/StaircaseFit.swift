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
    /// Per row, its first level with weight and one past its last (`first | end << 8`): a box covers neighbouring
    /// levels only, so the fit adds just those.
    private let spans: [Int]
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
        var spans = [Int](repeating: 0, count: positions.count)
        var gram = [Double](repeating: 0, count: n * n)
        rows.withUnsafeMutableBufferPointer { rows in
            gram.withUnsafeMutableBufferPointer { gram in
                for (i, x) in positions.enumerated() {
                    let lo = x - width / 2, hi = x + width / 2
                    let row = rows.baseAddress! + i * n
                    var previous = lo
                    var end = min(hi, e0)
                    row[0] = max(0, end - previous) * inverse
                    previous = max(previous, end)
                    end = min(hi, e1)
                    row[1] = max(0, end - previous) * inverse
                    previous = max(previous, end)
                    end = min(hi, e2)
                    row[2] = max(0, end - previous) * inverse
                    previous = max(previous, end)
                    end = min(hi, e3)
                    row[3] = max(0, end - previous) * inverse
                    previous = max(previous, end)
                    row[4] = max(0, hi - previous) * inverse
                    var weightedFrom = n, weightedEnd = 0
                    for j in 0..<n where row[j] != 0 {
                        weightedFrom = min(weightedFrom, j)
                        weightedEnd = j + 1
                    }
                    weightedFrom = min(weightedFrom, weightedEnd)
                    spans[i] = weightedFrom | weightedEnd << 8
                    // Products with a level without weight add nothing.
                    for j in weightedFrom..<weightedEnd where row[j] != 0 {
                        for k in j..<weightedEnd { gram[j * n + k] += row[j] * row[k] }
                    }
                }
            }
        }
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
        self.spans = spans
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
        let n = Self.levels
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n) { scratch -> Double? in
            let atb = scratch.baseAddress!, level = atb + n
            for j in 0..<n { atb[j] = 0 }
            rows.withUnsafeBufferPointer { rows in
                spans.withUnsafeBufferPointer { spans in
                    for i in 0..<profile.count {
                        let value = profile[i]
                        let span = spans[i]
                        for j in (span & 0xFF)..<(span >> 8) { atb[j] += rows[i * n + j] * value }
                    }
                }
            }
            // Levels by two substitutions; the residual is |p|^2 - |L^-1 A^T p|^2.
            var explained = 0.0
            factor.withUnsafeBufferPointer { factor in
                for i in 0..<n {
                    var v = atb[i]
                    for k in 0..<i { v -= factor[i * n + k] * level[k] }
                    level[i] = v / factor[i * n + i]
                }
                for i in 0..<n { explained += level[i] * level[i] }
                for i in stride(from: n - 1, through: 0, by: -1) {
                    var v = level[i]
                    for k in (i + 1)..<n { v -= factor[k * n + i] * level[k] }
                    level[i] = v / factor[i * n + i]
                }
            }
            for j in 0..<n where used & (1 << j) != 0 && (level[j] < -30 || level[j] > 285) { return nil }
            guard level[1] - level[2] >= minimumStep else { return nil }
            return max(0, squares - explained)
        }
    }
}
