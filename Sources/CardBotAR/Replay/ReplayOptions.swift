/// How a replay is paced and what it assumes about the cards and the camera.
public struct ReplayOptions: Sendable {
    /// The printed card size (`--card-size`).
    public var cards: CardGeometry
    /// The camera's horizontal field of view, degrees (`--camera-fov`).
    public var fieldOfView: Double
    /// Seconds per robot step (`--step-seconds`).
    public var stepSeconds: Double
    /// Frames per second of the replay when the frames are held still (a folder of stills, a typed program).
    public var framesPerSecond: Double
    /// Seconds of the title card before each attempt.
    public var titleSeconds: Double
    /// Seconds the robot stands at its start before the first step.
    public var leadSeconds: Double
    /// Seconds the end of a run is held, with its result in words (long enough to read it aloud).
    public var holdSeconds: Double
    /// The longest a run's walk is shown, seconds: a longer run (a loop walking 100,000 steps) is shown faster,
    /// its caption saying how much, so that no replay or report clip grows without bound.
    public var maximumWalkSeconds: Double = 60
    /// The fewest pixels the robot spans on screen, across and down, as a share of the frame's shorter side (24 px
    /// on a frame 360 high): on small tiles it is drawn larger than its tile.
    public var robotShare = 0.066

    /// Step times accepted, seconds.
    public static let stepSecondsRange: ClosedRange<Double> = 0.05...10

    /// Creates options.
    public init(cards: CardGeometry = CardGeometry(), fieldOfView: Double = CameraPose.defaultFieldOfView,
                stepSeconds: Double = 0.5, framesPerSecond: Double = 10, titleSeconds: Double = 1.5, leadSeconds: Double = 0.5,
                holdSeconds: Double = 3) {
        self.cards = cards
        self.fieldOfView = fieldOfView
        self.stepSeconds = stepSeconds
        self.framesPerSecond = framesPerSecond
        self.titleSeconds = titleSeconds
        self.leadSeconds = leadSeconds
        self.holdSeconds = holdSeconds
    }

    /// The seconds each of `steps` steps is shown: ``stepSeconds``, or less when the walk would last longer than
    /// ``maximumWalkSeconds``.
    public func stepSeconds(forSteps steps: Int) -> Double {
        steps > 0 && Double(steps) * stepSeconds > maximumWalkSeconds ? maximumWalkSeconds / Double(steps) : stepSeconds
    }

    /// How many times faster than ``stepSeconds`` a run of `steps` steps is shown (1 when it fits).
    public func speedUp(forSteps steps: Int) -> Double { stepSeconds / stepSeconds(forSteps: steps) }

    /// Whole frames lasting `seconds` (at least one).
    public func frames(_ seconds: Double) -> Int { max(1, Int((seconds * framesPerSecond).rounded())) }
}
