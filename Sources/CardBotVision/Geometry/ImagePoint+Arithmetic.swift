import CardBotGeometry

// Vector arithmetic on image points, for the detector's geometry (internal, so it never clashes with other modules).
extension ImagePoint {
    @inline(__always)
    static func + (a: ImagePoint, b: ImagePoint) -> ImagePoint { ImagePoint(x: a.x + b.x, y: a.y + b.y) }

    @inline(__always)
    static func - (a: ImagePoint, b: ImagePoint) -> ImagePoint { ImagePoint(x: a.x - b.x, y: a.y - b.y) }

    @inline(__always)
    static func * (a: ImagePoint, s: Double) -> ImagePoint { ImagePoint(x: a.x * s, y: a.y * s) }

    /// The length of the vector from the origin to this point.
    @inline(__always)
    var length: Double { (x * x + y * y).squareRoot() }
}
