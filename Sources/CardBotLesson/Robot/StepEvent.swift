/// What one step did. Its raw value is the `event` of the JSON Lines output.
public enum StepEvent: String, Sendable, CaseIterable {
    /// `forward` onto floor, a gem or the goal.
    case moved
    /// `left` or `right`.
    case turned
    /// `jump` landed two tiles on.
    case jumped
    /// A wall (or the edge of the map) was in the way; the robot stayed.
    case bumped
    /// The robot went into water.
    case fell
}
