/// Draws a level's map with the robot on it, for the terminal, optionally in colour (ANSI escapes).
public struct MapRenderer: Sendable {
    /// True to colour tiles with ANSI escape codes.
    public var color: Bool

    public init(color: Bool) {
        self.color = color
    }

    /// The map with the robot in `state` (gems it has taken are gone), one string per row.
    ///
    /// Tiles are separated by spaces so that the map looks square: `#` wall, `.` floor, `~` water, `*` gem,
    /// `G` goal, the robot as `^ > v <` (or `X` when it fell into water).
    public func rows(_ map: LevelMap, robot state: RobotState, fell: Bool = false) -> [String] {
        var rows: [String] = []
        rows.reserveCapacity(map.height)
        for y in 0..<map.height {
            var cells: [String] = []
            cells.reserveCapacity(map.width)
            for x in 0..<map.width {
                let point = GridPoint(x: x, y: y)
                if point == state.position {
                    cells.append(paint(fell ? "X" : String(state.facing.symbol), fell ? "1;31" : "1;33"))
                    continue
                }
                if let gem = map.gemIndex(at: point), state.gemMask & (1 << UInt32(gem)) == 0 {
                    cells.append(paint("*", "1;35"))
                    continue
                }
                switch map.tile(at: point) {
                case .floor: cells.append(paint(".", "2"))
                case .wall: cells.append(paint("#", "37;100"))
                case .water: cells.append(paint("~", "1;34"))
                case .goal: cells.append(paint("G", "1;32"))
                }
            }
            rows.append(cells.joined(separator: " "))
        }
        return rows
    }

    /// The map before the first step.
    public func startRows(_ map: LevelMap) -> [String] {
        rows(map, robot: RobotState(position: map.start, facing: map.startFacing))
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
