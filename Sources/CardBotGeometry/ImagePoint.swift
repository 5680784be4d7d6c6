/// A point in image coordinates, in pixels, where the centre of pixel (x, y) is at (x, y).
///
/// Pixel (x, y) covers the square from (x - 0.5, y - 0.5) to (x + 0.5, y + 0.5).
public struct ImagePoint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The column coordinate, growing to the right.
    public var x: Double
    /// The row coordinate, growing downwards.
    public var y: Double

    /// Creates a point.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Creates a point from its two coordinates, as `ImagePoint(3, 4)`.
    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The Euclidean distance to `other`.
    @inlinable
    public func distance(to other: ImagePoint) -> Double {
        let dx = x - other.x
        let dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }

    public var description: String { "(\(x), \(y))" }

    /// Encodes as the JSON array `[x, y]`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
    }

    /// Decodes from the JSON array `[x, y]`.
    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
    }
}
