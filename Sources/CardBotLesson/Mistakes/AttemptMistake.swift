/// Where and how a failed attempt first went wrong: the first wrong card, what the robot did there, and what the
/// shortest way does from the same place. Found by ``MistakeFinder``.
public struct AttemptMistake: Sendable, Equatable, Hashable {
    /// What went wrong.
    public var kind: MistakeKind
    /// The 1-based position of the first wrong card; nil when the cards ran out before anything went wrong (the
    /// mistake is a card missing) or the whole program is at fault (too many cards).
    public var position: Int?
    /// The first wrong card (for a block that does not fit, the block's card: the repeat, the if, the define);
    /// nil with ``position``.
    public var card: Card?
    /// The concept at fault: the wrong card's, or for a card missing the concept of the card the shortest way
    /// takes next.
    public var concept: Concept
    /// The card the shortest way takes from the robot's place before the wrong card (a turn when there is one),
    /// nil when no way is known.
    public var expected: Card?
    /// Which corner of the way it happened at, from 1 (for a turn wrong, early or missed): the corners the robot
    /// had turned at before, plus one.
    public var corner: Int?
    /// Steps the robot was still short of the goal when the cards ran out (``MistakeKind/stoppedShort``).
    public var stepsShort: Int?

    /// Creates a mistake.
    public init(
        kind: MistakeKind, position: Int?, card: Card?, concept: Concept, expected: Card? = nil, corner: Int? = nil,
        stepsShort: Int? = nil
    ) {
        self.kind = kind
        self.position = position
        self.card = card
        self.concept = concept
        self.expected = expected
        self.corner = corner
        self.stepsShort = stepsShort
    }
}
