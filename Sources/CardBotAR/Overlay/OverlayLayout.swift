import CardBotGeometry
import CardBotImaging
import CardBotLesson

/// Where the level's map lies on the table: beside the cards, on the far side from the child when it fits there,
/// each tile a card's width unless the map would then leave the frame (then smaller) or look small (then larger),
/// never drawn off the frame or over a card.
public struct OverlayLayout: Sendable, Hashable {
    /// Which side of the cards the map lies on.
    public enum Side: String, Sendable, CaseIterable {
        /// Beyond the top row, away from the child (the first choice).
        case far
        /// To the right of the cards.
        case right
        /// To the left of the cards.
        case left
        /// Between the cards and the child (the last choice).
        case near
    }

    /// The table point of the map's north-west corner, millimetres (north is the far side, -y).
    public var origin: SIMD2<Double>
    /// A tile's side, millimetres.
    public var tile: Double
    /// Columns and rows of the map.
    public var columns: Int
    public var rows: Int
    /// The side of the cards it lies on.
    public var side: Side
    /// The tile's side over the card's width (1 when the map fits at full size).
    public var scale: Double

    /// Creates a layout.
    public init(origin: SIMD2<Double>, tile: Double, columns: Int, rows: Int, side: Side, scale: Double) {
        self.origin = origin
        self.tile = tile
        self.columns = columns
        self.rows = rows
        self.side = side
        self.scale = scale
    }

    /// The table point of map point (u, v) in tile units (tile (x, y) spans [x, x + 1] x [y, y + 1]).
    @inline(__always)
    public func table(_ u: Double, _ v: Double) -> SIMD2<Double> {
        SIMD2(origin.x + u * tile, origin.y + v * tile)
    }

    /// The map's four corners on the table, clockwise from the north-west.
    public var corners: [SIMD2<Double>] {
        [table(0, 0), table(Double(columns), 0), table(Double(columns), Double(rows)), table(0, Double(rows))]
    }

    /// The smallest tile drawn, in pixels: below it the map falls back to a flat picture in a corner.
    public static let smallestTilePixels = 10.0
    /// How close to the frame's edge the map may come, pixels.
    public static let margin = 6.0

    /// The largest tile, over the card's width, where the frame has room: a small level on a far-away table is
    /// drawn bigger than its cards so that the robot can be seen.
    public static let largestScale = 1.6
    /// The tile side, as a share of the frame's shorter side, that is big enough: a placement whose tiles reach it
    /// is not made bigger for its own sake.
    public static let enoughTileShare = 0.1

    /// How much each side is preferred: a side wins when its tiles, times this, are the largest.
    var preference: Double {
        switch side {
        case .far: return 1
        case .right, .left: return 0.85
        case .near: return 0.6
        }
    }

