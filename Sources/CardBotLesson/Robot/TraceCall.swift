/// A function call entered or left during a run, placed between the steps it came between.
public struct TraceCall: Sendable, Equatable {
    /// Whether the call starts or returns.
    public enum Kind: String, Sendable {
        /// The call card starts the function's cards.
        case enter
        /// The function's cards are done; the run goes on after the call card.
        case leave
    }

    /// Starts or returns.
    public var kind: Kind
    /// The function: 0 for a, 1 for b.
    public var function: Int
    /// The 1-based position of the call card.
    public var callPosition: Int
    /// The 1-based position of the function's define card.
    public var definePosition: Int
    /// How many steps had been taken when it happened (it comes before step `afterSteps + 1`).
    public var afterSteps: Int
    /// Calls running after it happened (for `enter`, this call included).
    public var depth: Int

    public init(kind: Kind, function: Int, callPosition: Int, definePosition: Int, afterSteps: Int, depth: Int) {
        self.kind = kind
        self.function = function
        self.callPosition = callPosition
        self.definePosition = definePosition
        self.afterSteps = afterSteps
        self.depth = depth
    }
}
