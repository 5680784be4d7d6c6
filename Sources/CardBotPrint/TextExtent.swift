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
    /// Whether the text was cut short and ends in "…".
    public var ellipsized: Bool = false
}
