/// How one card looks to the camera, for a capture check: its size, blur, tilt, glare and place in the frame.
public struct CardCapture: Sendable, Hashable, Codable {
    /// The marker id.
    public var marker: Int
    /// The card's name in the deck.
    public var name: String
    /// The marker's size in pixels: the square root of its area in the image.
    public var size: Double
    /// The blur across the marker in cells (``MarkerDetector/smear(of:in:)``), or nil when it could not be measured
    /// or was not (a frame measures the smear of at most ``CaptureMeter/smearedCards`` cards).
    public var smear: Double?
    /// How far the card's plane is turned away from facing the camera, in degrees (0: seen straight from above).
    public var tilt: Double
    /// The share of the marker's black cells that is saturated, as only a glare spot makes printed black.
    public var glare: Double
    /// The gap between the marker and the nearest edge of the frame, in marker sizes.
    public var edgeGap: Double

    /// Creates a card's measures.
    public init(marker: Int, name: String, size: Double, smear: Double?, tilt: Double, glare: Double, edgeGap: Double) {
        self.marker = marker
        self.name = name
        self.size = size
        self.smear = smear
        self.tilt = tilt
        self.glare = glare
        self.edgeGap = edgeGap
    }
}
