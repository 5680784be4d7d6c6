import CardBotGeometry

extension CardLayout {
    /// A card's outline in an image from its marker's four outer corners (upright order: top-left, top-right,
    /// bottom-right, bottom-left): the marker's own perspective carried out to the card's edges, whatever the card's
    /// size; nil when the corners are degenerate.
    public static func cardOutline(markerCorners corners: [ImagePoint]) -> [ImagePoint]? {
        guard corners.count == 4,
            let homography = Homography(unitSquareOnto: corners[0], corners[1], corners[2], corners[3])
        else { return nil }
        // The card's edges in units of the marker's side, from the marker's top-left corner.
        let margin = markerTop / markerSide
        let bottom = (heightRatio - markerTop) / markerSide
        var outline: [ImagePoint] = []
        for (u, v) in [(-margin, -margin), (1 + margin, -margin), (1 + margin, bottom), (-margin, bottom)] {
            guard let point = homography.apply(u, v) else { return nil }
            outline.append(point)
        }
        return outline
    }
}
