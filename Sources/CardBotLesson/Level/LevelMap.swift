/// A level's tile map: walls, floor, water, gems, one goal and the robot's start.
public struct LevelMap: Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// The tiles row by row (`y * width + x`).
    public let tiles: [Tile]
    /// Where the robot starts.
    public let start: GridPoint
    /// Which way the robot faces at the start.
    public let startFacing: Facing
    /// The goal tile.
    public let goal: GridPoint
    /// The gems, in reading order (row by row, left to right); a gem's index is its bit in a gem mask.
    public let gems: [GridPoint]

    public init(width: Int, height: Int, tiles: [Tile], start: GridPoint, startFacing: Facing, goal: GridPoint, gems: [GridPoint]) {
        precondition(tiles.count == width * height, "tile count must be width * height")
        self.width = width
        self.height = height
        self.tiles = tiles
        self.start = start
        self.startFacing = startFacing
        self.goal = goal
        self.gems = gems
    }

    /// True when `point` lies on the map.
    public func contains(_ point: GridPoint) -> Bool {
        point.x >= 0 && point.y >= 0 && point.x < width && point.y < height
    }

    /// The tile at `point`; outside the map is wall.
    public func tile(at point: GridPoint) -> Tile {
        contains(point) ? tiles[point.y * width + point.x] : .wall
    }

    /// The index of the gem lying at `point`, if any.
    public func gemIndex(at point: GridPoint) -> Int? {
        gems.firstIndex(of: point)
    }

    /// The map drawn with the level file's characters (the robot at its start).
    public var rows: [String] {
        (0..<height).map { y in
            String((0..<width).map { x -> Character in
                let p = GridPoint(x: x, y: y)
                if p == start { return startFacing.symbol }
                if gems.contains(p) { return "*" }
                switch tiles[y * width + x] {
                case .floor: return "."
                case .wall: return "#"
                case .water: return "~"
                case .goal: return "G"
                }
            })
        }
    }
}
