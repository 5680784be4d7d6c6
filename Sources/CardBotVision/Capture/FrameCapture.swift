/// What one frame shows of the camera setup: the cards as measured (``CardCapture``), the light and the noise.
public struct FrameCapture: Sendable, Hashable, Codable {
    /// The frame's width in pixels.
    public var width: Int
    /// The frame's height in pixels.
    public var height: Int
    /// The cards found, each measured.
    public var cards: [CardCapture]
    /// The sensor noise's standard deviation in gray levels (the detector's own estimate).
    public var noise: Double
    /// The gray level that 1% of the frame's pixels reach or pass: the white of paper in view, when it is lit.
    public var brightLevel: Double
    /// The frame's median gray level.
    public var medianLevel: Double
    /// The share of the frame's pixels that are saturated (250 and above).
    public var saturated: Double
    /// Whether the deck's GO card is among the cards.
    public var goSeen: Bool
    /// The share of the frame that the box around every card's marker spans (0 with no card).
    public var cardSpan: Double

    /// Creates a frame's measures.
    public init(
        width: Int, height: Int, cards: [CardCapture], noise: Double, brightLevel: Double, medianLevel: Double,
        saturated: Double, goSeen: Bool, cardSpan: Double
    ) {
        self.width = width
        self.height = height
        self.cards = cards
        self.noise = noise
        self.brightLevel = brightLevel
        self.medianLevel = medianLevel
        self.saturated = saturated
        self.goSeen = goSeen
        self.cardSpan = cardSpan
    }
}
