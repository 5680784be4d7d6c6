import CardBotGeometry
import CardBotVision

/// The printed size of the cards on the table: what turns their detected marker corners into millimetres.
///
/// Cards follow `CardLayout` (as `cardbot cards print` makes them): a card `width` wide and 1.375 times as
/// tall, its marker three quarters of the width, an eighth of the width below the card's top edge.
public struct CardGeometry: Sendable, Hashable {
    /// The card's width in millimetres (60 by default, as `cards print` makes them).
    public var width: Double

    /// The default printed card width, millimetres.
    public static let defaultWidth = 60.0
    /// The card widths accepted, millimetres (those `cards print` can print).
    public static let widths: ClosedRange<Double> = 30...180

    /// Creates the geometry of cards `width` millimetres wide.
    public init(width: Double = CardGeometry.defaultWidth) {
        self.width = width
    }

    /// The side of the marker's outer black border, millimetres.
    public var markerSide: Double { width * CardLayout.markerSide }

    /// The marker's four outer corners around its own centre, in upright order (top-left, top-right,
    /// bottom-right, bottom-left), with y growing towards the card's bottom.
    public var markerCorners: [SIMD2<Double>] {
        let h = markerSide / 2
        return [SIMD2(-h, -h), SIMD2(h, -h), SIMD2(h, h), SIMD2(-h, h)]
    }

    /// The card's outline around its marker's centre, in upright order (the card reaches further below
    /// the marker, where its pictogram and title are, than above it).
    public var cardCorners: [SIMD2<Double>] {
        let top = -(CardLayout.markerTop + CardLayout.markerSide / 2) * width
        let bottom = top + CardLayout.heightRatio * width
        let half = width / 2
        return [SIMD2(-half, top), SIMD2(half, top), SIMD2(half, bottom), SIMD2(-half, bottom)]
    }

    /// A card's outline in the image from its marker's four detected corners (upright order): the marker's own
    /// perspective carried out to the card's edges, whatever the card's size or the plane
    /// (`CardLayout.cardOutline(markerCorners:)`); nil when the corners are degenerate.
    public func cardOutline(markerCorners corners: [ImagePoint]) -> [ImagePoint]? {
        CardLayout.cardOutline(markerCorners: corners)
    }
}
