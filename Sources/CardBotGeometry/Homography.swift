#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 3x3 projective map of the plane: `(x, y, 1)` maps to `(x', y', w)` by the rows `m0*`, `m1*` and `m2*`.
///
/// One type for every projective map in CardBot: the unit square onto a marker's corners (the marker reader's
/// sampling grid), table millimetres to image pixels and back (the AR layer and the frame synthesizer), and the
/// fit of such a map to point pairs (`HomographyEstimator`). The nine entries are stored as scalars and the
/// mapping functions are inlinable, so the reader's inner loop costs what a private copy did. Each formula keeps
/// its operation order: a map computed twice gives the same bits, and so do the pictures drawn with it.
public struct Homography: Sendable, Hashable {
    /// Row 0, column 0 (the numerator of x' takes `m00 x + m01 y + m02`).
    public var m00: Double
    /// Row 0, column 1.
    public var m01: Double
    /// Row 0, column 2.
    public var m02: Double
    /// Row 1, column 0 (the numerator of y' takes `m10 x + m11 y + m12`).
    public var m10: Double
    /// Row 1, column 1.
    public var m11: Double
    /// Row 1, column 2.
    public var m12: Double
    /// Row 2, column 0 (the homogeneous w is `m20 x + m21 y + m22`).
    public var m20: Double
    /// Row 2, column 1.
    public var m21: Double
    /// Row 2, column 2.
    public var m22: Double

    /// Creates a homography from its nine entries, row by row.
    @inlinable
    public init(
        _ m00: Double, _ m01: Double, _ m02: Double,
        _ m10: Double, _ m11: Double, _ m12: Double,
        _ m20: Double, _ m21: Double, _ m22: Double
    ) {
        self.m00 = m00
        self.m01 = m01
        self.m02 = m02
        self.m10 = m10
        self.m11 = m11
        self.m12 = m12
        self.m20 = m20
        self.m21 = m21
        self.m22 = m22
    }

    /// The map of the unit square onto the quadrilateral `p0...p3` (Heckbert's closed form), or nil when the
    /// corners are degenerate.
    ///
    /// `(0,0)`, `(1,0)`, `(1,1)`, `(0,1)` map to `p0`, `p1`, `p2`, `p3`. `m22` is 1, so `map(_:_:)` computes
    /// `(m00 u + m01 v + m02) / (m20 u + m21 v + 1)`.
    @inlinable
    public init?(unitSquareOnto p0: ImagePoint, _ p1: ImagePoint, _ p2: ImagePoint, _ p3: ImagePoint) {
        let sx = p0.x - p1.x + p2.x - p3.x
        let sy = p0.y - p1.y + p2.y - p3.y
        if abs(sx) < 1e-12 && abs(sy) < 1e-12 {
            // An affine map (a parallelogram).
            m00 = p1.x - p0.x; m01 = p2.x - p1.x; m02 = p0.x
            m10 = p1.y - p0.y; m11 = p2.y - p1.y; m12 = p0.y
            m20 = 0; m21 = 0
        } else {
            let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x
            let dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
            let denominator = dx1 * dy2 - dx2 * dy1
            guard abs(denominator) > 1e-12 else { return nil }
            m20 = (sx * dy2 - dx2 * sy) / denominator
            m21 = (dx1 * sy - sx * dy1) / denominator
            m00 = p1.x - p0.x + m20 * p1.x
            m01 = p3.x - p0.x + m21 * p3.x
            m02 = p0.x
            m10 = p1.y - p0.y + m20 * p1.y
            m11 = p3.y - p0.y + m21 * p3.y
            m12 = p0.y
        }
        m22 = 1
    }

    /// The identity.
    public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// A similarity: rotate by `angle` radians, scale by `scale`, then translate by (tx, ty).
    @inlinable
    public static func similarity(angle: Double = 0, scale: Double = 1, tx: Double = 0, ty: Double = 0) -> Homography {
        let c = cos(angle) * scale
        let s = sin(angle) * scale
        return Homography(c, -s, tx, s, c, ty, 0, 0, 1)
    }

    /// The homogeneous w of `(x, y)`: positive in front of the camera for a table-to-image map.
    @inlinable @inline(__always)
    public func w(_ x: Double, _ y: Double) -> Double { m20 * x + m21 * y + m22 }

    /// Maps `(x, y)`; nil when the point lies on or behind the line at infinity (w <= 1e-12).
    @inlinable @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> ImagePoint? {
        let w = m20 * x + m21 * y + m22
        guard w > 1e-12 else { return nil }
        return ImagePoint((m00 * x + m01 * y + m02) / w, (m10 * x + m11 * y + m12) / w)
    }

