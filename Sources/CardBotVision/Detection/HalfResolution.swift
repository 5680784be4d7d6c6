import CardBotImaging

/// A half-resolution copy of a grayscale frame: each pixel the mean of a 2x2 block, kept between frames.
///
/// Averaging four pixels halves the sensor noise and the length of a motion blur in pixels, which is what a
/// dim or shaken frame needs for clean marker outlines. Pixel (x, y) of the copy covers full-resolution pixels
/// 2x...2x+1 by 2y...2y+1, so its centre is at full-resolution (2x + 0.5, 2y + 0.5).
final class HalfResolution {
    /// The copy's pixels, `width * height`.
    let pixels = ScratchBuffer<UInt8>(capacity: 1 << 16)
    private(set) var width = 0
    private(set) var height = 0

    /// Fills the copy from a `width` x `height` frame (an odd last row or column is dropped).
    func make(from source: UnsafePointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int) {
        width = sourceWidth / 2
        height = sourceHeight / 2
        pixels.reserve(max(1, width * height))
        let out = pixels.base
        for y in 0..<height {
            let top = source + 2 * y * sourceWidth
            let bottom = top + sourceWidth
            let row = out + y * width
            for x in 0..<width {
                let sum = UInt16(top[2 * x]) &+ UInt16(top[2 * x + 1]) &+ UInt16(bottom[2 * x]) &+ UInt16(bottom[2 * x + 1])
                row[x] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
            }
        }
    }

    /// A point of the copy in full-resolution coordinates.
    @inline(__always)
    static func full(_ point: ImagePoint) -> ImagePoint { ImagePoint(x: 2 * point.x + 0.5, y: 2 * point.y + 0.5) }
}
