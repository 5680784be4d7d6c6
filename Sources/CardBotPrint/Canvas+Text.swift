import CCairo
import CardBotImaging
import CardBotSupport
import Foundation

/// Text on a canvas through Pango: any script (Latin, Greek, Cyrillic, Arabic, Hebrew, CJK...), shaped by
/// HarfBuzz with fonts found by fontconfig, right-to-left paragraphs laid out right to left, lines broken
/// where the language allows. In a PDF or SVG the text stays text (it can be searched, copied and read aloud).
///
/// Text from files (titles, descriptions, hints) goes in a ``TextBox``: Pango wraps it at the box's width, cuts it
/// to the lines that fit with "…" at the end, and the drawing is clipped to the box, so no title runs over a
/// marker or off the paper. Control characters show as U+FFFD (a NUL would end the text for Pango).
extension Canvas {
    /// The size of `text` laid out in `style`, wrapped at `width` when given.
    public func measure(_ text: String, style: TextStyle, width: Double? = nil) -> TextExtent {
        withLayout(text, style: style, width: width, height: nil, maxLines: 0) { layout in Self.extent(of: layout) }
    }

    /// The size `text` takes in `box`, as ``text(_:in:style:)`` draws it: at most the box's height and lines.
    public func measure(_ text: String, in box: TextBox, style: TextStyle) -> TextExtent {
        withLayout(text, style: style, width: box.width, height: box.height, maxLines: box.maxLines) { layout in
            Self.extent(of: layout)
        }
    }

    /// Draws `text` in `style` in `box` and returns the extent drawn.
    ///
    /// The text is wrapped at the box's width, as many lines as fit its height and `maxLines` are shown, the last
    /// ending in "…" when the text is longer, placed at the box's top or middle, and clipped to the box (and the
    /// side bearing at its left and right, ``TextBox/clip(for:)``).
    @discardableResult
    public func text(_ text: String, in box: TextBox, style: TextStyle) -> TextExtent {
        withLayout(text, style: style, width: box.width, height: box.height, maxLines: box.maxLines) { layout in
            let extent = Self.extent(of: layout)
            let top = box.vertical == .center ? box.y + max(0, (box.height - extent.height) / 2) : box.y
            let clip = box.clip(for: style)
            cairo_save(context)
            cairo_new_path(context)
            cairo_rectangle(context, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(context)
            show(layout, x: box.x, y: top, style: style)
            cairo_restore(context)
            record(text, box: box, clip: clip, layout: layout, x: box.x, y: top, extent: extent)
            return extent
        }
    }

    /// Draws `text` in `style` with the top of its first line at `y`, in the box from `x` `width` wide (or from
    /// `x` on one unbroken line when `width` is nil), at most `maxLines` lines (0: any; a longer text ends in
    /// an ellipsis). Returns the extent drawn. Nothing clips it: text from files goes in a ``TextBox``.
    @discardableResult
    public func text(
        _ text: String, x: Double, y: Double, style: TextStyle, width: Double? = nil, maxLines: Int = 0
    ) -> TextExtent {
        withLayout(text, style: style, width: width, height: nil, maxLines: maxLines) { layout in
            let extent = Self.extent(of: layout)
            cairo_save(context)
            show(layout, x: x, y: y, style: style)
            cairo_restore(context)
            record(text, box: nil, clip: nil, layout: layout, x: x, y: y, extent: extent)
            return extent
        }
    }

    /// The largest size, at most `style.size` and at least `minimum`, at which `text` fits the box `width` x
    /// `height` in at most `maxLines` lines without breaking a word that has spaces around it.
    public func fittedSize(
        _ text: String, style: TextStyle, width: Double, height: Double, maxLines: Int, minimum: Double = 0
    ) -> Double {
        var size = style.size
        // The longest words are the ones that may not fit a line (at most three are measured, so a very long
        // text costs a few layouts a size, not one per word).
        let words = Array(
            text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).sorted { $0.count > $1.count }.prefix(3))
        while size > minimum {
            var trial = style
            trial.size = size
            let extent = measure(text, style: trial, width: width)
            let wordsFit = words.count < 2 || words.allSatisfy { measure($0, style: trial).width <= width + 1e-6 }
            if extent.lines <= maxLines && extent.height <= height + 1e-6 && wordsFit { return size }
            size *= 0.93
        }
        return max(minimum, size)
    }

    /// A label: `text` on a filled box with `padding` around it, its top-left corner at (`x`, `y`), moved inside
    /// the canvas where it fits. Returns the box as (x, y, width, height).
    @discardableResult
    public func label(
        _ text: String, x: Double, y: Double, style: TextStyle, background: RGB, padding: Double
    ) -> (x: Double, y: Double, width: Double, height: Double) {
        let extent = measure(text, style: style)
        let boxWidth = extent.width + 2 * padding
        let boxHeight = extent.height + 2 * padding
        let boxX = max(0, min(x, width - boxWidth))
        let boxY = max(0, min(y, height - boxHeight))
        fillRectangle(boxX, boxY, boxX + boxWidth, boxY + boxHeight, color: background)
        self.text(text, x: boxX + padding, y: boxY + padding, style: style)
        return (boxX, boxY, boxWidth, boxHeight)
    }

    // MARK: - Pango

    private func show(_ layout: OpaquePointer, x: Double, y: Double, style: TextStyle) {
        cairo_set_source_rgb(
            context, Double(style.color.red) / 255, Double(style.color.green) / 255, Double(style.color.blue) / 255)
        cairo_move_to(context, x, y)
        pango_cairo_show_layout(context, layout)
    }

