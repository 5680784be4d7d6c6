import CardBotSupport

/// What lies on one tile of a level's map, as read from its character.
public enum Tile: UInt8, Sendable, CaseIterable {
    /// `.`: floor (the start tile is floor too).
    case floor = 0
    /// `#`: a wall; outside the map counts as wall.
    case wall = 1
    /// `~`: water: the robot falls in.
    case water = 2
    /// `G`: the goal.
    case goal = 3

    /// True when `if-path-*` counts the tile as a path (floor, gem, goal or start).
    public var isPath: Bool { self == .floor || self == .goal }

    /// The characters a map may use, for messages (told in the reader's language).
    public static let legend = Messages.later("# wall, . floor, ~ water, * gem, G goal, ^ > v < start")
}
