/// A level's map laid out for fast stepping: flat tile codes, gem indices, goal and start as tile indices.
struct RobotWorld: Sendable {
    let width: Int
    let height: Int
    /// ``Tile`` raw values, `y * width + x`.
    let tiles: [UInt8]
    /// The gem index on each tile, or -1.
    let gemAt: [Int8]
    let goal: Int
    let start: Int
    let startFacing: Int
    let gemCount: Int
    let allGems: UInt32

    init(_ map: LevelMap) {
        width = map.width
        height = map.height
        tiles = map.tiles.map(\.rawValue)
        var gemAt = [Int8](repeating: -1, count: map.width * map.height)
        for (i, gem) in map.gems.enumerated() { gemAt[gem.y * map.width + gem.x] = Int8(i) }
        self.gemAt = gemAt
        goal = map.goal.y * map.width + map.goal.x
        start = map.start.y * map.width + map.start.x
        startFacing = map.startFacing.rawValue
        gemCount = map.gems.count
        allGems = map.gems.isEmpty ? 0 : UInt32.max >> (32 - map.gems.count)
    }

    /// The tile code at (x, y); outside the map is wall.
    @inline(__always)
    func tile(_ x: Int, _ y: Int) -> UInt8 {
        (x < 0 || y < 0 || x >= width || y >= height) ? Tile.wall.rawValue : tiles[y * width + x]
    }

    /// True when (x, y) counts as a path for the if cards.
    @inline(__always)
    func isPath(_ x: Int, _ y: Int) -> Bool {
        let t = tile(x, y)
        return t == Tile.floor.rawValue || t == Tile.goal.rawValue
    }

    /// The number of distinct robot states (tile, facing, gem mask), or nil when too many to index.
    var stateCount: Int? {
        let tilesAndFacings = width * height * 4
        guard gemCount <= 20, tilesAndFacings <= (1 << 24) >> gemCount else { return nil }
        return tilesAndFacings << gemCount
    }

    /// A dense index of a robot state (for tables sized ``stateCount``).
    @inline(__always)
    func stateIndex(tile: Int, facing: Int, mask: UInt32) -> Int {
        ((tile << 2 | facing) << gemCount) | Int(mask)
    }
}

/// Column and row steps by facing (north, east, south, west).
let facingDX: (Int, Int, Int, Int) = (0, 1, 0, -1)
let facingDY: (Int, Int, Int, Int) = (-1, 0, 1, 0)

@inline(__always)
func delta(_ facing: Int) -> (Int, Int) {
    switch facing & 3 {
    case 0: return (0, -1)
    case 1: return (1, 0)
    case 2: return (0, 1)
    default: return (-1, 0)
    }
}
