/// A point on the table top, in millimetres: x to the right, y towards the bottom of the cards' own frame.
public struct TablePoint: Sendable, Hashable, Codable {
    /// Millimetres along the rows.
    public var x: Double
    /// Millimetres across the rows, growing from the first row to the last.
    public var y: Double

    /// Creates a point.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The point moved by (dx, dy).
    public func offset(_ dx: Double, _ dy: Double) -> TablePoint { TablePoint(x + dx, y + dy) }
}
