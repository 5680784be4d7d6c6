import CardBotImaging
import CardBotPrint
import CardBotVision

/// A small copy of a frame with the cards that were read outlined and numbered in reading order.
public enum FrameThumbnail {
    /// Outline colours, one per row of cards (repeating after six rows).
    static let rowColors: [RGB] = [
        RGB(0, 200, 60), RGB(0, 140, 255), RGB(255, 150, 0), RGB(220, 40, 220), RGB(0, 210, 210), RGB(240, 40, 40),
    ]

    /// `image` shrunk by a whole factor to at most `maxWidth` pixels wide (each pixel the mean of its block),
    /// in colour, with every card of `reading` outlined in its row's colour and labelled with its place.
    public static func render(_ image: GrayImage, reading: FrameReading, maxWidth: Int = 320) -> RGBImage {
        let factor = max(1, (image.width + maxWidth - 1) / max(1, maxWidth))
        let small = shrink(image, by: factor)
        let canvas = Canvas(picture: RGBImage(small))
        let scale = 1 / Double(factor)
        var position = 0
        for (rowIndex, row) in reading.rows.enumerated() {
            let color = rowColors[rowIndex % rowColors.count]
            for card in row {
                position += 1
                // On the canvas, pixel (x, y)'s centre is at (x + 0.5, y + 0.5).
                let corners = card.corners.map { (($0.x + 0.5) * scale, ($0.y + 0.5) * scale) }
                canvas.stroke(corners, width: 2, color: color, closed: true)
                let cx = corners.reduce(0) { $0 + $1.0 } / 4
                let cy = corners.reduce(0) { $0 + $1.1 } / 4
                let text = String(position)
                let style = TextStyle(size: 9, bold: true, color: RGB(0, 0, 0))
                let extent = canvas.measure(text, style: style)
                canvas.label(
                    text, x: cx - extent.width / 2 - 1, y: cy - extent.height / 2 - 1, style: style, background: color,
                    padding: 1)
            }
        }
        return canvas.image
    }

    /// `image` shrunk by `factor` in both directions, each output pixel the rounded mean of a `factor` x `factor` block.
    public static func shrink(_ image: GrayImage, by factor: Int) -> GrayImage {
        guard factor > 1 else { return image }
        let width = image.width / factor
        let height = image.height / factor
        guard width > 0, height > 0 else { return GrayImage(width: max(1, width), height: max(1, height)) }
        let area = UInt32(factor * factor)
        var sums = [UInt32](repeating: 0, count: width)
        return image.pixels.withUnsafeBufferPointer { source in
            sums.withUnsafeMutableBufferPointer { sums in
                GrayImage(width: width, height: height) { output in
                    for y in 0..<height {
                        for x in 0..<width { sums[x] = 0 }
                        for row in 0..<factor {
                            let base = (y * factor + row) * image.width
                            for x in 0..<width {
                                var sum: UInt32 = 0
                                let start = base + x * factor
                                for column in 0..<factor { sum &+= UInt32(source[start + column]) }
                                sums[x] &+= sum
                            }
                        }
                        let out = y * width
                        for x in 0..<width { output[out + x] = UInt8((sums[x] + area / 2) / area) }
                    }
                }
            }
        }
    }
}
