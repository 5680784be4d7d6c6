import CardBotImaging

/// Lines of text in the built-in bitmap font: wrapped to a width, centred, or set as a caption strip.
enum TextBlock {
    /// `text` broken into lines at most `width` pixels wide at `scale` (a word longer than a line is cut).
    static func wrap(_ text: String, width: Int, scale: Int) -> [String] {
        let perLine = max(1, width / (BitmapFont.advance * scale))
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if candidate.count <= perLine {
                line = candidate
            } else {
                if !line.isEmpty { lines.append(line) }
                line = String(word.prefix(perLine))
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The largest scale from `largest` down to 1 at which `text` fits on one line of `width` pixels.
    static func scale(for text: String, width: Int, largest: Int) -> Int {
        var scale = max(1, largest)
        while scale > 1 && BitmapFont.size(of: text, scale: scale).width > width { scale -= 1 }
        return scale
    }

    /// Draws `lines` centred horizontally, the first line's top at `top`.
    /// - Returns: the y just below the last line.
    @discardableResult
    static func drawCentred(_ lines: [String], on image: inout RGBImage, top: Int, scale: Int, color: RGB) -> Int {
        var y = top
        for line in lines {
            let size = BitmapFont.size(of: line, scale: scale)
            image.drawText(line, x: (image.width - size.width) / 2, y: y, scale: scale, color: color)
            y += BitmapFont.lineHeight * scale
        }
        return y
    }

    /// A caption on a dark strip along the bottom of the frame: one line as large as fits (up to scale 3 on
    /// wide frames, 2 otherwise), else two lines at scale 2 or 1.
    static func caption(_ text: String, on image: inout RGBImage) {
        let room = image.width - 24
        let largest = image.width >= 900 ? 3 : 2
        var scale = Self.scale(for: text, width: room, largest: largest)
        var lines = [text]
        if BitmapFont.size(of: text, scale: scale).width > room || scale < largest {
            scale = largest
            while scale > 1 && wrap(text, width: room, scale: scale).count > 2 { scale -= 1 }
            lines = Array(wrap(text, width: room, scale: scale).prefix(2))
        }
        let pad = 3 * scale
        let lineHeight = BitmapFont.lineHeight * scale
        let boxWidth = lines.map { BitmapFont.size(of: $0, scale: scale).width }.max()! + 2 * pad
        let boxHeight = lineHeight * lines.count + 2 * pad
        let top = image.height - boxHeight - 6
        image.fillRectangle(x: (image.width - boxWidth) / 2, y: top, width: boxWidth, height: boxHeight, color: RGB(25, 25, 30))
        drawCentred(lines, on: &image, top: top + pad + scale, scale: scale, color: RGB(255, 255, 255))
    }
}
