/// A card sequence that is not a program: an `end` or `else` out of place, or too many cards.
///
/// The program does not run. ``position`` is the card's 1-based place in reading order.
public struct ProgramError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based position of the card at fault (0 when the problem is the whole program).
    public var position: Int
    /// What is wrong and what to do.
    public var message: String

    public init(position: Int, message: String) {
        self.position = position
        self.message = message
    }

    public var description: String { message }
}
