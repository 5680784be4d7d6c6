import CardBotImaging
import CardBotLesson

/// A small picture of a level's map with the robot's path: walls, floor, water, gems, the goal, the start,
/// the tiles the robot went through joined by a line (green when it solved the level, orange when not),
/// and the robot where it ended, pointing the way it faced.
public enum MapPicture {
    /// The picture, at most about `maxSide` pixels on its longer side (tiles 6 to 28 pixels).
    public static func render(_ level: Level, trace: Trace?, maxSide: Int = 320) -> RGBImage {
        let map = level.map
        let cell = max(6, min(28, maxSide / max(1, max(map.width, map.height))))
        var canvas = RGBImage(width: map.width * cell, height: map.height * cell, fill: RGB(235, 232, 222))
        for y in 0..<map.height {
            for x in 0..<map.width {
                let color: RGB
                switch map.tile(at: GridPoint(x: x, y: y)) {
                case .floor: color = RGB(235, 232, 222)
                case .wall: color = RGB(72, 72, 84)
                case .water: color = RGB(90, 160, 235)
                case .goal: color = RGB(70, 185, 95)
                }
                canvas.fillRectangle(x: x * cell, y: y * cell, width: cell, height: cell, color: color)
            }
        }
        // Thin grid lines between tiles.
        let grid = RGB(205, 200, 188)
        for x in 1..<max(1, map.width) { canvas.fillRectangle(x: x * cell, y: 0, width: 1, height: canvas.height, color: grid) }
        for y in 1..<max(1, map.height) { canvas.fillRectangle(x: 0, y: y * cell, width: canvas.width, height: 1, color: grid) }

        func center(_ point: GridPoint) -> ImagePoint {
            ImagePoint((Double(point.x) + 0.5) * Double(cell) - 0.5, (Double(point.y) + 0.5) * Double(cell) - 0.5)
        }
        let half = Double(cell) / 2
        // The goal gets a white flag square, each gem a yellow diamond.
        let goal = center(map.goal)
        canvas.fillRectangle(
            x: Int(goal.x - half * 0.3), y: Int(goal.y - half * 0.3), width: max(2, Int(half * 0.6)),
            height: max(2, Int(half * 0.6)), color: RGB(255, 255, 255))
        let taken = trace?.result.state.gemMask ?? 0
        for (index, gem) in map.gems.enumerated() {
            let c = center(gem)
            let r = half * 0.55
            let color = taken & (1 << UInt32(index)) != 0 ? RGB(200, 190, 150) : RGB(245, 200, 20)
            canvas.fillPolygon(
                [ImagePoint(c.x, c.y - r), ImagePoint(c.x + r, c.y), ImagePoint(c.x, c.y + r), ImagePoint(c.x - r, c.y)],
                color: color)
        }
        // The start: a ring.
        canvas.strokeCircle(center: center(map.start), radius: half * 0.45, color: RGB(40, 40, 40), thickness: max(1, half * 0.15))

        guard let trace else {
            drawRobot(&canvas, at: center(map.start), facing: map.startFacing, size: half)
            return canvas
        }
        var points = [center(map.start)]
        for step in trace.steps {
            let point = center(step.state.position)
            if point != points.last { points.append(point) }
        }
        let pathColor = trace.success ? RGB(0, 150, 60) : RGB(235, 110, 0)
        let thickness = max(2, Double(cell) / 7)
        for index in points.indices.dropFirst() {
            canvas.drawLine(from: points[index - 1], to: points[index], color: pathColor, thickness: thickness)
        }
        for point in points { canvas.fillCircle(center: point, radius: thickness * 0.8, color: pathColor) }
        let final = trace.result.state
        drawRobot(&canvas, at: center(final.position), facing: final.facing, size: half)
        return canvas
    }

    /// A triangle pointing the way the robot faces.
    static func drawRobot(_ canvas: inout RGBImage, at c: ImagePoint, facing: Facing, size: Double) {
        let r = size * 0.7
        let dx = Double(facing.dx)
        let dy = Double(facing.dy)
        let tip = ImagePoint(c.x + dx * r, c.y + dy * r)
        let left = ImagePoint(c.x - dx * r * 0.6 + dy * r * 0.7, c.y - dy * r * 0.6 - dx * r * 0.7)
        let right = ImagePoint(c.x - dx * r * 0.6 - dy * r * 0.7, c.y - dy * r * 0.6 + dx * r * 0.7)
        canvas.fillPolygon([tip, left, right], color: RGB(30, 60, 170))
        canvas.strokePolygon([tip, left, right], color: RGB(255, 255, 255), thickness: 1)
    }
}
