/// Everything a run did: every step and how it ended. Printers (terminal, JSON, map) all read this.
public struct Trace: Sendable {
    /// The program that ran.
    public var program: CardProgram
    /// The steps in order.
    public var steps: [TraceStep]
    /// How the run ended.
    public var result: RunResult
    /// The number of gems on the map.
    public var gemsTotal: Int
    /// The function calls entered and left, in order (empty for a program without calls).
    public var calls: [TraceCall]

    public init(program: CardProgram, steps: [TraceStep], result: RunResult, gemsTotal: Int, calls: [TraceCall] = []) {
        self.program = program
        self.calls = calls
        self.steps = steps
        self.result = result
        self.gemsTotal = gemsTotal
    }

    /// True when the run succeeded.
    public var success: Bool { result.success }
    /// Gems not taken.
    public var gemsLeft: Int { gemsTotal - result.state.gemsTaken }
}
