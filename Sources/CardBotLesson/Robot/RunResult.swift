/// How a run ended and where the robot was then.
public struct RunResult: Sendable, Equatable {
    /// Why the run ended.
    public var reason: RunReason
    /// The robot at the end.
    public var state: RobotState
    /// How many steps were taken.
    public var steps: Int
    /// The tile that stopped the robot when it bumped (possibly off the map).
    public var obstacle: GridPoint?
    /// The 1-based position of the repeat-until-goal card that got stuck.
    public var stuckCardPosition: Int?

    /// True when the robot reached the goal with every gem.
    public var success: Bool { reason.isSuccess }

    public init(reason: RunReason, state: RobotState, steps: Int, obstacle: GridPoint? = nil, stuckCardPosition: Int? = nil) {
        self.reason = reason
        self.state = state
        self.steps = steps
        self.obstacle = obstacle
        self.stuckCardPosition = stuckCardPosition
    }
}
