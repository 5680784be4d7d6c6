import CardBotImaging
import CardBotLesson

/// Where the level's map lies on the table: beside the cards, on the far side from the child, each tile a card's
/// width unless the map would then leave the frame (then smaller), never drawn off the frame.
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

    /// How much each side is preferred: a side wins when its tiles, times this, are the largest.
    var preference: Double {
        switch side {
        case .far: return 1
        case .right, .left: return 0.7
        case .near: return 0.5
        }
    }

    /// Places a `columns` x `rows` map beside `cards` (their outlines on the table) as seen by `pose` in a
    /// `width` x `height` frame: on the far side when it fits there at full size; else on the side where its
    /// tiles, weighted by the side's preference (far 1, right and left 0.7, near 0.5), are largest; nil when it fits
    /// nowhere with tiles of at least `smallestTilePixels`.
    public static func place(columns: Int, rows: Int, cards: [[SIMD2<Double>]], cardWidth: Double, pose: CameraPose,
                             width: Int, height: Int, raise: Double) -> OverlayLayout? {
        let points = cards.joined()
        guard let first = points.first else { return nil }
        var low = first
        var high = first
        for p in points {
            low = pointwiseMin(low, p)
            high = pointwiseMax(high, p)
        }
        let gap = 0.4 * cardWidth
        var best: OverlayLayout? = nil
        for side in Side.allCases {
            var scale = 1.0
            while scale >= 0.08 {
                let tile = cardWidth * scale
                let w = Double(columns) * tile
                let h = Double(rows) * tile
                let origin: SIMD2<Double>
                switch side {
                case .far: origin = SIMD2((low.x + high.x - w) / 2, low.y - gap - h)
                case .near: origin = SIMD2((low.x + high.x - w) / 2, high.y + gap)
                case .right: origin = SIMD2(high.x + gap, (low.y + high.y - h) / 2)
                case .left: origin = SIMD2(low.x - gap - w, (low.y + high.y - h) / 2)
                }
                let layout = OverlayLayout(origin: origin, tile: tile, columns: columns, rows: rows, side: side, scale: scale)
                if layout.fits(pose: pose, width: width, height: height, raise: raise * tile) {
                    if scale >= 0.999 && side == .far { return layout }
                    if best == nil || scale * layout.preference > best!.scale * best!.preference { best = layout }
                    break
                }
                scale *= 0.92
            }
        }
        return best
    }

    /// Whether the whole map, raised parts included, lies inside the frame with tiles big enough to see.
    func fits(pose: CameraPose, width: Int, height: Int, raise: Double) -> Bool {
        guard liesInside(pose: pose, width: width, height: height, raise: raise) else { return false }
        // The smallest tile on screen: at the corners, the tile's two sides.
        for corner in corners {
            guard let a = pose.project(corner.x, corner.y) else { return false }
            let inward = SIMD2(corner.x < origin.x + tile ? tile : -tile, corner.y < origin.y + tile ? tile : -tile)
            guard let bx = pose.project(corner.x + inward.x, corner.y), let by = pose.project(corner.x, corner.y + inward.y),
                a.distance(to: bx) >= Self.smallestTilePixels, a.distance(to: by) >= Self.smallestTilePixels
            else { return false }
        }
        return true
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
