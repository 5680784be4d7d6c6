#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines, outlines and filled shapes for any `DrawingSurface`, in image coordinates
/// (the centre of pixel (x, y) is at (x, y)). Shapes outside the image are clipped.
extension DrawingSurface {
    /// Fills a polygon (the last point joins the first).
    /// - Parameter antialiased: blends edge pixels by the covered area when true; fills whole pixels whose centre is inside when false.
    public mutating func fillPolygon(_ points: [ImagePoint], color: Color, antialiased: Bool = true) {
        fillPolygons([points], color: color, rule: .nonZero, antialiased: antialiased)
    }

    /// Fills several outlines at once: overlapping outlines unite (`.nonZero`) or cut holes (`.evenOdd`).
    public mutating func fillPolygons(
        _ polygons: [[ImagePoint]], color: Color, rule: FillRule = .nonZero, antialiased: Bool = true
    ) {
        var rasterizer = PolygonRasterizer()
        rasterizer.rasterize(polygons, width: width, height: height, rule: rule, antialiased: antialiased) {
            y, x0, coverage in
            blend(row: y, from: x0, coverage: coverage, color: color)
        }
    }

    /// Draws a straight line `thickness` pixels wide with square ends that reach `thickness / 2` past both points.
    public mutating func drawLine(
        from start: ImagePoint, to end: ImagePoint, color: Color, thickness: Double = 1, antialiased: Bool = true
    ) {
        guard let quad = Self.lineQuad(from: start, to: end, thickness: thickness) else { return }
        fillPolygon(quad, color: color, antialiased: antialiased)
    }

    /// Draws a closed outline `thickness` pixels wide, centred on the polygon's edges, with mitred corners.
    ///
    /// Each edge is a band of the given thickness; the corners are closed by the miter
    /// (or a bevel where the angle is sharper than about 30 degrees), all filled at once so that nothing is blended twice.
    public mutating func strokePolygon(
        _ points: [ImagePoint], color: Color, thickness: Double = 1, antialiased: Bool = true
    ) {
        guard points.count >= 2, thickness > 0 else { return }
        var pieces: [[ImagePoint]] = []
        let half = thickness / 2
        for index in points.indices {
            let a = points[index]
            let b = points[(index + 1) % points.count]
            if points.count == 2 && index == 1 { break }
            if let quad = Self.lineQuad(from: a, to: b, thickness: thickness, extend: false) { pieces.append(quad) }
        }
        if points.count >= 3 {
            for index in points.indices {
                let previous = points[(index + points.count - 1) % points.count]
                let corner = points[index]
                let next = points[(index + 1) % points.count]
                pieces.append(contentsOf: Self.joinPieces(previous, corner, next, half: half))
            }
        }
        // Overlapping pieces unite under the non-zero rule only when they all turn the same way.
        fillPolygons(pieces.map(PolygonRasterizer.counterClockwise), color: color, rule: .nonZero, antialiased: antialiased)
    }

    /// Fills the pixels of the integer rectangle with top-left pixel (x, y) and the given size, clipped to the image.
    public mutating func fillRectangle(x: Int, y: Int, width rectWidth: Int, height rectHeight: Int, color: Color) {
        let x0 = max(0, x)
        let x1 = min(width, x + rectWidth)
        let y0 = max(0, y)
        let y1 = min(height, y + rectHeight)
        guard x0 < x1, y0 < y1 else { return }
        for row in y0..<y1 { fill(row: row, from: x0, to: x1, color: color) }
    }

    /// Fills a disc of `radius` pixels around `center`.
    public mutating func fillCircle(center: ImagePoint, radius: Double, color: Color, antialiased: Bool = true) {
        guard radius > 0 else { return }
        fillPolygon(Self.circlePoints(center: center, radius: radius), color: color, antialiased: antialiased)
    }

