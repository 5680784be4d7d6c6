/// The direction the robot faces. North is up (row 0 is the top of the map).
public enum Facing: Int, CaseIterable, Sendable, CustomStringConvertible {
    case north = 0, east, south, west

    /// The facing after a 90 degree turn to the left.
    public var turnedLeft: Facing { Facing(rawValue: (rawValue + 3) & 3)! }
    /// The facing after a 90 degree turn to the right.
    public var turnedRight: Facing { Facing(rawValue: (rawValue + 1) & 3)! }

    /// The column change of one tile forward.
    public var dx: Int { [0, 1, 0, -1][rawValue] }
    /// The row change of one tile forward (rows grow southwards).
    public var dy: Int { [-1, 0, 1, 0][rawValue] }

    /// The tile character of a start facing this way: `^`, `>`, `v`, `<`.
    public var symbol: Character { ["^", ">", "v", "<"][rawValue] }

    /// The facing a start character means, if it is one.
    public init?(symbol: Character) {
        switch symbol {
        case "^": self = .north
        case ">": self = .east
        case "v": self = .south
        case "<": self = .west
        default: return nil
        }
    }

    /// "north", "east", "south" or "west".
    public var description: String { ["north", "east", "south", "west"][rawValue] }
}
