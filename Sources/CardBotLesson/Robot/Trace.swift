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

    public init(program: CardProgram, steps: [TraceStep], result: RunResult, gemsTotal: Int) {
        self.program = program
        self.steps = steps
        self.result = result
        self.gemsTotal = gemsTotal
    }

    /// True when the run succeeded.
    public var success: Bool { result.success }
    /// Gems not taken.
    public var gemsLeft: Int { gemsTotal - result.state.gemsTaken }
}
