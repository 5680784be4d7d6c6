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
    /// with every card of `reading` outlined in its row's colour and labelled with its place.
    public static func render(_ image: RGBImage, reading: FrameReading, maxWidth: Int = 320) -> RGBImage {
        let factor = max(1, (image.width + maxWidth - 1) / max(1, maxWidth))
        let canvas = Canvas(picture: image.shrunk(by: factor))
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
                // Large enough to read on the report (a card in a thumbnail is often smaller than its number).
                let style = TextStyle(size: 13, bold: true, color: RGB(0, 0, 0))
                let extent = canvas.measure(text, style: style)
                canvas.label(
                    text, x: cx - extent.width / 2 - 1, y: cy - extent.height / 2 - 1, style: style, background: color,
                    padding: 1)
            }
        }
        return canvas.image
    }
}
