import CardBotImaging
import CardBotPrint

/// Text on replay frames, set by Pango through ``Canvas`` (any script, as the printed matter): a caption strip
/// along the bottom of a frame and the lines of a title card.
enum TextBlock {
    /// The caption strip's colour.
    static let strip = RGB(25, 25, 30)

    /// A caption on a dark strip along the bottom of the frame: one line as large as fits (22 px on wide frames,
    /// 15 px on small ones), else two lines, smaller down to 9 px.
    static func caption(_ text: String, on image: inout RGBImage) {
        guard image.width > 40 && image.height > 24 else { return }
        let room = Double(image.width - 24)
        let largest: Double = image.width >= 900 ? 22 : image.width >= 400 ? 15 : 11
        let measurer = Canvas(pixelsWide: 1, high: 1, background: strip)
        var style = TextStyle(size: largest, bold: true, color: RGB(255, 255, 255), alignment: .center)
        style.size = measurer.fittedSize(text, style: style, width: room, height: 3 * largest, maxLines: 2, minimum: 9)
        let extent = measurer.measure(text, style: style, width: room)
        let pad = (style.size / 3).rounded()
        let boxWidth = min(image.width, Int((extent.width + 2 * pad).rounded(.up)))
        let boxHeight = min(image.height, Int((min(extent.height, 3 * style.size) + 2 * pad).rounded(.up)))
        let box = Canvas(pixelsWide: boxWidth, high: boxHeight, background: strip)
        box.text(text, x: pad, y: pad, style: style, width: Double(boxWidth) - 2 * pad, maxLines: 2)
        paste(box.image, into: &image, x: (image.width - boxWidth) / 2, y: max(0, image.height - boxHeight - 6))
    }

    /// The result box's colours: green when the level was solved, dark orange otherwise.
    static let solvedBox = RGB(28, 120, 58)
    static let unsolvedBox = RGB(160, 72, 12)

    /// A run's result in a box along the bottom of the frame, larger than a caption (30 px on wide frames, 20 px
    /// on small ones, down to 10 px to fit three lines), white on green when `solved`, else on dark orange, with a
    /// white rim.
    static func result(_ text: String, solved: Bool, on image: inout RGBImage) {
        guard image.width > 40 && image.height > 24 else { return }
        let room = Double(image.width) * 0.86
        let largest: Double = image.width >= 900 ? 30 : image.width >= 400 ? 20 : 13
        let background = solved ? solvedBox : unsolvedBox
        let measurer = Canvas(pixelsWide: 1, high: 1, background: background)
        var style = TextStyle(size: largest, bold: true, color: RGB(255, 255, 255), alignment: .center)
        style.size = measurer.fittedSize(text, style: style, width: room, height: 4.2 * largest, maxLines: 3, minimum: 10)
        let extent = measurer.measure(text, style: style, width: room)
        let pad = (style.size / 2).rounded()
        let rim = 2
        let boxWidth = min(image.width - 2 * rim, Int((extent.width + 2 * pad).rounded(.up)))
        let boxHeight = min(image.height - 2 * rim, Int((min(extent.height, 4.2 * style.size) + 2 * pad).rounded(.up)))
        let box = Canvas(pixelsWide: boxWidth, high: boxHeight, background: background)
        box.text(text, x: pad, y: pad, style: style, width: Double(boxWidth) - 2 * pad, maxLines: 3)
        let x = (image.width - boxWidth) / 2
        let y = max(rim, image.height - boxHeight - 8)
        fillRectangle(&image, x: x - rim, y: y - rim, width: boxWidth + 2 * rim, height: boxHeight + 2 * rim, color: RGB(255, 255, 255))
        paste(box.image, into: &image, x: x, y: y)
    }

    /// `image` with `heading` large and `detail` below it (wrapped, in `detailColor`), centred.
    static func titled(_ image: RGBImage, heading: String, detail: String, detailColor: RGB) -> RGBImage {
        let canvas = Canvas(picture: image)
        let width = Double(image.width) * 0.9
        let x = (Double(image.width) - width) / 2
        var headingStyle = TextStyle(
            size: max(12, Double(image.height) / 10), bold: true, color: RGB(255, 255, 255), alignment: .center)
        headingStyle.size = canvas.fittedSize(
            heading, style: headingStyle, width: width, height: 2.6 * headingStyle.size, maxLines: 2, minimum: 10)
        let detailStyle = TextStyle(size: max(9, headingStyle.size * 0.42), color: detailColor, alignment: .center)
        let top = canvas.measure(heading, style: headingStyle, width: width)
        let bottom = canvas.measure(detail, style: detailStyle, width: width)
        let gap = detailStyle.size
        var y = max(4, (Double(image.height) - top.height - gap - min(bottom.height, 4 * detailStyle.size * 1.4)) / 2)
        y += canvas.text(heading, x: x, y: y, style: headingStyle, width: width, maxLines: 2).height + gap
        canvas.text(detail, x: x, y: y, style: detailStyle, width: width, maxLines: 4)
        return canvas.image
    }

    /// Copies `picture` into `frame` with its top-left corner at (`x`, `y`), clipped to the frame.
    static func paste(_ picture: RGBImage, into frame: inout RGBImage, x: Int, y: Int) {
        let left = max(0, x), right = min(frame.width, x + picture.width)
        let top = max(0, y), bottom = min(frame.height, y + picture.height)
        guard left < right && top < bottom else { return }
        let frameWidth = frame.width
        frame.pixels.withUnsafeMutableBufferPointer { target in
            picture.pixels.withUnsafeBufferPointer { source in
                for row in top..<bottom {
                    let from = ((row - y) * picture.width + (left - x)) * 3
                    let to = (row * frameWidth + left) * 3
                    for index in 0..<((right - left) * 3) { target[to + index] = source[from + index] }
                }
            }
        }
    }

    /// Fills the rectangle at (`x`, `y`), `width` x `height` pixels, with `color`, clipped to the frame.
    static func fillRectangle(_ frame: inout RGBImage, x: Int, y: Int, width: Int, height: Int, color: RGB) {
        let left = max(0, x), right = min(frame.width, x + width)
        let top = max(0, y), bottom = min(frame.height, y + height)
        guard left < right && top < bottom else { return }
        let frameWidth = frame.width
        frame.pixels.withUnsafeMutableBufferPointer { pixels in
            for row in top..<bottom {
                var offset = (row * frameWidth + left) * 3
                for _ in left..<right {
                    pixels[offset] = color.red
                    pixels[offset + 1] = color.green
                    pixels[offset + 2] = color.blue
                    offset += 3
                }
            }
        }
    }
}
