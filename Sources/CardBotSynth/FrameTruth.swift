import CardBotGeometry
import CardBotImaging

/// What a rendered frame really shows: every card's marker id, corners and visibility, and the reading order.
public struct FrameTruth: Sendable, Codable, Equatable {
    /// The frame's file name when written to disk, else nil.
    public var file: String?
    /// Image width in pixels.
    public var width: Int
    /// Image height in pixels.
    public var height: Int
    /// Marker ids of the visible cards in reading order: rows top to bottom in the cards' own frame, left to right.
    public var visible: [Int]
    /// Every card on the table (visible or not), in reading order.
    public var cards: [CardTruth]
    /// In a session with a GO card: whether it is in view (it is then left out of `visible`); nil otherwise.
    public var goVisible: Bool?

    /// Creates a truth record.
    public init(file: String? = nil, width: Int, height: Int, visible: [Int], cards: [CardTruth]) {
        self.file = file
        self.width = width
        self.height = height
        self.visible = visible
        self.cards = cards
    }
}

/// The truth about one card in a frame.
public struct CardTruth: Sendable, Codable, Equatable {
    /// Why a card counts as hidden.
    public enum HiddenReason: String, Sendable, Codable, Equatable {
        /// The hand covers more than a small fraction of the marker.
        case occluded
        /// Part of the marker (with a few pixels of margin) lies outside the image, or behind the camera.
        case outside
        /// The marker is too small in the image to read (its shortest side under 8 pixels).
        case tooSmall
    }

    /// The marker id.
    public var id: Int
    /// The marker's outer corners in image pixels, in the marker's upright order:
    /// top-left, top-right, bottom-right, bottom-left (pixel (x, y)'s centre is at (x, y)).
    /// Empty when the marker is behind the camera.
    public var corners: [ImagePoint]
    /// Whether a detector cannot be expected to find the card.
    public var hidden: Bool
    /// Why it is hidden, or nil when visible.
    public var reason: HiddenReason?
    /// The fraction of the marker's area the hand covers, 0...1.
    public var occluded: Double
    /// The row in the layout (0 = first).
    public var row: Int
    /// The place in the row (0 = leftmost).
    public var column: Int

    /// Creates a card record.
    public init(id: Int, corners: [ImagePoint], hidden: Bool, reason: HiddenReason?, occluded: Double, row: Int,
                column: Int) {
        self.id = id
        self.corners = corners
        self.hidden = hidden
        self.reason = reason
        self.occluded = occluded
        self.row = row
        self.column = column
    }
}