    /// Maps a point, whatever the sign of w (for maps whose sign is not fixed, such as normalising transforms).
    @inlinable @inline(__always)
    public func project(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let w = m20 * x + m21 * y + m22
        return ((m00 * x + m01 * y + m02) / w, (m10 * x + m11 * y + m12) / w)
    }

    /// Maps unit-square point `(u, v)` the fast way: both numerators times one reciprocal of w, unchecked.
    ///
    /// The marker reader's sampling loop; its results may differ from `project(_:_:)` in the last bit.
    @inlinable @inline(__always)
    public func map(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
        let w = m20 * u + m21 * v + m22
        let inverse = 1 / w
        return ((m00 * u + m01 * v + m02) * inverse, (m10 * u + m11 * v + m12) * inverse)
    }

    /// The products of `map`'s first column with `u` (x', y' and w in turn), to be taken once for a grid column.
    @inlinable @inline(__always)
    public func uTerms(_ u: Double) -> (x: Double, y: Double, w: Double) { (m00 * u, m10 * u, m20 * u) }

    /// The products of `map`'s second column with `v`, to be taken once for a grid row.
    @inlinable @inline(__always)
    public func vTerms(_ v: Double) -> (x: Double, y: Double, w: Double) { (m01 * v, m11 * v, m21 * v) }

    /// `map(u, v)` from `uTerms(u)` and `vTerms(v)`: the same sums in the same order, so the same bits, for a grid
    /// whose products are taken once per row and column.
    @inlinable @inline(__always)
    public func map(
        u: (x: Double, y: Double, w: Double), v: (x: Double, y: Double, w: Double)
    ) -> (x: Double, y: Double) {
        let inverse = 1 / (u.w + v.w + m22)
        return ((u.x + v.x + m02) * inverse, (u.y + v.y + m12) * inverse)
    }

    /// `self` after `other`: `(self * other)(p) = self(other(p))`.
    @inlinable
    public func concatenating(_ other: Homography) -> Homography {
        let o = other
        return Homography(
            m00 * o.m00 + m01 * o.m10 + m02 * o.m20, m00 * o.m01 + m01 * o.m11 + m02 * o.m21,
            m00 * o.m02 + m01 * o.m12 + m02 * o.m22,
            m10 * o.m00 + m11 * o.m10 + m12 * o.m20, m10 * o.m01 + m11 * o.m11 + m12 * o.m21,
            m10 * o.m02 + m11 * o.m12 + m12 * o.m22,
            m20 * o.m00 + m21 * o.m10 + m22 * o.m20, m20 * o.m01 + m21 * o.m11 + m22 * o.m21,
            m20 * o.m02 + m21 * o.m12 + m22 * o.m22)
    }

    /// The determinant of the matrix.
    @inlinable
    public var determinant: Double {
        m00 * (m11 * m22 - m12 * m21) - m01 * (m10 * m22 - m12 * m20) + m02 * (m10 * m21 - m11 * m20)
    }

    /// The inverse, or nil when the map is singular or its determinant is not finite: the adjugate times the
    /// reciprocal of the determinant.
    @inlinable
    public var inverse: Homography? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let adjugate = Homography(
            m11 * m22 - m12 * m21, m02 * m21 - m01 * m22, m01 * m12 - m02 * m11,
            m12 * m20 - m10 * m22, m00 * m22 - m02 * m20, m02 * m10 - m00 * m12,
            m10 * m21 - m11 * m20, m01 * m20 - m00 * m21, m00 * m11 - m01 * m10)
        return adjugate.scaled(by: 1 / det)
    }

    /// The inverse with every cofactor divided by the determinant, or nil when the map is singular.
    ///
    /// The same map as `inverse`, rounded differently in the last bit (a division per entry rather than one
    /// reciprocal): the frame synthesizer draws with this one, and its frames are reproducible to the byte.
    @inlinable
    public var inverseByDivision: Homography? {
        let det = determinant
        guard abs(det) > 1e-300 else { return nil }
        return Homography(
            (m11 * m22 - m12 * m21) / det, -(m01 * m22 - m02 * m21) / det, (m01 * m12 - m02 * m11) / det,
            -(m10 * m22 - m12 * m20) / det, (m00 * m22 - m02 * m20) / det, -(m00 * m12 - m02 * m10) / det,
            (m10 * m21 - m11 * m20) / det, -(m00 * m21 - m01 * m20) / det, (m00 * m11 - m01 * m10) / det)
    }

    /// Every entry multiplied by `factor` (the same projective map for any non-zero factor).
    @inlinable
    public func scaled(by factor: Double) -> Homography {
        Homography(
            m00 * factor, m01 * factor, m02 * factor, m10 * factor, m11 * factor, m12 * factor,
            m20 * factor, m21 * factor, m22 * factor)
    }
}
