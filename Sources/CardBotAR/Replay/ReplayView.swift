import CardBotGeometry
import CardBotImaging
import CardBotLesson

/// How an attempt's frames show the level: in perspective on the table beside the cards, or, when the camera
/// view cannot carry it, as a flat map in a corner of the frame.
public enum ReplayView: Sendable {
    /// The map on the table.
    case table(pose: CameraPose, layout: OverlayLayout, cards: [[SIMD2<Double>]])
    /// The flat map in a corner, and why the table could not be used.
    case flat(FlatMapView, reason: String)

    /// The view for a frame whose cards gave `plane` (nil when no card was seen), `width` x `height` pixels, in which
    /// every card read had its marker's corners at `seen` (image pixels, upright order): the map and the flat inset
    /// keep clear of all those cards, their whole outlines, whether or not they fit the plane; the map also keeps
    /// clear of the bottom band where captions and the result are written.
    ///
    /// `cards` are the outlines on the table of the cards in reading order, for lighting the running card (empty
    /// when the frame's cards are not the program's).
    public static func prepare(plane: TablePlane?, seen: [[ImagePoint]], programMatches: Bool, map: LevelMap, width: Int,
                               height: Int, options: ReplayOptions) -> ReplayView {
        // The cards, and the band along the bottom where the captions and the result are written.
        let band = Double(height) * 0.1 + 8
        let captions = [ImagePoint(Double(width) * 0.07, Double(height) - band), ImagePoint(Double(width) * 0.93, Double(height) - band),
                        ImagePoint(Double(width) * 0.93, Double(height)), ImagePoint(Double(width) * 0.07, Double(height))]
        let outlines = seen.map { options.cards.cardOutline(markerCorners: $0) ?? $0 }
        let clearance = CardClearance(cards: outlines)
        let mapClearance = CardClearance(cards: outlines + [captions])
        func flat(_ reason: String) -> ReplayView {
            // The largest inset (two fifths of the shorter side, wider for a wide map) that a corner has room for
            // beside the cards; the largest, top left, when none has.
            let side = max(80, min(width, height) * 2 / 5)
            let aspect = Double(map.width + 1) / Double(map.height + 2)
            var shrink = 1.0
            var fallback: FlatMapView? = nil
            while shrink > 0.55 {
                let w = max(60, min(width - 16, Int(Double(side) * max(1, aspect) * shrink)))
                let h = max(60, min(height - 16, Int(Double(w) / max(1, aspect))))
                var view = FlatMapView(map: map, width: w, height: h)
                if let origin = FlatMapView.insetOrigin(width: w, height: h, frameWidth: width, frameHeight: height, clearOf: clearance) {
                    view.insetOrigin = origin
                    return .flat(view, reason: reason)
                }
                fallback = fallback ?? view
                shrink *= 0.85
            }
            return .flat(fallback!, reason: reason)
        }
        guard let plane, !plane.inliers.isEmpty else {
            return flat("no card is visible")
        }
        guard let pose = CameraPose(homography: plane.homography, width: width, height: height, fieldOfView: options.fieldOfView)
        else { return flat("the cards do not give a table plane") }
        guard pose.isDrawable else {
            return flat(String(format: "the table is seen too steeply (%.0f degrees from straight down; the limit is %.0f)",
                               pose.tiltDegrees, CameraPose.steepestTilt))
        }
        let tableOutlines = plane.cards.map { card in options.cards.cardCorners.map(card.pose.apply) }
        let placed = plane.inliers.map { card in options.cards.cardCorners.map(card.pose.apply) }
        guard let layout = OverlayLayout.place(
            columns: map.width, rows: map.height, cards: placed, cardWidth: options.cards.width, pose: pose, width: width,
            height: height, raise: OverlayStyle().wallHeight, clearOf: mapClearance)
        else {
            return flat("the map does not fit in the frame beside the cards")
        }
        return .table(pose: pose, layout: layout, cards: programMatches ? tableOutlines : [])
    }

    /// Why the table is not used, or nil when it is.
    public var fallbackReason: String? {
        if case .flat(_, let reason) = self { return reason }
        return nil
    }
}
