/// The layout of one card face, in shares of the card's width: the marker on top with a quiet white margin,
/// then the pictogram and the title, the description, then a coloured band.
public enum CardLayout {
    /// The card's height over its width (a playing card's shape).
    public static let heightRatio = 1.375
    /// The marker's side over the card's width.
    public static let markerSide = 0.75
    /// The white margin above and beside the marker over the card's width.
    public static let markerTop = 0.125
    /// The coloured band's height at the bottom over the card's width.
    public static let band = 0.06
    /// The white quiet zone below the marker over the card's width (as wide as the margin beside it, a whole
    /// cell of a 4x4 marker), which the detector needs to find the marker's border.
    public static let quietZone = 0.125
    /// The height of the row holding the pictogram and the title over the card's width.
    public static let titleRow = 0.13
}
