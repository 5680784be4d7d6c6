/// One step of a run: which card made it and where the robot ended up.
public struct TraceStep: Sendable, Equatable {
    /// The step number, from 1.
    public var number: Int
    /// The card that made the step.
    public var card: Card
    /// The card's 1-based position in the program.
    public var cardPosition: Int
    /// The robot after the step.
    public var state: RobotState
    /// What happened.
    public var event: StepEvent
    /// True when the step took a gem.
    public var tookGem: Bool
    /// How many function calls were running (0 in the main program).
    public var depth: Int

    public init(number: Int, card: Card, cardPosition: Int, state: RobotState, event: StepEvent, tookGem: Bool, depth: Int = 0) {
        self.depth = depth
        self.number = number
        self.card = card
        self.cardPosition = cardPosition
        self.state = state
        self.event = event
        self.tookGem = tookGem
    }
}
