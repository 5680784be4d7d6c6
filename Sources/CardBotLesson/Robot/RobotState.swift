/// Where the robot is, which way it faces, and which gems it has taken.
public struct RobotState: Hashable, Sendable {
    /// The tile the robot is on.
    public var position: GridPoint
    /// The way it faces.
    public var facing: Facing
    /// Bit `i` is set when gem `i` of the map (in reading order) has been taken.
    public var gemMask: UInt32

    public init(position: GridPoint, facing: Facing, gemMask: UInt32 = 0) {
        self.position = position
        self.facing = facing
        self.gemMask = gemMask
    }

    /// How many gems have been taken.
    public var gemsTaken: Int { gemMask.nonzeroBitCount }
}
