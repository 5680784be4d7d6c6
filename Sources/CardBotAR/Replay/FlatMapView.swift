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
    /// Where the picture goes when it is inset into a camera frame: its top-left corner, pixels.
    public var insetOrigin = SIMD2<Int>(8, 8)
    /// The background colour.
    public static let background = RGB(52, 58, 68)
    /// The gap between an inset and the frame's edge, pixels.
    public static let insetMargin = 8

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

    /// The picture of `moment` on `map`; the robot is drawn at least `robotPixels` across (see
    /// ``OverlayRenderer/Scene/robotPixels``).
    public func render(map: LevelMap, moment: RobotAnimation.Moment, solved: Bool, renderer: OverlayRenderer,
                       robotPixels: Double = 0) -> RGBImage {
        var canvas = OverlayCanvas(RGBImage(width: width, height: height, fill: Self.background))
        renderer.draw(
            OverlayRenderer.Scene(pose: pose, layout: layout, map: map, moment: moment, solved: solved, robotPixels: robotPixels),
            on: &canvas)
        return canvas.take()
    }

    /// Copies `picture` into `frame` at ``insetOrigin`` with a white frame around it.
    public func inset(_ picture: RGBImage, into frame: inout RGBImage) {
        let border = 2
        let x = insetOrigin.x, y = insetOrigin.y
        TextBlock.fillRectangle(
            &frame, x: x - border, y: y - border, width: picture.width + 2 * border, height: picture.height + 2 * border,
            color: RGB(255, 255, 255))
        TextBlock.paste(picture, into: &frame, x: x, y: y)
    }

    /// The top-left corner for an inset `width` x `height` in a `frameWidth` x `frameHeight` frame: the first
    /// corner of the frame (top left, top right, bottom left, bottom right; the bottom ones above the caption) where
    /// it, with its white frame, is clear of every card; nil when no corner is.
    public static func insetOrigin(width: Int, height: Int, frameWidth: Int, frameHeight: Int,
                                   clearOf clearance: CardClearance) -> SIMD2<Int>? {
        let margin = Self.insetMargin
        let caption = max(margin, frameHeight * 3 / 20)
        let left = margin, right = frameWidth - margin - width
        let top = margin, bottom = frameHeight - caption - height
        for corner in [SIMD2(left, top), SIMD2(right, top), SIMD2(left, bottom), SIMD2(right, bottom)]
        where corner.x >= 2 && corner.y >= 2
            && clearance.isClear(x: Double(corner.x - 2), y: Double(corner.y - 2), width: Double(width + 4), height: Double(height + 4))
        {
            return corner
        }
        return nil
    }
}
