/// What ``Solver`` found: the program with the fewest cards, and how sure that is.
public struct Solution: Sendable {
    /// The best program found, or nil when none was found within the bound.
    public var program: CardProgram?
    /// True when no program with fewer cards solves the level (every shorter one was checked),
    /// or, with no program, when no program within ``bound`` cards solves it.
    public var isProven: Bool
    /// Every program with at most this many cards was checked.
    public var searchedUpTo: Int
    /// The most cards the search allowed (the level's `maxCards`, or the default bound).
    public var bound: Int
    /// How many partial programs the search looked at.
    public var nodes: Int
    /// How many robot steps the runs of the search took together.
    public var steps = 0
    /// True when the search stopped at its budget (of partial programs or of robot steps) before finishing.
    public var budgetExhausted: Bool
    /// True when neither the options nor the level set a bound, so the shortest straight program (steps only,
    /// found by breadth-first search) was the bound.
    public var boundFromStraightProgram: Bool

    /// The card count of the best program found.
    public var cardCount: Int? { program?.count }

    /// The card count when it is proven minimal, else nil (the `optimal` of the JSON output).
    public var optimalCardCount: Int? { isProven ? program?.count : nil }

    public init(
        program: CardProgram?, isProven: Bool, searchedUpTo: Int, bound: Int, nodes: Int, budgetExhausted: Bool,
        boundFromStraightProgram: Bool = false
    ) {
        self.boundFromStraightProgram = boundFromStraightProgram
        self.program = program
        self.isProven = isProven
        self.searchedUpTo = searchedUpTo
        self.bound = bound
        self.nodes = nodes
        self.budgetExhausted = budgetExhausted
    }
}
