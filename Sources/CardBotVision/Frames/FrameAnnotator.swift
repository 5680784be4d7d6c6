import CardBotImaging

/// Draws what was read onto a frame, for a teacher to check: each card outlined in its row's colour, a dot on
/// its top-left corner, and a label with its place in the program and its name; the program along the top.
public enum FrameAnnotator {
    /// Outline colours, one per row (repeating after six rows).
    static let rowColors: [RGB] = [
        RGB(0, 200, 60), RGB(0, 140, 255), RGB(255, 150, 0), RGB(220, 40, 220), RGB(0, 210, 210), RGB(240, 40, 40),
    ]

    /// The annotated colour image of `image` with `reading` drawn on it.
    public static func render(_ image: GrayImage, reading: FrameReading) -> RGBImage {
        var canvas = RGBImage(image)
        let white = RGB(255, 255, 255)
        let black = RGB(0, 0, 0)
        var position = 0
        for (rowIndex, row) in reading.rows.enumerated() {
            let color = rowColors[rowIndex % rowColors.count]
            for card in row {
                position += 1
                let side = card.quad.meanSide
                let thickness = min(max(side / 25, 1.5), 4)
                canvas.strokePolygon(card.corners, color: color, thickness: thickness)
                canvas.fillCircle(center: card.quad.topLeft, radius: thickness * 1.6, color: color)
                let scale = side >= 48 ? 2 : 1
                let text = "\(position) \(card.name)"
                let size = BitmapFont.size(of: text, scale: scale)
                let corners = card.corners
                let top = corners.map(\.y).min() ?? 0
                let center = card.quad.center
                let x = Int(center.x) - size.width / 2 - 2
                let y = Int(top) - size.height - 8
                canvas.drawLabel(text, x: x, y: max(y, 0), scale: scale, color: black, background: color)
            }
        }
        let summary: String
        if reading.cards.isEmpty {
            summary = "no cards"
        } else {
            summary = reading.rows.map { $0.map(\.name).joined(separator: " ") }.joined(separator: " / ")
        }
        canvas.drawLabel(summary, x: 4, y: 4, scale: image.width >= 960 ? 2 : 1, color: white, background: black)
        return canvas
    }
}
