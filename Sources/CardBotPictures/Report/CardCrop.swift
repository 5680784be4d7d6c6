import CardBotGeometry
import CardBotImaging
import CardBotVision

/// A card as it was read, cut from its frame: the marker with its white margin and the top of the title below
/// it, turned upright and auto-levelled (its contrast stretched, so a dark recording still shows its card), for the
/// class report's evidence beside each attempt.
enum CardCrop {
    /// The picture's size in pixels: 64 on its short side, shown at 48 x 64 (sharp on a phone's screen).
    static let width = 64
    static let height = 86
    /// The shares of the crop's pixels, darkest and brightest, that the levels leave black and white.
    static let clip = 0.01
    /// The part of the card cut out, in marker sides from the marker's top-left corner: a quarter side around the
    /// marker, three quarters below it (the printed title).
    static let left = -0.25, top = -0.25, across = 1.5, down = 2.0

    /// `reading`'s card cut from `frame` (bilinear, upright; outside the frame grey).
    static func render(_ reading: Detection, from frame: RGBImage) -> RGBImage? {
        let c = reading.corners
        guard c.count == 4, let toFrame = Homography(unitSquareOnto: c[0], c[1], c[2], c[3]) else { return nil }
        var pixels = [UInt8](repeating: 128, count: width * height * 3)
        for row in 0..<height {
            let v = top + (Double(row) + 0.5) / Double(height) * down
            for column in 0..<width {
                let u = left + (Double(column) + 0.5) / Double(width) * across
                guard let point = toFrame.apply(u, v) else { continue }
                let offset = (row * width + column) * 3
                sample(frame, x: point.x - 0.5, y: point.y - 0.5, into: &pixels, at: offset)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels).levelled(clip: clip)
    }

    /// The JPEG of ``render(_:from:)``.
    static func jpeg(_ reading: Detection, from frame: RGBImage) -> [UInt8]? {
        render(reading, from: frame).flatMap { try? JPEGCodec.encode($0, quality: 80) }
    }

    /// Bilinear sample of `image` at (`x`, `y`) (pixel centres at whole numbers) into `pixels[offset...]`; points
    /// outside the image are left as they are.
    private static func sample(_ image: RGBImage, x: Double, y: Double, into pixels: inout [UInt8], at offset: Int) {
        guard x >= 0, y >= 0, x < Double(image.width - 1), y < Double(image.height - 1) else { return }
        let x0 = Int(x), y0 = Int(y)
        let fx = x - Double(x0), fy = y - Double(y0)
        image.pixels.withUnsafeBufferPointer { source in
            let stride = image.width * 3
            let a = y0 * stride + x0 * 3
            for channel in 0..<3 {
                let top = Double(source[a + channel]) * (1 - fx) + Double(source[a + 3 + channel]) * fx
                let bottom = Double(source[a + stride + channel]) * (1 - fx) + Double(source[a + stride + 3 + channel]) * fx
                pixels[offset + channel] = UInt8(max(0, min(255, (top * (1 - fy) + bottom * fy).rounded())))
            }
        }
    }
}