    /// Places a `columns` x `rows` map beside `cards` (their outlines on the table) as seen by `pose` in a
    /// `width` x `height` frame, clear of every card `clearance` knows (the cards' outlines as detected in the
    /// frame, those that do not fit the plane included): on each side of the cards (far, right, left, near), centred
    /// on them or slid along them, just beside them or a card's width further, with tiles a card wide, smaller until
    /// the map fits inside the frame, or up to ``largestScale`` larger while its tiles are smaller than
    /// ``enoughTileShare`` of the frame. The placement whose smallest tile on screen (at most enough), weighted by
    /// the side's preference (far 1, right and left 0.85, near 0.6) and a little against sliding, is largest wins;
    /// nil when the map fits nowhere with tiles of at least ``smallestTilePixels``.
    public static func place(columns: Int, rows: Int, cards: [[SIMD2<Double>]], cardWidth: Double, pose: CameraPose,
                             width: Int, height: Int, raise: Double,
                             clearOf clearance: CardClearance = CardClearance(cards: [])) -> OverlayLayout? {
        let points = cards.joined()
        guard let first = points.first else { return nil }
        var low = first
        var high = first
        for p in points {
            low = pointwiseMin(low, p)
            high = pointwiseMax(high, p)
        }
        let enough = Self.enoughTileShare * Double(min(width, height))
        var shrinking: [Double] = []
        var scale = 1.0
        while scale >= 0.08 {
            shrinking.append(scale)
            scale *= 0.92
        }
        var growing: [Double] = []
        scale = 1.1
        while scale <= Self.largestScale + 1e-9 {
            growing.append(scale)
            scale += 0.1
        }
        var best: (layout: OverlayLayout, score: Double)? = nil
        for side in Side.allCases {
            for (gap, gapWeight) in [(0.4, 1.0), (1.2, 0.9)] {
                for (along, slideWeight) in [(0.5, 1.0), (0.25, 0.95), (0.75, 0.95), (0, 0.95), (1, 0.95), (-0.5, 0.9), (1.5, 0.9)] {
                    func candidate(_ scale: Double) -> (layout: OverlayLayout, tile: Double)? {
                        let tile = cardWidth * scale
                        let w = Double(columns) * tile
                        let h = Double(rows) * tile
                        let g = gap * cardWidth
                        let origin: SIMD2<Double>
                        switch side {
                        case .far: origin = SIMD2(low.x + along * (high.x - low.x - w), low.y - g - h)
                        case .near: origin = SIMD2(low.x + along * (high.x - low.x - w), high.y + g)
                        case .right: origin = SIMD2(high.x + g, low.y + along * (high.y - low.y - h))
                        case .left: origin = SIMD2(low.x - g - w, low.y + along * (high.y - low.y - h))
                        }
                        let layout = OverlayLayout(origin: origin, tile: tile, columns: columns, rows: rows, side: side, scale: scale)
                        guard layout.liesInside(pose: pose, width: width, height: height, raise: raise * tile),
                            let pixels = layout.smallestTilePixels(pose: pose), pixels >= Self.smallestTilePixels,
                            clearance.cards.isEmpty || clearance.isClear(layout.footprint(pose: pose, raise: max(raise, 1) * tile))
                        else { return nil }
                        return (layout, pixels)
                    }
                    // The largest tiles up to a card's width; then, when those are small on screen, larger ones.
                    guard var found = shrinking.lazy.compactMap(candidate).first else { continue }
                    if found.layout.scale >= 0.999 {
                        for scale in growing where found.tile < enough {
                            guard let larger = candidate(scale) else { break }
                            found = larger
                        }
                    }
                    let score = min(found.tile, enough) * found.layout.preference * gapWeight * slideWeight
                    if best == nil || score > best!.score + 1e-9 { best = (found.layout, score) }
                }
            }
        }
        return best?.layout
    }

    /// Whether the whole map, raised parts included, lies inside the frame with tiles big enough to see.
    func fits(pose: CameraPose, width: Int, height: Int, raise: Double) -> Bool {
        guard liesInside(pose: pose, width: width, height: height, raise: raise),
            let pixels = smallestTilePixels(pose: pose)
        else { return false }
        return pixels >= Self.smallestTilePixels
    }

    /// The smallest tile side on screen, pixels: at the map's corners, the tile's two sides; nil when a corner is
    /// behind the camera.
    public func smallestTilePixels(pose: CameraPose) -> Double? {
        var smallest = Double.infinity
        for corner in corners {
            guard let a = pose.project(corner.x, corner.y) else { return nil }
            let inward = SIMD2(corner.x < origin.x + tile ? tile : -tile, corner.y < origin.y + tile ? tile : -tile)
            guard let bx = pose.project(corner.x + inward.x, corner.y), let by = pose.project(corner.x, corner.y + inward.y)
            else { return nil }
            smallest = min(smallest, a.distance(to: bx), a.distance(to: by))
        }
        return smallest
    }

    /// The outline of everything the map draws, on screen: its corners with the dark rim around it, on the table and
    /// raised by `raise` millimetres (walls, the robot, the flag); empty when a corner is behind the camera.
    public func footprint(pose: CameraPose, raise: Double) -> [ImagePoint] {
        let rim = 0.15
        var points: [ImagePoint] = []
        for (u, v) in [(-rim, -rim), (Double(columns) + rim, -rim), (Double(columns) + rim, Double(rows) + rim), (-rim, Double(rows) + rim)] {
            let t = table(u, v)
            for lift in [0, raise] {
                guard let p = pose.project(t.x, t.y, height: lift) else { return [] }
                points.append(p)
            }
        }
        return CardClearance.convexHull(points)
    }

    /// Whether the whole map, raised parts included, lies inside the frame (tiles of any size).
    func liesInside(pose: CameraPose, width: Int, height: Int, raise: Double) -> Bool {
        let low = Self.margin
        let highX = Double(width - 1) - Self.margin
        let highY = Double(height - 1) - Self.margin
        for corner in corners {
            for lift in [0, raise] {
                guard let p = pose.project(corner.x, corner.y, height: lift),
                    p.x >= low, p.y >= low, p.x <= highX, p.y <= highY
                else { return false }
            }
        }
        return true
    }
}
