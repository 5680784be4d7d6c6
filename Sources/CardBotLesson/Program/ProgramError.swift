import CardBotSupport

/// A card sequence that is not a program: an `end` or `else` out of place, or too many cards.
///
/// The program does not run. ``position`` is the card's 1-based place in reading order.
public struct ProgramError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based position of the card at fault (0 when the problem is the whole program).
    public var position: Int
    /// What is wrong and what to do, to be told in the reader's language (``message``) or in English (JSON).
    public var reason: MessageText

    public init(position: Int, reason: MessageText) {
        self.position = position
        self.reason = reason
    }

    /// What is wrong and what to do, in the reader's language.
    public var message: String { reason.localized }

    public var description: String { message }
}
