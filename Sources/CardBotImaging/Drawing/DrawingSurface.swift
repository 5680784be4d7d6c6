/// An image that the drawing primitives can paint on: it blends one colour into a row of pixels by coverage.
///
/// `GrayImage` (colour: `UInt8`) and `RGBImage` (colour: `RGB`) conform; the primitives
/// (`fillPolygon`, `strokePolygon`, `drawLine`, `fillRectangle`, `fillCircle`, `drawText`, `drawLabel`)
/// are written once for both in `DrawingSurface+Shapes.swift` and `DrawingSurface+Text.swift`.
public protocol DrawingSurface {
    /// The colour type of one pixel.
    associatedtype Color
    /// Width in pixels.
    var width: Int { get }
    /// Height in pixels.
    var height: Int { get }
    /// Blends `color` into row `y` from column `x0` on: pixel `x0 + i` becomes
    /// `old + (color - old) * coverage[i]`. The caller keeps the span inside the image.
    mutating func blend(row y: Int, from x0: Int, coverage: UnsafeBufferPointer<Float>, color: Color)
    /// Sets the pixels `x0..<x1` of row `y` to `color`. The caller keeps the span inside the image.
    mutating func fill(row y: Int, from x0: Int, to x1: Int, color: Color)
}

extension GrayImage: DrawingSurface {
    public typealias Color = UInt8

    public mutating func blend(row y: Int, from x0: Int, coverage: UnsafeBufferPointer<Float>, color: UInt8) {
        let base = y * width + x0
        let target = Float(color)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for index in 0..<coverage.count {
                let alpha = coverage[index]
                if alpha <= 0 { continue }
                let old = Float(pixels[base + index])
                pixels[base + index] = UInt8(old + (target - old) * alpha + 0.5)
            }
        }
    }

    public mutating func fill(row y: Int, from x0: Int, to x1: Int, color: UInt8) {
        guard x1 > x0 else { return }
        let base = y * width
        pixels.withUnsafeMutableBufferPointer { pixels in
            for index in (base + x0)..<(base + x1) { pixels[index] = color }
        }
    }
}

extension RGBImage: DrawingSurface {
    public typealias Color = RGB

    public mutating func blend(row y: Int, from x0: Int, coverage: UnsafeBufferPointer<Float>, color: RGB) {
        let base = (y * width + x0) * 3
        let red = Float(color.red)
        let green = Float(color.green)
        let blue = Float(color.blue)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for index in 0..<coverage.count {
                let alpha = coverage[index]
                if alpha <= 0 { continue }
                let offset = base + index * 3
                let r = Float(pixels[offset])
                let g = Float(pixels[offset + 1])
                let b = Float(pixels[offset + 2])
                pixels[offset] = UInt8(r + (red - r) * alpha + 0.5)
                pixels[offset + 1] = UInt8(g + (green - g) * alpha + 0.5)
                pixels[offset + 2] = UInt8(b + (blue - b) * alpha + 0.5)
            }
        }
    }

    public mutating func fill(row y: Int, from x0: Int, to x1: Int, color: RGB) {
        guard x1 > x0 else { return }
        let base = y * width * 3
        pixels.withUnsafeMutableBufferPointer { pixels in
            for x in x0..<x1 {
                let offset = base + x * 3
                pixels[offset] = color.red
                pixels[offset + 1] = color.green
                pixels[offset + 2] = color.blue
            }
        }
    }
}