    /// Draws a circle outline `thickness` pixels wide centred on the circle of `radius`.
    public mutating func strokeCircle(
        center: ImagePoint, radius: Double, color: Color, thickness: Double = 1, antialiased: Bool = true
    ) {
        guard radius > 0, thickness > 0 else { return }
        let outer = Self.circlePoints(center: center, radius: radius + thickness / 2)
        let innerRadius = radius - thickness / 2
        if innerRadius <= 0 {
            fillPolygon(outer, color: color, antialiased: antialiased)
        } else {
            fillPolygons(
                [outer, Self.circlePoints(center: center, radius: innerRadius)], color: color, rule: .evenOdd,
                antialiased: antialiased)
        }
    }

    /// The outline of a circle as a polygon whose sides deviate from the circle by under 0.02 pixel
    /// and whose area equals the disc's.
    static func circlePoints(center: ImagePoint, radius: Double) -> [ImagePoint] {
        // The sagitta of a chord of angle a is r (1 - cos(a / 2)) ~ r a^2 / 8.
        let angle = (0.16 / radius).squareRoot()
        let segments = min(1440, max(12, Int((2 * Double.pi / angle).rounded(.up))))
        let step = 2 * Double.pi / Double(segments)
        // A regular n-gon of circumradius R has area n R^2 sin(2 pi / n) / 2: grow R to match pi r^2.
        let outer = radius * (step / sin(step)).squareRoot()
        return (0..<segments).map { index in
            let theta = Double(index) * step
            return ImagePoint(center.x + outer * cos(theta), center.y + outer * sin(theta))
        }
    }

    /// The quad covering a segment of the given thickness, optionally extended by half the thickness at both ends.
    static func lineQuad(from a: ImagePoint, to b: ImagePoint, thickness: Double, extend: Bool = true) -> [ImagePoint]? {
        guard thickness > 0 else { return nil }
        var dx = b.x - a.x
        var dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        if length < 1e-12 {
            dx = 1
            dy = 0
        } else {
            dx /= length
            dy /= length
        }
        let half = thickness / 2
        let ex = extend || length < 1e-12 ? dx * half : 0
        let ey = extend || length < 1e-12 ? dy * half : 0
        let nx = -dy * half
        let ny = dx * half
        return [
            ImagePoint(a.x - ex + nx, a.y - ey + ny), ImagePoint(b.x + ex + nx, b.y + ey + ny),
            ImagePoint(b.x + ex - nx, b.y + ey - ny), ImagePoint(a.x - ex - nx, a.y - ey - ny),
        ]
    }

    /// The polygons that close the corner at `corner` between two stroked edges: a miter, or a bevel when it would be too long.
    static func joinPieces(_ previous: ImagePoint, _ corner: ImagePoint, _ next: ImagePoint, half: Double) -> [[ImagePoint]] {
        func unit(_ from: ImagePoint, _ to: ImagePoint) -> (Double, Double)? {
            let dx = to.x - from.x
            let dy = to.y - from.y
            let length = (dx * dx + dy * dy).squareRoot()
            return length < 1e-12 ? nil : (dx / length, dy / length)
        }
        guard let d0 = unit(previous, corner), let d1 = unit(corner, next) else { return [] }
        let cross = d0.0 * d1.1 - d0.1 * d1.0
        if abs(cross) < 1e-9 && d0.0 * d1.0 + d0.1 * d1.1 > 0 { return [] }
        // The outer side of the turn gets the join; the inner side is already covered by the two bands.
        let side: Double = cross > 0 ? -1 : 1
        let n0 = (-d0.1 * half * side, d0.0 * half * side)
        let n1 = (-d1.1 * half * side, d1.0 * half * side)
        let p0 = ImagePoint(corner.x + n0.0, corner.y + n0.1)
        let p1 = ImagePoint(corner.x + n1.0, corner.y + n1.1)
        // The miter point lies on the bisector of the two offsets.
        let bx = n0.0 + n1.0
        let by = n0.1 + n1.1
        let bisectorLength = (bx * bx + by * by).squareRoot()
        let cosHalf = bisectorLength / (2 * half)
        if cosHalf > 0.26 {
            let miter = half / cosHalf
            let tip = ImagePoint(corner.x + bx / bisectorLength * miter, corner.y + by / bisectorLength * miter)
            return [[corner, p0, tip, p1]]
        }
        return [[corner, p0, p1]]
    }
}
