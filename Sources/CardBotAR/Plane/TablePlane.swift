import CardBotGeometry
import CardBotImaging

/// The table seen by the camera: the homography from table millimetres to image pixels, and where each
/// card lies on the table.
///
/// The table frame is the cards' own: its origin is the centroid of the cards that fit the plane, its x axis
/// their mean right direction and its y axis their mean down direction (towards the child who reads them).
public struct TablePlane: Sendable {
    /// One card of the fit.
    public struct PlacedCard: Sendable, Hashable {
        /// The marker id.
        public var marker: Int
        /// Where its marker lies on the table.
        public var pose: CardPose
        /// Whether it lies on the plane the others agree on (a card held up or of another size does not).
        public var inlier: Bool
        /// How far its corners, taken back to the table, lie from a card of the known size, millimetres (RMS).
        public var residual: Double
    }

    /// Table millimetres to image pixels.
    public var homography: Homography
    /// The cards in the order given (reading order).
    public var cards: [PlacedCard]
    /// The root-mean-square distance, in pixels, between the inlier cards' detected corners and their fitted ones.
    public var rmsPixels: Double

    /// Where a table point appears in the image; nil behind the camera.
    public func project(_ point: SIMD2<Double>) -> ImagePoint? { homography.apply(point.x, point.y) }

    /// The cards that fit the plane.
    public var inliers: [PlacedCard] { cards.filter(\.inlier) }
}
