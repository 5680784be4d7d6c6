import CardBotImaging

/// One tap on the GO card: when the child's hand covered it and when it was seen again.
public struct GoTap: Sendable, Equatable {
    /// The first frame with the GO card hidden.
    public var frame: FrameStamp
    /// The time of the first frame with the GO card hidden (seconds from the start): the moment of the tap.
    public var start: Double
    /// The time of the frame that showed the GO card again.
    public var end: Double
    /// The program on the table at the tap (marker ids in reading order).
    public var program: [Int]
    /// True when this tap came within ``TrackingOptions/pressGap`` of the one before: the same press.
    public var repeatsPress: Bool

    /// Creates a tap.
    public init(frame: FrameStamp, end: Double, program: [Int], repeatsPress: Bool = false) {
        self.frame = frame
        self.start = frame.seconds
        self.end = end
        self.program = program
        self.repeatsPress = repeatsPress
    }
}
