import CardBotGeometry
import CardBotImaging

/// A colour frame with one reusable polygon rasterizer, filling shapes at any opacity.
///
/// The overlay fills a few hundred small polygons per frame; this keeps the rasterizer's row buffers
/// from one fill to the next instead of allocating them for every shape.
public struct OverlayCanvas {
    /// The frame being drawn on.
    public var image: RGBImage
    private var rasterizer = PolygonRasterizer()

    /// Sub-scanlines per row: 5 (exact coverage along rows, 5 levels down columns), a third of the cost of the
    /// drawing primitives' 16 for frames that move.
    public static let subScanlines = 5

    /// Wraps `image`.
    public init(_ image: RGBImage) {
        self.image = image
    }

    /// Fills `polygons` (united) with `color` at `opacity` (0...1), anti-aliased.
    public mutating func fill(_ polygons: [[ImagePoint]], color: RGB, opacity: Double = 1, rule: FillRule = .nonZero) {
        guard opacity > 0 else { return }
        let width = image.width
        let height = image.height
        let alpha = Float(min(1, opacity))
        let red = Float(color.red), green = Float(color.green), blue = Float(color.blue)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            rasterizer.rasterize(polygons, width: width, height: height, rule: rule, subScanlines: Self.subScanlines) {
                y, x0, coverage in
                var offset = (y * width + x0) * 3
                for index in 0..<coverage.count {
                    let a = coverage[index] * alpha
                    if a >= 1 {
                        pixels[offset] = color.red
                        pixels[offset + 1] = color.green
                        pixels[offset + 2] = color.blue
                    } else if a > 0 {
                        let r = Float(pixels[offset]), g = Float(pixels[offset + 1]), b = Float(pixels[offset + 2])
                        pixels[offset] = UInt8(r + (red - r) * a + 0.5)
                        pixels[offset + 1] = UInt8(g + (green - g) * a + 0.5)
                        pixels[offset + 2] = UInt8(b + (blue - b) * a + 0.5)
                    }
                    offset += 3
                }
            }
        }
    }

    /// The frame drawn, handed over without a copy (the canvas is left empty).
    public mutating func take() -> RGBImage {
        let image = self.image
        self.image = RGBImage(width: 0, height: 0)
        return image
    }

    /// Fills one polygon.
    public mutating func fill(_ polygon: [ImagePoint], color: RGB, opacity: Double = 1) {
        fill([polygon], color: color, opacity: opacity)
    }

    /// Strokes a closed outline `thickness` pixels wide: each side a band that runs half the thickness past its
    /// ends, so the corners are filled square; the bands wind the same way and are filled as one shape.
    public mutating func stroke(_ polygon: [ImagePoint], color: RGB, thickness: Double) {
        let half = thickness / 2
        var bands: [[ImagePoint]] = []
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length > 0 else { continue }
            let ux = (b.x - a.x) / length * half, uy = (b.y - a.y) / length * half
            bands.append([
                ImagePoint(x: a.x - ux - uy, y: a.y - uy + ux), ImagePoint(x: b.x + ux - uy, y: b.y + uy + ux),
                ImagePoint(x: b.x + ux + uy, y: b.y + uy - ux), ImagePoint(x: a.x - ux + uy, y: a.y - uy - ux),
            ])
        }
        fill(bands, color: color)
    }
}
