/// Small dense linear systems, solved by Gaussian elimination with partial pivoting.
enum LinearSolver {
    /// Solves `a x = b` for a square `n` x `n` matrix `a` (row-major); nil when it is singular.
    static func solve(_ a: [Double], _ b: [Double], n: Int) -> [Double]? {
        var m = a
        var v = b
        let scale = m.reduce(0) { max($0, abs($1)) }
        guard scale > 0, scale.isFinite else { return nil }
        for column in 0..<n {
            var pivot = column
            for row in (column + 1)..<n where abs(m[row * n + column]) > abs(m[pivot * n + column]) { pivot = row }
            guard abs(m[pivot * n + column]) > 1e-13 * scale else { return nil }
            if pivot != column {
                for k in 0..<n { m.swapAt(column * n + k, pivot * n + k) }
                v.swapAt(column, pivot)
            }
            let inverse = 1 / m[column * n + column]
            for row in (column + 1)..<n {
                let factor = m[row * n + column] * inverse
                if factor == 0 { continue }
                for k in column..<n { m[row * n + k] -= factor * m[column * n + k] }
                v[row] -= factor * v[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = v[row]
            for k in (row + 1)..<n { sum -= m[row * n + k] * x[k] }
            x[row] = sum / m[row * n + row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