    private func record(
        _ text: String, box: TextBox?, clip: TextRectangle?, layout: OpaquePointer, x: Double, y: Double,
        extent: TextExtent
    ) {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        func rectangle(_ pango: PangoRectangle) -> TextRectangle {
            let scale = Double(PANGO_SCALE)
            return TextRectangle(
                x: x + Double(pango.x) / scale, y: y + Double(pango.y) / scale, width: Double(pango.width) / scale,
                height: Double(pango.height) / scale)
        }
        drawnText.append(
            DrawnText(
                text: text, box: box, clip: clip, logical: rectangle(logical), ink: rectangle(ink), lines: extent.lines,
                ellipsized: extent.ellipsized))
    }

    /// Lays `text` out in `style`, wrapped at `width` when given, in at most `height` and `maxLines` lines (nil and
    /// 0: no limit) with "…" ending a text cut short, and hands the layout to `body`.
    ///
    /// One layout at a time in the process (`textLock`). Canvases on several threads (the synthesizer's workers
    /// drawing card titles, the grader's pictures) would otherwise shape and draw text at once, each with its own
    /// canvas and Pango font map; cairo's text is reported unsafe from several threads even so, and a `make test`
    /// run once saw `cardbot synth session`, whose workers draw on canvases only for card titles, crash with two of
    /// its threads in libcairo.
    private func withLayout<T>(
        _ text: String, style: TextStyle, width: Double?, height: Double?, maxLines: Int, _ body: (OpaquePointer) -> T
    ) -> T {
        Self.textLock.lock()
        defer { Self.textLock.unlock() }
        let layout = pango_cairo_create_layout(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // Metrics are not hinted, so text measures the same at every resolution and on paper.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        let pangoContext = pango_layout_get_context(layout)
        pango_cairo_context_set_font_options(pangoContext, options)
        cairo_font_options_destroy(options)
        // Glyphs are placed where the font says, not rounded to whole canvas units (a unit may be a millimetre).
        pango_context_set_round_glyph_positions(pangoContext, 0)
        pango_layout_context_changed(layout)

        let font = pango_font_description_from_string(style.family)!
        defer { pango_font_description_free(font) }
        pango_font_description_set_absolute_size(font, style.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)
        pango_layout_set_auto_dir(layout, 1)
        switch style.alignment {
        case .start: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        }
        let shown = ControlCharacters.replaced(in: text)
        if let width {
            pango_layout_set_width(layout, Int32(clamping: Int((width * Double(PANGO_SCALE)).rounded(.down))))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        if width != nil && (height != nil || maxLines > 0) {
            Self.limit(layout, text: shown, height: height, maxLines: maxLines)
        } else {
            Self.setText(shown, of: layout)
        }
        return body(layout)
    }

    /// Held while a layout is made, measured and drawn (`withLayout`).
    private static let textLock = NSLock()

    /// Sets `text` in `layout` and cuts it to the lines that fit `height` and `maxLines`, the last ending in "…".
    ///
    /// Pango does the cutting: with a negative height it keeps that many lines of a paragraph and ellipsizes the
    /// last (`PANGO_ELLIPSIZE_END`). (A positive height, in canvas units, is not used: under a scaled cairo matrix
    /// Pango guesses a line's height wrong and silently drops whole paragraphs.) As that limit holds for every
    /// paragraph, a text that must be cut is made one paragraph first: its line breaks before the last line shown
    /// become U+2028 (a line break inside a paragraph) and those after it spaces, to be ellipsized with it.
    private static func limit(_ layout: OpaquePointer, text: String, height: Double?, maxLines: Int) {
        setText(text, of: layout)
        let lineHeights = Self.lineHeights(layout)
        var shown = maxLines > 0 ? min(maxLines, lineHeights.count) : lineHeights.count
        if let height {
            var bottom = 0.0
            var fitting = 0
            for lineHeight in lineHeights {
                bottom += lineHeight
                if bottom > height * Double(PANGO_SCALE) + 0.01 * lineHeight { break }
                fitting += 1
            }
            shown = max(1, min(shown, fitting))
        }
        guard shown < lineHeights.count,
            let last = pango_layout_get_line_readonly(layout, Int32(shown - 1))
        else { return }
        let bytes = Array(text.utf8)
        let start = min(bytes.count, Int(last.pointee.start_index))
        let before = String(decoding: bytes[..<start], as: UTF8.self)
        let after = String(decoding: bytes[start...], as: UTF8.self)
        let kept = paragraphBreaks(in: before, replacedBy: "\u{2028}")
        setText(kept + paragraphBreaks(in: after, replacedBy: " "), of: layout)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout, Int32(-shown))
    }

    /// The logical height of each line of `layout`, in Pango units.
    private static func lineHeights(_ layout: OpaquePointer) -> [Double] {
        (0..<Int(pango_layout_get_line_count(layout))).map { index in
            var logical = PangoRectangle()
            if let line = pango_layout_get_line_readonly(layout, Int32(index)) {
                pango_layout_line_get_extents(line, nil, &logical)
            }
            return Double(logical.height)
        }
    }

    /// `text` with each paragraph break (CR LF, LF, CR, U+2029) replaced by `replacement`.
    private static func paragraphBreaks(in text: String, replacedBy replacement: Character) -> String {
        let breaks: Set<Character> = ["\r\n", "\n", "\r", "\u{2029}"]
        return String(text.map { breaks.contains($0) ? replacement : $0 })
    }

    private static func setText(_ text: String, of layout: OpaquePointer) {
        text.withCString { pango_layout_set_text(layout, $0, -1) }
    }

    private static func extent(of layout: OpaquePointer) -> TextExtent {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        return TextExtent(
            width: Double(logical.width) / scale, height: Double(logical.height) / scale,
            lines: Int(pango_layout_get_line_count(layout)),
            baseline: Double(pango_layout_get_baseline(layout)) / scale,
            ellipsized: pango_layout_is_ellipsized(layout) != 0)
    }
}
