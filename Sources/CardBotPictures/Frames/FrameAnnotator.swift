import CardBotLesson
import CardBotVision
import CardBotImaging
import CardBotPrint
import CardBotSupport

/// Draws what was read onto a frame, for a teacher to check: each card outlined in its row's colour, a dot on
/// its top-left corner, and a label with its place in the program and its name; the program along the top.
public enum FrameAnnotator {
    /// Outline colours, one per row (repeating after six rows).
    static let rowColors: [RGB] = [
        RGB(0, 200, 60), RGB(0, 140, 255), RGB(255, 150, 0), RGB(220, 40, 220), RGB(0, 210, 210), RGB(240, 40, 40),
    ]

    /// `image` (the frame in colour) with `reading` drawn on it.
    public static func render(_ image: RGBImage, reading: FrameReading) -> RGBImage {
        let canvas = Canvas(picture: image)
        let white = RGB(255, 255, 255)
        let black = RGB(0, 0, 0)
        var position = 0
        for (rowIndex, row) in reading.rows.enumerated() {
            let color = rowColors[rowIndex % rowColors.count]
            for card in row {
                position += 1
                let side = card.quad.meanSide
                let thickness = min(max(side / 25, 1.5), 4)
                // Pixel (x, y)'s centre is at (x + 0.5, y + 0.5) on the canvas.
                let corners = card.corners.map { ($0.x + 0.5, $0.y + 0.5) }
                canvas.stroke(corners, width: thickness, color: color, closed: true)
                canvas.fillCircle(card.quad.topLeft.x + 0.5, card.quad.topLeft.y + 0.5, radius: thickness * 1.6, color: color)
                let style = TextStyle(size: side >= 48 ? 16 : 10, bold: true, color: black)
                let text = "\(position) \(card.name)"
                let extent = canvas.measure(text, style: style)
                let top = corners.map(\.1).min() ?? 0
                let center = card.quad.center
                canvas.label(
                    text, x: center.x + 0.5 - extent.width / 2 - 2, y: max(0, top - extent.height - 8), style: style,
                    background: color, padding: 2)
            }
        }
        let summary: String
        if reading.cards.isEmpty {
            summary = Messages.text("no cards")
        } else {
            summary = reading.rows.map { $0.map { Card.shown($0.name) }.joined(separator: " ") }.joined(separator: " / ")
        }
        canvas.label(
            summary, x: 4, y: 4, style: TextStyle(size: image.width >= 960 ? 16 : 10, bold: true, color: white),
            background: black, padding: 3)
        return canvas.image
    }
}
