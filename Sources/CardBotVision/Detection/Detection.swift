import CardBotGeometry
import CardBotImaging

/// One card found in a frame.
public struct Detection: Sendable, Hashable {
    /// The marker id.
    public var marker: Int
    /// The card's name in the deck.
    public var name: String
    /// The outer corners of the marker's black border, in the marker's upright order, in image pixels.
    public var quad: Quad
    /// How far the marker is turned in the image, clockwise: 0, 90, 180 or 270 degrees.
    public var rotation: Int
    /// How sure the match is, from 0 to 1: 1 for a clean read with every cell clearly black or white.
    public var confidence: Double
    /// How many cells read differently from the card's marker (at most the deck's error budget).
    public var correctedCells: Int

    /// Creates a detection.
    public init(marker: Int, name: String, quad: Quad, rotation: Int, confidence: Double, correctedCells: Int) {
        self.marker = marker
        self.name = name
        self.quad = quad
        self.rotation = rotation
        self.confidence = confidence
        self.correctedCells = correctedCells
    }

    /// The four corners in upright order: top-left, top-right, bottom-right, bottom-left.
    public var corners: [ImagePoint] { quad.corners }
}
