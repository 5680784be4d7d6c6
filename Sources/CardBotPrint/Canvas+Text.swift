import CCairo
import CardBotImaging

/// Text on a canvas through Pango: any script (Latin, Greek, Cyrillic, Arabic, Hebrew, CJK...), shaped by
/// HarfBuzz with fonts found by fontconfig, right-to-left paragraphs laid out right to left, lines broken
/// where the language allows. In a PDF or SVG the text stays text (it can be searched, copied and read aloud).
extension Canvas {
    /// The size of `text` laid out in `style`, wrapped at `width` when given.
    public func measure(_ text: String, style: TextStyle, width: Double? = nil) -> TextExtent {
        withLayout(text, style: style, width: width, maxLines: 0) { layout in Self.extent(of: layout) }
    }

    /// Draws `text` in `style` with the top of its first line at `y`, in the box from `x` `width` wide (or from
    /// `x` on one unbroken line when `width` is nil), at most `maxLines` lines (0: any; a longer text ends in
    /// an ellipsis). Returns the extent drawn.
    @discardableResult
    public func text(
        _ text: String, x: Double, y: Double, style: TextStyle, width: Double? = nil, maxLines: Int = 0
    ) -> TextExtent {
        withLayout(text, style: style, width: width, maxLines: maxLines) { layout in
            cairo_save(context)
            cairo_set_source_rgb(
                context, Double(style.color.red) / 255, Double(style.color.green) / 255, Double(style.color.blue) / 255)
            cairo_move_to(context, x, y)
            pango_cairo_show_layout(context, layout)
            cairo_restore(context)
            return Self.extent(of: layout)
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

    private func withLayout<T>(
        _ text: String, style: TextStyle, width: Double?, maxLines: Int, _ body: (OpaquePointer) -> T
    ) -> T {
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
        if let width {
            pango_layout_set_width(layout, Int32(clamping: Int((width * Double(PANGO_SCALE)).rounded(.down))))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if maxLines > 0 {
                pango_layout_set_height(layout, Int32(-maxLines))
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
        }
        text.withCString { pango_layout_set_text(layout, $0, -1) }
        return body(layout)
    }

    private static func extent(of layout: OpaquePointer) -> TextExtent {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        return TextExtent(
            width: Double(logical.width) / scale, height: Double(logical.height) / scale,
            lines: Int(pango_layout_get_line_count(layout)),
            baseline: Double(pango_layout_get_baseline(layout)) / scale)
    }
}

/// The size of laid-out text in canvas units.
public struct TextExtent: Sendable, Equatable {
    /// The widest line's width (the box's width when the text was wrapped at one).
    public var width: Double
    /// From the top of the first line to the bottom of the last.
    public var height: Double
    /// Lines laid out.
    public var lines: Int
    /// From the top to the first line's baseline.
    public var baseline: Double
}
