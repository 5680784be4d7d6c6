import CardBotImaging
import CardBotLesson
import CardBotPrint

/// A small picture of a level's map with the robot's path: walls, floor, water, gems, the goal, the start,
/// the tiles the robot went through joined by a line (green when it solved the level, orange when not),
/// and the robot where it ended, pointing the way it faced.
public enum MapPicture {
    /// The picture, at most about `maxSide` pixels on its longer side (tiles 6 to 28 pixels).
    public static func render(_ level: Level, trace: Trace?, maxSide: Int = 320) -> RGBImage {
        let map = level.map
        let cell = max(6, min(28, maxSide / max(1, max(map.width, map.height))))
        let canvas = Canvas(pixelsWide: map.width * cell, high: map.height * cell, background: MapDrawing.floor)
        MapDrawing.draw(level, trace: trace, on: canvas, x: 0, y: 0, cell: Double(cell))
        return canvas.image
    }
}
