import CardBotImaging

/// How text looks: its size, weight, colour, alignment and fonts.
public struct TextStyle: Sendable, Equatable {
    /// Where lines sit in their box.
    public enum Alignment: Sendable, Equatable {
        /// At the start of the line: the left for left-to-right text, the right for right-to-left text.
        case start
        /// Centred.
        case center
    }

    /// The font's size (its em) in canvas units: millimetres on paper, pixels in a picture.
    public var size: Double
    /// Bold or regular.
    public var bold: Bool
    /// The ink.
    public var color: RGB
    /// Where lines sit.
    public var alignment: Alignment
    /// The font families in order of preference (a Pango font description); fontconfig falls back to any
    /// installed font that has a missing letter.
    public var family: String

    /// The families CardBot prints in: Noto Sans (Latin, Greek, Cyrillic and, through Noto's siblings, most
    /// scripts), DejaVu Sans, then Noto Sans CJK for Chinese, Japanese and Korean.
    public static let defaultFamily = "Noto Sans, DejaVu Sans, Noto Sans CJK SC, sans-serif"

    /// Creates a style.
    public init(
        size: Double, bold: Bool = false, color: RGB = RGB(0, 0, 0), alignment: Alignment = .start,
        family: String = TextStyle.defaultFamily
    ) {
        self.size = size
        self.bold = bold
        self.color = color
        self.alignment = alignment
        self.family = family
    }
}
