import CardBotGeometry
import CardBotImaging
import Foundation

/// A pinhole camera looking at the table: where it is, where it looks, and its image.
///
/// The camera aims at `target` from `distance` millimetres away. `tilt` is the angle between
/// its optical axis and the table's normal (0 = straight down); `heading` turns the camera
/// about the table's normal (so the cards appear rotated by any angle); `roll` turns it about
/// its own axis. Image coordinates put the centre of pixel (x, y) at (x, y).
public struct SynthCamera: Sendable, Hashable, Codable {
    /// Image width in pixels.
    public var width: Int
    /// Image height in pixels.
    public var height: Int
    /// Focal length in pixels.
    public var focalLength: Double
    /// The principal point (where the optical axis meets the image).
    public var principalPoint: ImagePoint
    /// The table point the optical axis passes through.
    public var target: TablePoint
    /// Distance from the camera to `target`, in millimetres.
    public var distance: Double
    /// Angle between the optical axis and the table normal, radians.
    public var tilt: Double
    /// Rotation about the table normal, radians.
    public var heading: Double
    /// Rotation about the optical axis, radians.
    public var roll: Double

    /// Creates a camera.
    public init(width: Int, height: Int, focalLength: Double, principalPoint: ImagePoint? = nil, target: TablePoint,
                distance: Double, tilt: Double = 0, heading: Double = 0, roll: Double = 0) {
        self.width = width
        self.height = height
        self.focalLength = focalLength
        self.principalPoint = principalPoint ?? ImagePoint(Double(width - 1) / 2, Double(height - 1) / 2)
        self.target = target
        self.distance = distance
        self.tilt = tilt
        self.heading = heading
        self.roll = roll
    }

    /// The focal length in pixels that gives a horizontal field of view of `degrees` over `width` pixels.
    public static func focalLength(width: Int, horizontalFieldOfView degrees: Double) -> Double {
        Double(width) / 2 / tan(degrees * Double.pi / 360)
    }

    /// The camera's axes (right, down, forward) in table coordinates (z away from the camera side).
    var axes: (x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>) {
        let ch = cos(heading)
        let sh = sin(heading)
        let x0 = SIMD3(ch, sh, 0)
        let y0 = SIMD3(-sh, ch, 0)
        let z0 = SIMD3<Double>(0, 0, 1)
        let ct = cos(tilt)
        let st = sin(tilt)
        let y1 = ct * y0 - st * z0
        let z1 = st * y0 + ct * z0
        let cr = cos(roll)
        let sr = sin(roll)
        return (cr * x0 + sr * y1, -sr * x0 + cr * y1, z1)
    }

    /// The camera centre in table coordinates (the table is z = 0, the camera at negative z).
    var center: SIMD3<Double> {
        SIMD3(target.x, target.y, 0) - distance * axes.z
    }

    /// The homography from table millimetres to image pixels.
    var tableToImage: Homography {
        let (ax, ay, az) = axes
        let c = center
        let f = focalLength
        let cx = principalPoint.x
        let cy = principalPoint.y
        // Camera coordinates of table point (X, Y, 0): X * r1 + Y * r2 - R c.
        let t = SIMD3(-(ax * c).sum(), -(ay * c).sum(), -(az * c).sum())
        let r1 = SIMD3(ax.x, ay.x, az.x)
        let r2 = SIMD3(ax.y, ay.y, az.y)
        return Homography(
            f * r1.x + cx * r1.z, f * r2.x + cx * r2.z, f * t.x + cx * t.z,
            f * r1.y + cy * r1.z, f * r2.y + cy * r2.z, f * t.y + cy * t.z,
            r1.z, r2.z, t.z)
    }

    /// Where a table point appears in the image, or nil when it is behind the camera.
    public func project(_ point: TablePoint) -> ImagePoint? {
        tableToImage.apply(point.x, point.y)
    }

    /// Where a point `height` mm above the table point appears in the image (a die's top), or nil when it is behind
    /// the camera.
    func project(_ point: TablePoint, height: Double) -> ImagePoint? {
        let (ax, ay, az) = axes
        let offset = SIMD3(point.x, point.y, -height) - center
        let depth = (az * offset).sum()
        guard depth > 1e-9 else { return nil }
        return ImagePoint(
            principalPoint.x + focalLength * (ax * offset).sum() / depth,
            principalPoint.y + focalLength * (ay * offset).sum() / depth)
    }
}
