import CardBotImaging
import CardBotLesson

/// The level seen on its own, from a virtual camera above it: for typed programs, and in a corner of the camera
/// frame when the table cannot carry the overlay.
public struct FlatMapView: Sendable {
    /// The picture's size.
    public let width: Int
    public let height: Int
    /// The virtual camera.
    public let pose: CameraPose
    /// The map on the virtual table.
    public let layout: OverlayLayout
    /// The background colour.
    public static let background = RGB(52, 58, 68)

    /// A view of `map` filling a `width` x `height` picture, seen from above at a slant of 28 degrees.
    public init(map: LevelMap, width: Int, height: Int) {
        self.width = width
        self.height = height
        let tile = 60.0
        let layout = OverlayLayout(
            origin: SIMD2(-Double(map.width) * tile / 2, -Double(map.height) * tile / 2), tile: tile, columns: map.width,
            rows: map.height, side: .far, scale: 1)
        let fieldOfView = 40.0
        let extent = Double(max(map.width, map.height) + 1) * tile
        var distance = extent
        var pose = CameraPose.virtual(lookingAt: 0, 0, distance: distance, tiltDegrees: 28, width: width, height: height,
                                      fieldOfView: fieldOfView)
        // Move back until the whole map and its walls are in the picture (the tiles of a large map may then be
        // smaller than a table overlay allows: this picture has nothing else to show).
        for _ in 0..<60 where !layout.liesInside(pose: pose, width: width, height: height, raise: tile) {
            distance *= 1.08
            pose = CameraPose.virtual(lookingAt: 0, 0, distance: distance, tiltDegrees: 28, width: width, height: height,
                                      fieldOfView: fieldOfView)
        }
        self.pose = pose
        self.layout = layout
    }

    /// The picture of `moment` on `map`.
    public func render(map: LevelMap, moment: RobotAnimation.Moment, solved: Bool, renderer: OverlayRenderer) -> RGBImage {
        var canvas = OverlayCanvas(RGBImage(width: width, height: height, fill: Self.background))
        renderer.draw(
            OverlayRenderer.Scene(pose: pose, layout: layout, map: map, moment: moment, solved: solved), on: &canvas)
        return canvas.take()
    }

    /// Copies `picture` into the top-left corner of `frame` with a white frame around it.
    public static func inset(_ picture: RGBImage, into frame: inout RGBImage, margin: Int = 8) {
        let border = 2
        TextBlock.fillRectangle(
            &frame, x: margin - border, y: margin - border, width: picture.width + 2 * border,
            height: picture.height + 2 * border, color: RGB(255, 255, 255))
        let rowBytes = min(picture.width, frame.width - margin) * 3
        guard rowBytes > 0 else { return }
        for y in 0..<min(picture.height, frame.height - margin) {
            let source = y * picture.width * 3
            let target = ((y + margin) * frame.width + margin) * 3
            frame.pixels.replaceSubrange(target..<(target + rowBytes), with: picture.pixels[source..<(source + rowBytes)])
        }
    }
}
