import Foundation

/// A 3x3 projective transform of the plane, row-major, mapping (x, y, 1) to (x', y', w).
struct Homography: Sendable, Hashable {
    /// The nine entries, row by row.
    var m: [Double]

    /// Creates a homography from nine row-major entries.
    init(_ entries: [Double]) {
        precondition(entries.count == 9, "a homography has nine entries")
        m = entries
    }

    /// The identity.
    static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// A similarity: rotate by `angle` radians, scale by `scale`, then translate by (tx, ty).
    static func similarity(angle: Double = 0, scale: Double = 1, tx: Double = 0, ty: Double = 0) -> Homography {
        let c = cos(angle) * scale
        let s = sin(angle) * scale
        return Homography([c, -s, tx, s, c, ty, 0, 0, 1])
    }

    /// Maps a point; nil when it lands on or behind the line at infinity (w <= 1e-12).
    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        let w = m[6] * x + m[7] * y + m[8]
        guard w > 1e-12 else { return nil }
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// The homogeneous w of a point (positive in front of a camera).
    func w(_ x: Double, _ y: Double) -> Double { m[6] * x + m[7] * y + m[8] }

    /// `self` after `other`: (self * other)(p) = self(other(p)).
    func concatenating(_ other: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[i * 3 + j] = m[i * 3] * other.m[j] + m[i * 3 + 1] * other.m[3 + j] + m[i * 3 + 2] * other.m[6 + j]
            }
        }
        return Homography(r)
    }

    /// The determinant of the matrix.
    var determinant: Double {
        m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    /// The inverse, or nil when the matrix is singular.
    var inverse: Homography? {
        let det = determinant
        guard abs(det) > 1e-300 else { return nil }
        let a = m
        let inv = [
            (a[4] * a[8] - a[5] * a[7]), -(a[1] * a[8] - a[2] * a[7]), (a[1] * a[5] - a[2] * a[4]),
            -(a[3] * a[8] - a[5] * a[6]), (a[0] * a[8] - a[2] * a[6]), -(a[0] * a[5] - a[2] * a[3]),
            (a[3] * a[7] - a[4] * a[6]), -(a[0] * a[7] - a[1] * a[6]), (a[0] * a[4] - a[1] * a[3]),
        ]
        return Homography(inv.map { $0 / det })
    }
}
