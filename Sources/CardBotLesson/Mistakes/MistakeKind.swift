/// What the robot did wrong at the first wrong card of a failed attempt, against what the shortest way does
/// from the same place. The raw value is the `kind` of the JSON outputs.
public enum MistakeKind: String, CaseIterable, Sendable, Comparable {
    /// Turned left where the way turns right, or right where it turns left.
    case wrongTurn = "wrong-turn"
    /// Turned the way the next corner turns, one tile before it: one `forward` too few before the turn.
    case oneForwardTooFew = "one-forward-too-few"
    /// Turned where the way goes straight on (more than one tile before the next corner, or the other way).
    case turnedTooEarly = "turned-too-early"
    /// Went forward (or jumped) where the way turns.
    case missedTurn = "missed-turn"
    /// Jumped where the way goes forward first.
    case jumpedTooEarly = "jumped-too-early"
    /// Went forward where the way needs a jump (over water).
    case missedJump = "missed-jump"
    /// Any other step off the shortest way (a step back, a jump where the way turns).
    case offTheWay = "off-the-way"
    /// A counted repeat's cards ran one pass too many: right the passes before, off the way in the last.
    case repeatedTooOften = "repeated-too-often"
    /// A counted repeat stopped one pass or more too soon: the cards ran out, and one more pass gets closer.
    case repeatedTooFew = "repeated-too-few"
    /// A loop's, an if's or a function's cards were right the first time and went off the way on a later pass.
    case blockDoesNotFit = "block-does-not-fit"
    /// The cards ran out on the shortest way, one `forward` from the goal.
    case stoppedOneShort = "stopped-one-short"
    /// The cards ran out on the shortest way, further from the goal (or with gems left).
    case stoppedShort = "stopped-short"
    /// A repeat-until-goal pass made no step.
    case stuck
    /// The run took more steps than the level allows.
    case tooManySteps = "too-many-steps"
    /// The cards are not a program (an `end` or `else` out of place, a call of no function).
    case notRunnable = "not-runnable"

    public static func < (a: MistakeKind, b: MistakeKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
