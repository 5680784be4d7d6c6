/// One compiled card: card `i` of a program is instruction `i`; blocks closed at the end add instructions after them.
///
/// A jump target of ``Instruction/unresolved`` points past the cards read so far (a block not closed yet).
enum Instruction: Sendable {
    /// forward, left, right or jump.
    case step(Card)
    /// A counted repeat; `end` is its closing instruction.
    case repeatStart(count: Int, end: Int)
    /// Closes a counted repeat opened at `start`.
    case repeatEnd(start: Int)
    /// repeat-until-goal; `end` is its closing instruction.
    case untilStart(end: Int)
    /// Closes a repeat-until-goal opened at `start`.
    case untilEnd(start: Int)
    /// An if: when the path is clear go on, else continue at `otherwise` (after the `else`, or the `end`).
    case ifStart(RelativeDirection, otherwise: Int)
    /// The `else` card reached at the end of the first branch: continue at the if's `end`.
    case jump(to: Int)
    /// The `end` of an if.
    case ifEnd
    /// A `define-X` met in the flow of cards: the definition does not run here, continue after its `end` at `end + 1`.
    case defineStart(function: Int, end: Int)
    /// The `end` of a definition: return after the call that is running.
    case functionEnd(function: Int)
    /// A `call-X`: run the body that starts at `body` (the card after `define-X`), then go on after the call.
    case call(function: Int, body: Int)

    static let unresolved = -1
}

/// A direction relative to the robot, for the if cards.
public enum RelativeDirection: Int, Sendable {
    case ahead, left, right
}
