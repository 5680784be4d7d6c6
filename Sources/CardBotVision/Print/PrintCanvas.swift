import CardBotImaging

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Drawing on a sheet image in millimetres: thick lines with round ends, filled shapes and text in the bitmap
/// font scaled to any size, all anti-aliased.
struct PrintCanvas {
    var image: RGBImage
    /// Pixels per millimetre.
    let scale: Double

    init(widthMM: Double, heightMM: Double, dpi: Int) {
        scale = Double(dpi) / 25.4
        image = RGBImage(
            width: Int((widthMM * scale).rounded()), height: Int((heightMM * scale).rounded()), fill: RGB(255, 255, 255))
    }

    /// The pixel point of a millimetre point (pixel centres at whole coordinates).
    func point(_ x: Double, _ y: Double) -> ImagePoint {
        ImagePoint(x * scale - 0.5, y * scale - 0.5)
    }

    mutating func fill(_ polygon: [(Double, Double)], color: RGB) {
        image.fillPolygon(polygon.map { point($0.0, $0.1) }, color: color)
    }

    mutating func fill(_ polygons: [[(Double, Double)]], color: RGB) {
        image.fillPolygons(
            polygons.map { PolygonRasterizer.counterClockwise($0.map { point($0.0, $0.1) }) }, color: color)
    }

    mutating func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, color: RGB) {
        fill([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], color: color)
    }

    /// A polyline `width` millimetres thick with round joins and ends.
    mutating func stroke(_ points: [(Double, Double)], width: Double, color: RGB) {
        var pieces: [[(Double, Double)]] = []
        let half = width / 2
        for index in points.indices.dropLast() {
            let (ax, ay) = points[index]
            let (bx, by) = points[index + 1]
            let length = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
            guard length > 1e-9 else { continue }
            let nx = -(by - ay) / length * half
            let ny = (bx - ax) / length * half
            pieces.append([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)])
        }
        for (x, y) in points { pieces.append(Self.circle(x, y, half)) }
        fill(pieces, color: color)
    }

    /// A circular arc from `start` to `end` radians (y down, so positive angles turn clockwise on paper).
    static func arc(_ cx: Double, _ cy: Double, _ radius: Double, from start: Double, to end: Double) -> [(Double, Double)] {
        let steps = max(8, Int(abs(end - start) / (Double.pi / 48)))
        return (0...steps).map { step in
            let angle = start + (end - start) * Double(step) / Double(steps)
            return (cx + radius * cos(angle), cy + radius * sin(angle))
        }
    }

    static func circle(_ cx: Double, _ cy: Double, _ radius: Double) -> [(Double, Double)] {
        (0..<32).map { step in
            let angle = Double(step) / 32 * 2 * Double.pi
            return (cx + radius * cos(angle), cy + radius * sin(angle))
        }
    }

    /// A filled arrowhead with its tip at (`x`, `y`) pointing along `angle` (radians, y down), `size` long.
    mutating func arrowhead(_ x: Double, _ y: Double, angle: Double, size: Double, color: RGB) {
        let back = angle + Double.pi
        let spread = 0.6
        fill(
            [
                (x, y), (x + size * cos(back + spread), y + size * sin(back + spread)),
                (x + size * 0.55 * cos(back), y + size * 0.55 * sin(back)),
                (x + size * cos(back - spread), y + size * sin(back - spread)),
            ], color: color)
    }

    /// One line of text in the bitmap font with its top-left at (`x`, `y`), each font pixel `unit` mm.
    mutating func text(_ text: String, x: Double, y: Double, unit: Double, color: RGB) {
        var rectangles: [[(Double, Double)]] = []
        for (index, character) in text.enumerated() {
            let left = x + Double(index * BitmapFont.advance) * unit
            for (row, bits) in BitmapFont.rows(for: character).enumerated() {
                var column = 0
                while column < BitmapFont.glyphWidth {
                    guard bits >> UInt8(BitmapFont.glyphWidth - 1 - column) & 1 == 1 else {
                        column += 1
                        continue
                    }
                    let start = column
                    while column < BitmapFont.glyphWidth && bits >> UInt8(BitmapFont.glyphWidth - 1 - column) & 1 == 1 {
                        column += 1
                    }
                    let x0 = left + Double(start) * unit
                    let x1 = left + Double(column) * unit
                    let y0 = y + Double(row) * unit
                    rectangles.append([(x0, y0), (x1, y0), (x1, y0 + unit), (x0, y0 + unit)])
                }
            }
        }
        if !rectangles.isEmpty { fill(rectangles, color: color) }
    }

    /// The width of `text` in the bitmap font at `unit` mm per font pixel.
    static func textWidth(_ text: String, unit: Double) -> Double {
        Double(max(0, text.count * BitmapFont.advance - 1)) * unit
    }

    /// Copies a grey image scaled to the square from (`x`, `y`) `side` mm wide, sampling the nearest pixel.
    mutating func blit(_ gray: GrayImage, x: Double, y: Double, side: Double) {
        let x0 = Int((x * scale).rounded()), y0 = Int((y * scale).rounded())
        let pixels = max(1, Int((side * scale).rounded()))
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { out in
            gray.pixels.withUnsafeBufferPointer { source in
                for py in 0..<pixels where y0 + py >= 0 && y0 + py < image.height {
                    let sy = min(gray.height - 1, py * gray.height / pixels)
                    for px in 0..<pixels where x0 + px >= 0 && x0 + px < width {
                        let sx = min(gray.width - 1, px * gray.width / pixels)
                        let value = source[sy * gray.width + sx]
                        let o = ((y0 + py) * width + x0 + px) * 3
                        out[o] = value
                        out[o + 1] = value
                        out[o + 2] = value
                    }
                }
            }
        }
    }
}
