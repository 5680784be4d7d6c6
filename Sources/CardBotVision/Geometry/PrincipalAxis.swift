/// The direction along which a cloud of points spreads most, from its 2x2 scatter matrix.
enum PrincipalAxis {
    /// The unit eigenvector of the larger eigenvalue of [[sxx, sxy], [sxy, syy]], or nil when the points
    /// do not spread at all (all on one spot).
    @inline(__always)
    static func direction(sxx: Double, sxy: Double, syy: Double) -> (x: Double, y: Double)? {
        let half = (sxx - syy) / 2
        let largest = (sxx + syy) / 2 + (half * half + sxy * sxy).squareRoot()
        var vx = sxy, vy = largest - sxx
        // Of the two equivalent eigenvector formulas, take the better-conditioned one.
        if abs(largest - syy) + abs(sxy) > abs(vx) + abs(vy) {
            vx = largest - syy
            vy = sxy
        }
        let norm = (vx * vx + vy * vy).squareRoot()
        guard norm > 1e-12 else { return nil }
        return (vx / norm, vy / norm)
    }
}
