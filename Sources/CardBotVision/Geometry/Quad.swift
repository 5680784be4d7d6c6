import CardBotGeometry

/// Four corners of a marker in image coordinates, in the marker's own upright order:
/// top-left, top-right, bottom-right, bottom-left (clockwise as seen in the image).
public struct Quad: Sendable, Hashable {
    /// The marker's top-left corner.
    public var topLeft: ImagePoint
    /// The marker's top-right corner.
    public var topRight: ImagePoint
    /// The marker's bottom-right corner.
    public var bottomRight: ImagePoint
    /// The marker's bottom-left corner.
    public var bottomLeft: ImagePoint

    /// Creates a quad from its corners.
    public init(topLeft: ImagePoint, topRight: ImagePoint, bottomRight: ImagePoint, bottomLeft: ImagePoint) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// Creates a quad from four corners in upright order.
    public init(_ corners: [ImagePoint]) {
        precondition(corners.count == 4, "a quad has four corners")
        self.init(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    /// The corners in upright order: top-left, top-right, bottom-right, bottom-left.
    public var corners: [ImagePoint] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The mean of the four corners.
    public var center: ImagePoint {
        ImagePoint(
            x: (topLeft.x + topRight.x + bottomRight.x + bottomLeft.x) / 4,
            y: (topLeft.y + topRight.y + bottomRight.y + bottomLeft.y) / 4)
    }

    /// The marker's up direction in the image: from the middle of its bottom edge to the middle of its top edge.
    public var up: ImagePoint {
        ImagePoint(
            x: (topLeft.x + topRight.x - bottomLeft.x - bottomRight.x) / 2,
            y: (topLeft.y + topRight.y - bottomLeft.y - bottomRight.y) / 2)
    }

    /// The marker's right direction in the image: from the middle of its left edge to the middle of its right edge.
    public var right: ImagePoint {
        ImagePoint(
            x: (topRight.x + bottomRight.x - topLeft.x - bottomLeft.x) / 2,
            y: (topRight.y + bottomRight.y - topLeft.y - bottomLeft.y) / 2)
    }

    /// The area enclosed (shoelace formula).
    public var area: Double {
        let c = corners
        var sum = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    /// The mean side length.
    public var meanSide: Double {
        (topLeft.distance(to: topRight) + topRight.distance(to: bottomRight)
            + bottomRight.distance(to: bottomLeft) + bottomLeft.distance(to: topLeft)) / 4
    }

    /// Whether `point` lies inside the quad (which must be convex).
    public func contains(_ point: ImagePoint) -> Bool {
        let c = corners
        var sign = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }
}
