import CardBotGeometry

/// One card lying on the table.
public struct SceneCard: Sendable, Hashable, Codable {
    /// Index into the scene's `faces`.
    public var face: Int
    /// The card's centre on the table.
    public var center: TablePoint
    /// How far the card is turned from the rows' direction, in radians (positive turns x towards y).
    public var rotation: Double
    /// The row the card was laid in (0 = first row), for the reading order.
    public var row: Int
    /// The card's place in its row (0 = leftmost), for the reading order.
    public var column: Int

    /// Creates a card.
    public init(face: Int, center: TablePoint, rotation: Double = 0, row: Int = 0, column: Int = 0) {
        self.face = face
        self.center = center
        self.rotation = rotation
        self.row = row
        self.column = column
    }
}
