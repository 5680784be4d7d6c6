/// Why a run ended. The raw values are the reason codes of the JSON Lines output.
public enum RunReason: String, Sendable, CaseIterable {
    /// On the goal with every gem taken: success.
    case goal
    /// A wall or the edge of the map was in the way.
    case bumped
    /// The robot went into water.
    case fell
    /// A repeat-until-goal pass made no step: it would repeat forever.
    case stuck
    /// The run needed more steps than the level's step limit.
    case stepLimit = "step-limit"
    /// The program had no cards.
    case noCards = "no-cards"
    /// The cards ran out on the goal with gems still lying around.
    case gemsLeft = "gems-left"
    /// The cards ran out away from the goal.
    case ended

    /// True only for ``goal``.
    public var isSuccess: Bool { self == .goal }
}
