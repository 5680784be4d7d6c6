/// A block of text a canvas has drawn: what it was given, its box, and where its lines and its letters went.
///
/// All in canvas units. ``Canvas/drawnText`` keeps them in the order drawn, so a page can be checked for text that
/// runs over a marker or off the paper.
public struct DrawnText: Sendable, Equatable {
    /// The text as it was given (before control characters were replaced for display).
    public var text: String
    /// The box it was laid out in; nil for text drawn at a point (labels, pictograms).
    public var box: TextBox?
    /// The rectangle its drawing was clipped to: the box and, at its left and right, the sliver a letter such as
    /// J or f may reach past a line's ends (``TextBox/sideBearing(for:)``); nil without a box.
    public var clip: TextRectangle?
    /// The lines' rectangle as Pango laid them out (each line's full height, the widest line's width).
    public var logical: TextRectangle
    /// The rectangle of the ink Pango laid out, before clipping: accents piled on a letter reach above the logical
    /// rectangle.
    public var ink: TextRectangle
    /// Lines laid out.
    public var lines: Int
    /// Whether the text was cut short and ends in "…".
    public var ellipsized: Bool
}
