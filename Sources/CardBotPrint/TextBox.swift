/// The room a block of text is drawn in.
///
/// Lines wrap at its width (between words, or between letters when a word is longer than a line); a text with more
/// lines than fit its height or than `maxLines` ends in "…" on the last line shown; and nothing of it is drawn above
/// or below the box (a letter piled high with accents is cut at its edge) nor further left or right than the sliver
/// a letter such as J or f may reach past a line's ends.
public struct TextBox: Sendable, Equatable {
    /// Where the lines sit between the box's top and bottom.
    public enum VerticalAlignment: Sendable, Equatable {
        /// The first line at the top.
        case top
        /// The lines in the middle.
        case center
    }

    /// The box's left edge, in canvas units.
    public var x: Double
    /// The box's top edge.
    public var y: Double
    /// The box's width: the longest line.
    public var width: Double
    /// The box's height: the most the lines may take.
    public var height: Double
    /// The most lines shown (0: as many as fit the height).
    public var maxLines: Int
    /// Where the lines sit vertically.
    public var vertical: VerticalAlignment

    /// Creates a box `width` x `height` with its top-left corner at (`x`, `y`).
    public init(
        x: Double, y: Double, width: Double, height: Double, maxLines: Int = 0, vertical: VerticalAlignment = .top
    ) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
        self.maxLines = max(0, maxLines)
        self.vertical = vertical
    }

    /// The box as a rectangle.
    public var rectangle: TextRectangle { TextRectangle(x: x, y: y, width: width, height: height) }

    /// How far a letter of `style` may reach past the start or end of a line, in canvas units: the hook of a J, the
    /// overhang of an f or an italic letter (an eighth of the font's size; the J of Noto Sans Bold reaches 0.08).
    public static func sideBearing(for style: TextStyle) -> Double {
        style.size / 8
    }

    /// The rectangle text in `style` is clipped to: the box and a side bearing at its left and right.
    public func clip(for style: TextStyle) -> TextRectangle {
        let bearing = Self.sideBearing(for: style)
        return TextRectangle(x: x - bearing, y: y, width: width + 2 * bearing, height: height)
    }
}
