import CardBotGeometry

/// The camera's pose over the table, from the table homography and a field of view: what lets things stand
/// up from the table rather than lie flat on it.
///
/// With the intrinsic matrix K (focal length from the horizontal field of view, principal point at the image
/// centre), `K⁻¹ H` is `[r1 r2 t]` up to scale: the table's x and y axes and origin in camera coordinates.
/// Their cross product is the table's normal; heights are measured along it, towards the camera. Points on the
/// table (height 0) map exactly as the homography maps them, whatever the field of view.
public struct CameraPose: Sendable {
    /// The default horizontal field of view, degrees: a phone's main camera or a typical webcam (60 to 70).
    public static let defaultFieldOfView = 65.0
    /// The fields of view accepted, degrees.
    public static let fieldsOfView: ClosedRange<Double> = 20...150
    /// The steepest view the overlay is drawn in: the angle between the optical axis and the table's normal, degrees.
    public static let steepestTilt = 75.0

    /// Focal length in pixels.
    public let focalLength: Double
    /// The principal point.
    public let principal: SIMD2<Double>
    /// The table's x axis in camera coordinates (scaled like `origin`).
    public let xAxis: SIMD3<Double>
    /// The table's y axis in camera coordinates.
    public let yAxis: SIMD3<Double>
    /// The unit normal of the table pointing towards the camera side, in camera coordinates.
    public let up: SIMD3<Double>
    /// The table's origin in camera coordinates, millimetres.
    public let origin: SIMD3<Double>
    /// The angle between the optical axis and the table's normal, degrees (0 looking straight down).
    public let tiltDegrees: Double

    /// The pose for `homography` (table mm to pixels) in a `width` x `height` image seen with a horizontal field of
    /// view of `fieldOfView` degrees; nil when the homography is degenerate.
    public init?(homography: Homography, width: Int, height: Int, fieldOfView: Double = CameraPose.defaultFieldOfView) {
        let f = Double(width) / 2 / tangent(fieldOfView * Double.pi / 360)
        let cx = Double(width - 1) / 2
        let cy = Double(height - 1) / 2
        // Columns of H, and K⁻¹ applied to each.
        let h = homography
        func unproject(_ c: SIMD3<Double>) -> SIMD3<Double> { SIMD3((c.x - cx * c.z) / f, (c.y - cy * c.z) / f, c.z) }
        let m1 = unproject(SIMD3(h.m00, h.m10, h.m20))
        let m2 = unproject(SIMD3(h.m01, h.m11, h.m21))
        let m3 = unproject(SIMD3(h.m02, h.m12, h.m22))
        let n1 = (m1 * m1).sum().squareRoot()
        let n2 = (m2 * m2).sum().squareRoot()
        guard n1 > 0, n2 > 0, n1.isFinite, n2.isFinite else { return nil }
        var lambda = 2 / (n1 + n2)
        if m3.z * lambda < 0 { lambda = -lambda }
        let r1 = m1 * lambda
        let r2 = m2 * lambda
        let t = m3 * lambda
        let u1 = r1 / (r1 * r1).sum().squareRoot()
        var u2 = r2 - (u1 * r2).sum() * u1
        u2 /= (u2 * u2).sum().squareRoot()
        var normal = SIMD3(u1.y * u2.z - u1.z * u2.y, u1.z * u2.x - u1.x * u2.z, u1.x * u2.y - u1.y * u2.x)
        // The camera centre is -Rᵀt; the normal points to the camera's side of the table.
        if (normal * t).sum() > 0 { normal = -normal }
        guard normal.x.isFinite, normal.y.isFinite, normal.z.isFinite else { return nil }
        focalLength = f
        principal = SIMD2(cx, cy)
        xAxis = r1
        yAxis = r2
        up = normal
        origin = t
        tiltDegrees = arcCosine(abs(normal.z)) * 180 / Double.pi
    }

    /// Whether the table is seen steeply enough to draw on (see `steepestTilt`).
    public var isDrawable: Bool { tiltDegrees <= Self.steepestTilt }

    /// A table point at `height` millimetres above the table, in camera coordinates.
    @inline(__always)
    public func cameraPoint(_ x: Double, _ y: Double, height: Double = 0) -> SIMD3<Double> {
        origin + x * xAxis + y * yAxis + height * up
    }

    /// Where a table point at `height` millimetres above the table appears; nil behind (or at) the camera.
    @inline(__always)
    public func project(_ x: Double, _ y: Double, height: Double = 0) -> ImagePoint? {
        project(cameraPoint(x, y, height: height))
    }

    /// Where a point in camera coordinates appears; nil behind (or at) the camera.
    @inline(__always)
    public func project(_ p: SIMD3<Double>) -> ImagePoint? {
        guard p.z > 1e-6 else { return nil }
        return ImagePoint(focalLength * p.x / p.z + principal.x, focalLength * p.y / p.z + principal.y)
    }

    /// The camera's centre in the table's frame (x, y, height): for ordering things far to near.
    public var centerOnTable: SIMD3<Double> {
        // Solve origin + x X + y Y + h up = 0 for (x, y, h).
        let a = xAxis, b = yAxis, c = up, d = -origin
        let det = (a * SIMD3(b.y * c.z - b.z * c.y, b.z * c.x - b.x * c.z, b.x * c.y - b.y * c.x)).sum()
        guard abs(det) > 1e-12 else { return SIMD3(0, 0, 1e6) }
        func triple(_ p: SIMD3<Double>, _ q: SIMD3<Double>, _ r: SIMD3<Double>) -> Double {
            (p * SIMD3(q.y * r.z - q.z * r.y, q.z * r.x - q.x * r.z, q.x * r.y - q.y * r.x)).sum()
        }
        return SIMD3(triple(d, b, c) / det, triple(a, d, c) / det, triple(a, b, d) / det)
    }

    /// A pose seen from a virtual camera: looking at table point (`x`, `y`) from `distance` millimetres with the
    /// given tilt (the camera leans back towards +y, so the far side of the map, -y, is at the top).
    public static func virtual(lookingAt x: Double, _ y: Double, distance: Double, tiltDegrees: Double, width: Int,
                               height: Int, fieldOfView: Double) -> CameraPose {
        let tilt = tiltDegrees * Double.pi / 180
        let f = Double(width) / 2 / tangent(fieldOfView * Double.pi / 360)
        // Camera axes in table coordinates (table: x right, y towards the viewer; the camera on the side of
        // negative z, as the synthesizer has it): right, down and forward form a right-handed frame.
        let right = SIMD3<Double>(1, 0, 0)
        let forward = SIMD3<Double>(0, -sine(tilt), cosine(tilt))
        let down = SIMD3<Double>(0, cosine(tilt), sine(tilt))
        let centre = SIMD3<Double>(x, y, 0) - distance * forward
        // Rows of R map table vectors into camera coordinates.
        func toCamera(_ v: SIMD3<Double>) -> SIMD3<Double> { SIMD3((right * v).sum(), (down * v).sum(), (forward * v).sum()) }
        let t = -toCamera(centre)
        let r1 = toCamera(SIMD3(1, 0, 0))
        let r2 = toCamera(SIMD3(0, 1, 0))
        let cx = Double(width - 1) / 2
        let cy = Double(height - 1) / 2
        let h = Homography(
            f * r1.x + cx * r1.z, f * r2.x + cx * r2.z, f * t.x + cx * t.z,
            f * r1.y + cy * r1.z, f * r2.y + cy * r2.z, f * t.y + cy * t.z,
            r1.z, r2.z, t.z)
        return CameraPose(homography: h, width: width, height: height, fieldOfView: fieldOfView)!
    }
}
