import CardBotImaging

/// A 3x3 projective map of the plane, stored by rows: `(x, y, 1)` maps to `(row0·p, row1·p, row2·p)`.
///
/// The AR layer's homographies run from table millimetres to image pixels (the pixel convention of
/// `ImagePoint`: the centre of pixel (x, y) is at (x, y)).
public struct PlaneHomography: Sendable, Hashable {
    /// The first row (the numerator of x).
    public var row0: SIMD3<Double>
    /// The second row (the numerator of y).
    public var row1: SIMD3<Double>
    /// The third row (the homogeneous w).
    public var row2: SIMD3<Double>

    /// Creates a homography from its rows.
    public init(_ row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    /// Creates a homography from nine entries, row by row.
    public init(_ m: [Double]) {
        precondition(m.count == 9, "a homography has nine entries")
        self.init(SIMD3(m[0], m[1], m[2]), SIMD3(m[3], m[4], m[5]), SIMD3(m[6], m[7], m[8]))
    }

    /// The identity.
    public static let identity = PlaneHomography(SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))

    /// The nine entries, row by row.
    public var entries: [Double] { [row0.x, row0.y, row0.z, row1.x, row1.y, row1.z, row2.x, row2.y, row2.z] }

    /// The homogeneous w of `(x, y)`: positive in front of the camera for a table-to-image map.
    @inline(__always)
    public func w(_ x: Double, _ y: Double) -> Double { row2.x * x + row2.y * y + row2.z }

    /// Maps `(x, y)`; nil when the point lies on or behind the line at infinity.
    @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> ImagePoint? {
        let w = row2.x * x + row2.y * y + row2.z
        guard w > 1e-12 else { return nil }
        return ImagePoint((row0.x * x + row0.y * y + row0.z) / w, (row1.x * x + row1.y * y + row1.z) / w)
    }

    /// Maps a point, whatever the sign of w (for maps whose sign is not fixed, such as normalising transforms).
    @inline(__always)
    public func project(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let w = row2.x * x + row2.y * y + row2.z
        return ((row0.x * x + row0.y * y + row0.z) / w, (row1.x * x + row1.y * y + row1.z) / w)
    }

    /// `self` after `other`: `(self * other)(p) = self(other(p))`.
    public func concatenating(_ other: PlaneHomography) -> PlaneHomography {
        let c0 = SIMD3(other.row0.x, other.row1.x, other.row2.x)
        let c1 = SIMD3(other.row0.y, other.row1.y, other.row2.y)
        let c2 = SIMD3(other.row0.z, other.row1.z, other.row2.z)
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> { SIMD3((r * c0).sum(), (r * c1).sum(), (r * c2).sum()) }
        return PlaneHomography(row(row0), row(row1), row(row2))
    }

    /// The determinant.
    public var determinant: Double {
        row0.x * (row1.y * row2.z - row1.z * row2.y) - row0.y * (row1.x * row2.z - row1.z * row2.x)
            + row0.z * (row1.x * row2.y - row1.y * row2.x)
    }

    /// The inverse, or nil when the map is singular.
    public var inverse: PlaneHomography? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let a = row0, b = row1, c = row2
        let inv = PlaneHomography(
            SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y),
            SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z),
            SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x))
        return inv.scaled(by: 1 / det)
    }

    /// Every entry multiplied by `factor` (the same projective map for any non-zero factor).
    public func scaled(by factor: Double) -> PlaneHomography {
        PlaneHomography(row0 * factor, row1 * factor, row2 * factor)
    }

    /// A similarity: rotate by `angle` radians, scale by `scale`, then translate by (tx, ty).
    public static func similarity(angle: Double = 0, scale: Double = 1, tx: Double = 0, ty: Double = 0) -> PlaneHomography {
        let c = cosine(angle) * scale
        let s = sine(angle) * scale
        return PlaneHomography(SIMD3(c, -s, tx), SIMD3(s, c, ty), SIMD3(0, 0, 1))
    }
}
