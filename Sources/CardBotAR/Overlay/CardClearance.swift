import CardBotGeometry

/// Whether a shape drawn on a frame keeps clear of the cards seen in it, in image pixels: the map and the flat
/// inset must never cover a card the child laid.
///
/// Shapes and cards are convex outlines (a card's four detected corners; the convex hull of a drawn shape's
/// corners); two of them are apart by at least `margin` when, along the normal of one of their edges, their
/// extents leave that gap (the separating-axis test: sufficient, never claiming clear what touches).
public struct CardClearance: Sendable {
    /// The cards' outlines in image pixels.
    public var cards: [[ImagePoint]]
    /// The gap kept between a shape and a card, pixels.
    public var margin: Double

    /// The clearance from `cards` (each an outline of at least three corners), keeping `margin` pixels.
    public init(cards: [[ImagePoint]], margin: Double = 4) {
        self.cards = cards.filter { $0.count >= 3 }
        self.margin = margin
    }

    /// Whether the convex hull of `points` lies at least `margin` from every card.
    public func isClear(_ points: [ImagePoint]) -> Bool {
        let shape = Self.convexHull(points)
        guard shape.count >= 3 else { return true }
        return cards.allSatisfy { Self.apart(shape, Self.convexHull($0), by: margin) }
    }

    /// Whether the rectangle at (`x`, `y`), `width` x `height` pixels, lies at least `margin` from every card.
    public func isClear(x: Double, y: Double, width: Double, height: Double) -> Bool {
        isClear([ImagePoint(x, y), ImagePoint(x + width, y), ImagePoint(x + width, y + height), ImagePoint(x, y + height)])
    }

    /// The convex hull of `points`, counter-clockwise in image coordinates (Andrew's monotone chain).
    public static func convexHull(_ points: [ImagePoint]) -> [ImagePoint] {
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: ImagePoint, _ a: ImagePoint, _ b: ImagePoint) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [ImagePoint] = []
        for p in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        var upper: [ImagePoint] = []
        for p in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// Whether convex polygons `a` and `b` are at least `gap` apart along the normal of one of their edges.
    static func apart(_ a: [ImagePoint], _ b: [ImagePoint], by gap: Double) -> Bool {
        for polygon in [a, b] {
            for index in polygon.indices {
                let p = polygon[index], q = polygon[(index + 1) % polygon.count]
                let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
                guard length > 1e-9 else { continue }
                let nx = -(q.y - p.y) / length, ny = (q.x - p.x) / length
                let (aLow, aHigh) = extent(a, nx, ny)
                let (bLow, bHigh) = extent(b, nx, ny)
                if aLow >= bHigh + gap || bLow >= aHigh + gap { return true }
            }
        }
        return false
    }

    private static func extent(_ polygon: [ImagePoint], _ nx: Double, _ ny: Double) -> (Double, Double) {
        var low = Double.infinity, high = -Double.infinity
        for p in polygon {
            let d = p.x * nx + p.y * ny
            low = min(low, d)
            high = max(high, d)
        }
        return (low, high)
    }
}
