/// Fits a homography to point pairs: the normalised direct linear transform (Hartley's normalisation of both
/// point sets, then weighted least squares), refined by Gauss-Newton on the geometric error in the image.
public enum HomographyEstimator {
    /// One pair: a point on the table (millimetres) and where it was seen (pixels), with a weight.
    public struct Correspondence: Sendable, Hashable {
        /// The table point, millimetres.
        public var table: SIMD2<Double>
        /// The image point, pixels.
        public var image: SIMD2<Double>
        /// The pair's weight in the fit (1 by default; 0 leaves it out).
        public var weight: Double

        /// Creates a pair.
        public init(table: SIMD2<Double>, image: SIMD2<Double>, weight: Double = 1) {
            self.table = table
            self.image = image
            self.weight = weight
        }
    }

    /// The homography that maps the table points onto the image points with the least weighted squared error,
    /// or nil when the pairs do not determine one (fewer than four, or degenerate).
    /// - Parameter refinements: Gauss-Newton passes on the geometric error after the linear fit.
    public static func fit(_ pairs: [Correspondence], refinements: Int = 4) -> Homography? {
        let used = pairs.filter { $0.weight > 0 }
        guard used.count >= 4 else { return nil }
        guard let tableNorm = normalisation(used.map(\.table), weights: used.map(\.weight)),
            let imageNorm = normalisation(used.map(\.image), weights: used.map(\.weight))
        else { return nil }
        // Normalised coordinates: both clouds centred, mean distance sqrt(2).
        let points = used.map { pair -> (x: Double, y: Double, u: Double, v: Double, w: Double) in
            let t = tableNorm.project(pair.table.x, pair.table.y)
            let i = imageNorm.project(pair.image.x, pair.image.y)
            return (t.x, t.y, i.x, i.y, pair.weight)
        }
        guard var h = linearFit(points) else { return nil }
        for _ in 0..<refinements {
            guard let next = gaussNewton(points, h) else { break }
            h = next
        }
        let normalised = Homography(h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1)
        guard let imageInverse = imageNorm.inverse else { return nil }
        var result = imageInverse.concatenating(normalised).concatenating(tableNorm)
        // Scale so that w is positive at the table points (in front of the camera).
        let first = used[0].table
        if result.w(first.x, first.y) < 0 { result = result.scaled(by: -1) }
        let norm = (result.m20 * result.m20 + result.m21 * result.m21 + result.m22 * result.m22).squareRoot()
        if norm > 0 { result = result.scaled(by: 1 / norm) }
        return result
    }

    /// The similarity that moves the (weighted) centroid to the origin and scales the mean distance to sqrt(2).
    static func normalisation(_ points: [SIMD2<Double>], weights: [Double]) -> Homography? {
        let total = weights.reduce(0, +)
        guard total > 0 else { return nil }
        var centre = SIMD2<Double>(0, 0)
        for (p, w) in zip(points, weights) { centre += p * w }
        centre /= total
        var spread = 0.0
        for (p, w) in zip(points, weights) {
            let d = p - centre
            spread += (d * d).sum().squareRoot() * w
        }
        spread /= total
        guard spread > 1e-12 else { return nil }
        let s = 2.0.squareRoot() / spread
        return Homography(s, 0, -s * centre.x, 0, s, -s * centre.y, 0, 0, 1)
    }

    /// The linear least-squares fit with h33 = 1 (safe in normalised coordinates, where the centroid maps
    /// near the image cloud's centre): eight unknowns from the normal equations.
    static func linearFit(_ points: [(x: Double, y: Double, u: Double, v: Double, w: Double)]) -> [Double]? {
        var ata = [Double](repeating: 0, count: 64)
        var atb = [Double](repeating: 0, count: 8)
        for p in points {
            let rowU = [p.x, p.y, 1, 0, 0, 0, -p.x * p.u, -p.y * p.u]
            let rowV = [0, 0, 0, p.x, p.y, 1, -p.x * p.v, -p.y * p.v]
            accumulate(&ata, &atb, rowU, p.u, p.w)
            accumulate(&ata, &atb, rowV, p.v, p.w)
        }
        return LinearSolver.solve(ata, atb, n: 8)
    }

    /// One Gauss-Newton step on the weighted squared distance between mapped and seen points.
    static func gaussNewton(_ points: [(x: Double, y: Double, u: Double, v: Double, w: Double)], _ h: [Double]) -> [Double]? {
        var jtj = [Double](repeating: 0, count: 64)
        var jtr = [Double](repeating: 0, count: 8)
        for p in points {
            let w = h[6] * p.x + h[7] * p.y + 1
            guard abs(w) > 1e-12 else { return nil }
            let nu = h[0] * p.x + h[1] * p.y + h[2]
            let nv = h[3] * p.x + h[4] * p.y + h[5]
            let mu = nu / w
            let mv = nv / w
            let iw = 1 / w
            let rowU = [p.x * iw, p.y * iw, iw, 0, 0, 0, -p.x * mu * iw, -p.y * mu * iw]
            let rowV = [0, 0, 0, p.x * iw, p.y * iw, iw, -p.x * mv * iw, -p.y * mv * iw]
            accumulate(&jtj, &jtr, rowU, p.u - mu, p.w)
            accumulate(&jtj, &jtr, rowV, p.v - mv, p.w)
        }
        guard let delta = LinearSolver.solve(jtj, jtr, n: 8) else { return nil }
        return zip(h, delta).map { $0 + $1 }
    }

    @inline(__always)
    private static func accumulate(_ ata: inout [Double], _ atb: inout [Double], _ row: [Double], _ target: Double, _ weight: Double) {
        for i in 0..<8 {
            let ri = row[i] * weight
            if ri == 0 { continue }
            atb[i] += ri * target
            for j in 0..<8 { ata[i * 8 + j] += ri * row[j] }
        }
    }
}
