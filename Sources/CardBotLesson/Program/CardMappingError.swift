import CardBotSupport

/// A card that cannot be used in a level: unknown, or in the deck but not available in this level.
public struct CardMappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// A marker id the deck does not have.
        case unknownMarker(Int)
        /// A name that is not a card.
        case unknownName(String)
        /// A real card (named) that this level does not use.
        case notInLevel(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The card's 1-based position in the program.
    public var position: Int
    /// What is wrong and what to do, to be told in the reader's language (``message``) or in English (JSON).
    public var reason: MessageText

    public init(kind: Kind, position: Int, reason: MessageText) {
        self.kind = kind
        self.position = position
        self.reason = reason
    }

    /// What is wrong and what to do, in the reader's language.
    public var message: String { reason.localized }

    public var description: String { message }
}
