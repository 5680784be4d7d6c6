/// A rectangle in canvas units, y down: where a block of text may go, or where its lines or letters went.
public struct TextRectangle: Sendable, Equatable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// Whether the rectangle covers nothing (a line without letters has an empty ink rectangle).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether `other` lies inside this rectangle, give or take `tolerance` on every side.
    public func contains(_ other: TextRectangle, tolerance: Double = 1e-6) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance && other.maxX <= maxX + tolerance
            && other.maxY <= maxY + tolerance
    }

    /// Whether this rectangle and `other` share some area (touching edges share none).
    public func intersects(_ other: TextRectangle) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}
