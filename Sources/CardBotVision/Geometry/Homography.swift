import CardBotImaging

/// A projective map from the unit square to a quadrilateral in the image (Heckbert's closed form).
///
/// `(0,0)`, `(1,0)`, `(1,1)`, `(0,1)` map to the four corners given, in that order.
struct Homography {
    // x = (a u + b v + c) / (g u + h v + 1), y = (d u + e v + f) / (g u + h v + 1)
    var a, b, c, d, e, f, g, h: Double

    /// The map of the unit square onto `p0...p3`, or nil when the corners are degenerate.
    init?(_ p0: ImagePoint, _ p1: ImagePoint, _ p2: ImagePoint, _ p3: ImagePoint) {
        let sx = p0.x - p1.x + p2.x - p3.x
        let sy = p0.y - p1.y + p2.y - p3.y
        if abs(sx) < 1e-12 && abs(sy) < 1e-12 {
            // An affine map (a parallelogram).
            a = p1.x - p0.x; b = p2.x - p1.x; c = p0.x
            d = p1.y - p0.y; e = p2.y - p1.y; f = p0.y
            g = 0; h = 0
        } else {
            let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x
            let dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
            let denominator = dx1 * dy2 - dx2 * dy1
            guard abs(denominator) > 1e-12 else { return nil }
            g = (sx * dy2 - dx2 * sy) / denominator
            h = (dx1 * sy - sx * dy1) / denominator
            a = p1.x - p0.x + g * p1.x
            b = p3.x - p0.x + h * p3.x
            c = p0.x
            d = p1.y - p0.y + g * p1.y
            e = p3.y - p0.y + h * p3.y
            f = p0.y
        }
    }

    /// The image point of unit-square point `(u, v)`.
    @inline(__always)
    func map(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
        let w = g * u + h * v + 1
        let inverse = 1 / w
        return ((a * u + b * v + c) * inverse, (d * u + e * v + f) * inverse)
    }
}
