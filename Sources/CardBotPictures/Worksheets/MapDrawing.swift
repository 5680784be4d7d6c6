import CardBotImaging
import CardBotLesson
import CardBotPrint

/// Draws a level's map on a canvas: walls, floor, water, gems, the goal's flag, the start with the robot pointing
/// the way it faces, and optionally the path of a run. The HTML report's map pictures and the printed level
/// worksheets are both drawn here.
enum MapDrawing {
    static let floor = RGB(235, 232, 222)
    static let wall = RGB(72, 72, 84)
    static let water = RGB(90, 160, 235)
    static let goal = RGB(70, 185, 95)
    static let grid = RGB(205, 200, 188)
    static let gem = RGB(245, 200, 20)
    static let takenGem = RGB(200, 190, 150)
    static let robot = RGB(30, 60, 170)

    /// The map with its top-left corner at (`x`, `y`), each tile `cell` units wide. With `trace`, gems it took are
    /// greyed, its path is drawn (green when it solved the level, orange when not) and the robot stands where it
    /// ended; without, the robot stands on the start.
    static func draw(_ level: Level, trace: Trace?, on canvas: Canvas, x: Double, y: Double, cell: Double) {
        let map = level.map
        canvas.fillRectangle(x, y, x + Double(map.width) * cell, y + Double(map.height) * cell, color: floor)
        for row in 0..<map.height {
            for column in 0..<map.width {
                let color: RGB
                switch map.tile(at: GridPoint(x: column, y: row)) {
                case .floor: continue
                case .wall: color = wall
                case .water: color = water
                case .goal: color = goal
                }
                let left = x + Double(column) * cell
                let top = y + Double(row) * cell
                canvas.fillRectangle(left, top, left + cell, top + cell, color: color)
            }
        }
        let line = max(cell / 28, 0.6 / canvas.scale)
        for column in 1..<max(1, map.width) {
            let left = x + Double(column) * cell
            canvas.fillRectangle(left - line / 2, y, left + line / 2, y + Double(map.height) * cell, color: grid)
        }
        for row in 1..<max(1, map.height) {
            let top = y + Double(row) * cell
            canvas.fillRectangle(x, top - line / 2, x + Double(map.width) * cell, top + line / 2, color: grid)
        }
        func center(_ point: GridPoint) -> (Double, Double) {
            (x + (Double(point.x) + 0.5) * cell, y + (Double(point.y) + 0.5) * cell)
        }
        let half = cell / 2
        // The goal: a white flag on its pole.
        let (gx, gy) = center(map.goal)
        canvas.stroke([(gx - half * 0.3, gy + half * 0.6), (gx - half * 0.3, gy - half * 0.6)], width: cell * 0.07, color: RGB(255, 255, 255))
        canvas.fill([(gx - half * 0.3, gy - half * 0.6), (gx + half * 0.5, gy - half * 0.35), (gx - half * 0.3, gy - half * 0.1)], color: RGB(255, 255, 255))
        // Gems: yellow diamonds.
        let taken = trace?.result.state.gemMask ?? 0
        for (index, point) in map.gems.enumerated() {
            let (cx, cy) = center(point)
            let r = half * 0.55
            let color = taken & (1 << UInt32(index)) != 0 ? takenGem : gem
            canvas.fill([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], color: color)
            canvas.stroke([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], width: cell * 0.03, color: RGB(150, 110, 0), closed: true)
        }
        // The start: a ring.
        let (sx, sy) = center(map.start)
        canvas.strokeCircle(sx, sy, radius: half * 0.78, width: max(cell * 0.07, 1 / canvas.scale), color: RGB(40, 40, 40))

        guard let trace else {
            drawRobot(on: canvas, at: center(map.start), facing: map.startFacing, size: half)
            return
        }
        var points = [center(map.start)]
        for step in trace.steps {
            let point = center(step.state.position)
            if point != points.last ?? (-1, -1) { points.append(point) }
        }
        let pathColor = trace.success ? RGB(0, 150, 60) : RGB(235, 110, 0)
        let thickness = max(2 / canvas.scale, cell / 7)
        canvas.stroke(points, width: thickness, color: pathColor)
        for (px, py) in points { canvas.fillCircle(px, py, radius: thickness * 0.8, color: pathColor) }
        let final = trace.result.state
        drawRobot(on: canvas, at: center(final.position), facing: final.facing, size: half)
    }

    /// A triangle pointing the way the robot faces, outlined in white.
    static func drawRobot(on canvas: Canvas, at c: (Double, Double), facing: Facing, size: Double) {
        let r = size * 0.7
        let dx = Double(facing.dx)
        let dy = Double(facing.dy)
        let tip = (c.0 + dx * r, c.1 + dy * r)
        let left = (c.0 - dx * r * 0.6 + dy * r * 0.7, c.1 - dy * r * 0.6 - dx * r * 0.7)
        let right = (c.0 - dx * r * 0.6 - dy * r * 0.7, c.1 - dy * r * 0.6 + dx * r * 0.7)
        canvas.fill([tip, left, right], color: robot)
        canvas.stroke([tip, left, right], width: max(1 / canvas.scale, size * 0.08), color: RGB(255, 255, 255), closed: true)
    }
}
