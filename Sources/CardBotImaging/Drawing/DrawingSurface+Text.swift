/// Text in the built-in `BitmapFont` for any `DrawingSurface`.
extension DrawingSurface {
    /// Draws `text` with its top-left corner at pixel (x, y), each font pixel a `scale` x `scale` block.
    ///
    /// Text is one line; characters the font lacks are drawn as hollow boxes. Pixels outside the image are clipped.
    public mutating func drawText(_ text: String, x: Int, y: Int, scale: Int = 1, color: Color) {
        let scale = max(1, scale)
        var penX = x
        for character in text {
            let rows = BitmapFont.rows(for: character)
            for (rowIndex, bits) in rows.enumerated() where bits != 0 {
                // Runs of set bits become one rectangle each.
                var column = 0
                while column < BitmapFont.glyphWidth {
                    let bit = UInt8(1) << UInt8(BitmapFont.glyphWidth - 1 - column)
                    if bits & bit == 0 {
                        column += 1
                        continue
                    }
                    var end = column + 1
                    while end < BitmapFont.glyphWidth
                        && bits & (UInt8(1) << UInt8(BitmapFont.glyphWidth - 1 - end)) != 0
                    {
                        end += 1
                    }
                    fillRectangle(
                        x: penX + column * scale, y: y + rowIndex * scale, width: (end - column) * scale,
                        height: scale, color: color)
                    column = end
                }
            }
            penX += BitmapFont.advance * scale
        }
    }

    /// Draws `text` on a filled box with `padding` pixels around it, its top-left corner at pixel (x, y).
    ///
    /// The box is kept inside the image where it fits, so labels near an edge stay readable.
    /// - Returns: the box drawn, as (x, y, width, height) in pixels.
    @discardableResult
    public mutating func drawLabel(
        _ text: String, x: Int, y: Int, scale: Int = 1, color: Color, background: Color, padding: Int = 2
    ) -> (x: Int, y: Int, width: Int, height: Int) {
        let scale = max(1, scale)
        let size = BitmapFont.size(of: text, scale: scale)
        let boxWidth = size.width + 2 * padding
        let boxHeight = size.height + 2 * padding
        let boxX = max(0, min(x, width - boxWidth))
        let boxY = max(0, min(y, height - boxHeight))
        fillRectangle(x: boxX, y: boxY, width: boxWidth, height: boxHeight, color: background)
        drawText(text, x: boxX + padding, y: boxY + padding, scale: scale, color: color)
        return (boxX, boxY, boxWidth, boxHeight)
    }
}
