import CardBotGeometry
import CardBotImaging
import CardBotVision

/// A card's last good view: the pixels of its marker, and of the table around it, when it was last read.
///
/// A card that is not read in a later frame is judged by what lies at the same place now (``match(_:)``): the
/// same marker pattern amid the same surroundings means the card is still there and merely unread (flicker: noise,
/// blur, a dark room); a changed patch means something covers it (a child's finger on the GO card, a hand laying
/// a card) or it was taken away. This is how occlusion-based virtual buttons decide a press: by what the patch
/// looks like, not by whether a detector happened to fire. The surroundings decide most: a tap's finger covers a
/// quarter of the GO card's marker in the synthesized lessons, leaving its pattern fairly correlated (0.7 to 0.9),
/// but the hand and arm that bring it change the ring of card and table around the marker.
struct CardView: Sendable {
    /// The reading the view was taken from (its marker, corners and confidence).
    var detection: Detection
    /// When the card was last read, in seconds of the recording.
    var seen: Double
    /// How many frames read the card here, its patch unchanged in the frames between: a card read once may be a
    /// misreading of something else, and is not kept through a dropout.
    var reads = 1
    /// The marker's cells: the mean gray level of each of ``grid`` x ``grid`` cells over its quad, row by row.
    var marker: [Float]
    /// The ring around the marker: the mean gray level of each cell of ``ringGrid`` x ``ringGrid`` over the quad
    /// enlarged ``ringScale`` times about its centre, those over the marker and its nearest margin left out.
    var ring: [Float]
    /// The marker's contrast: its brightest cell's level less its darkest's (at least 1), the scale a change of
    /// the ring is measured in, so that a dark room and a bright one are judged alike.
    var contrast: Float

    /// Cells across each side of the marker's grid: a marker of the default deck is 6 cells across (its 4 x 4
    /// code and its border).
    static let grid = 6
    /// Cells across each side of the ring's grid (the enlarged quad).
    static let ringGrid = 10
    /// Points across each side of a cell, averaged into the cell's level, so that a dark room's noise averages out.
    static let subsamples = 4
    /// How much larger than the marker the ring's outer edge is, about its centre.
    static let ringScale = 2.2
    /// Cells of the enlarged grid whose centre lies nearer the centre than this (a share of the enlarged quad's
    /// side, each way) are the marker's, not the ring's: the marker spans 0.5 / 2.2 each way, a margin more.
    static let ringHole = 0.28

    /// The least normalised cross-correlation of the marker's cells with the view's (at the best drift) at which
    /// the card is still there, and the largest share of the ring's cells that may have changed (by more than
    /// ``ringChange`` of the marker's contrast, beyond the ring's typical change). Measured on 1,614 unread cards
    /// of 45 synthesized lessons (easy, hard, dim and JPEG quality 30; 2 and 5 stills a second; 480x360 and
    /// 640x480) judged against truth.json (docs/run.md): of 1,194 in plain view 1,191 are kept (marker correlation
    /// 0.95 or more, ring change 0 in 95%); of 159 under a hand 6 are (a hand over a program card's marker alone,
    /// never a tap: every finger on the GO card changed the ring); of 209 taken away none.
    static let leastMarkerCorrelation: Float = 0.9
    static let largestRingChange: Float = 0.1
    static let ringChange: Float = 0.2

    /// Takes the view of `detection` in `image`, read at `seconds`.
    init(_ detection: Detection, in image: GrayImage, at seconds: Double) {
        self.detection = detection
        self.seen = seconds
        self.marker = Self.sample(detection.quad, cells: Self.grid, in: image)
        self.ring = Self.ringCells(Self.sample(Self.enlarged(detection.quad), cells: Self.ringGrid, in: image))
        self.contrast = max(1, (marker.max() ?? 0) - (marker.min() ?? 0))
    }

    /// Where `image` still shows this card, near where it was: its marker's pattern at the shift (up to
    /// ``searchSteps`` steps of a sixteenth of the marker each way, since the camera drifts) that fits it best,
    /// amid an unchanged ring; nil when the patch has changed there (covered, or taken away).
    func match(_ image: GrayImage) -> Quad? {
        guard marker.count == Self.grid * Self.grid, !ring.isEmpty else { return nil }
        let quad = detection.quad
        let step = max(1, quad.area.squareRoot() / 16)
        var best = (fit: -Float.infinity, dx: 0.0, dy: 0.0)
        // Coarse to fine: the shifts are searched on each cell's centre alone, nearest first (so that among equal
        // fits the smallest drift wins), and the best refined and judged on the full 4 x 4 points a cell (a fifth of
        // the points of a full search).
        func look(_ dx: Double, _ dy: Double, points: Int) {
            let cells = Self.sample(Self.shifted(quad, dx, dy), cells: Self.grid, points: points, in: image)
            guard cells.count == marker.count else { return }
            let fit = Self.correlation(marker, cells)
            if fit > best.fit { best = (fit, dx, dy) }
        }
        for (x, y) in Self.shiftsNearestFirst { look(Double(x) * step, Double(y) * step, points: 1) }
        // Nothing like the card anywhere near (a new scene, the card taken away): no finer look.
        guard best.fit >= Self.leastCoarseCorrelation else { return nil }
        let (cx, cy) = (best.dx, best.dy)
        best.fit = -Float.infinity
        for (x, y) in Self.shiftsNearestFirst where abs(x) <= 1 && abs(y) <= 1 {
            look(cx + Double(x) * step / 2, cy + Double(y) * step / 2, points: Self.subsamples)
        }
        let found = Self.shifted(quad, best.dx, best.dy)
        let cells = Self.sample(found, cells: Self.grid, in: image)
        guard cells.count == marker.count, Self.correlation(marker, cells) >= Self.leastMarkerCorrelation else { return nil }
        let around = Self.ringCells(Self.sample(Self.enlarged(found), cells: Self.ringGrid, in: image))
        guard around.count == ring.count, changedShare(around) <= Self.largestRingChange else { return nil }
        return found
    }

    /// The share of the ring's cells that differ from the view's by more than ``ringChange`` of the marker's
    /// contrast, once the ring's typical (median) change, a change of the light, is taken off.
    func changedShare(_ around: [Float]) -> Float {
        let change = zip(around, ring).map { $0 - $1 }
        let typical = change.sorted()[change.count / 2]
        let limit = Self.ringChange * contrast
        return Float(change.filter { abs($0 - typical) > limit }.count) / Float(change.count)
    }

    /// The ring's cells of an enlarged grid's cells: those whose centre lies outside the marker's hole.
    static func ringCells(_ cells: [Float]) -> [Float] {
        guard cells.count == ringGrid * ringGrid else { return [] }
        var out: [Float] = []
        for row in 0..<ringGrid {
            let v = (Double(row) + 0.5) / Double(ringGrid) - 0.5
            for column in 0..<ringGrid {
                let u = (Double(column) + 0.5) / Double(ringGrid) - 0.5
                if abs(u) > ringHole || abs(v) > ringHole { out.append(cells[row * ringGrid + column]) }
            }
        }
        return out
    }

    /// Under this correlation on the cells' centres alone, at the best shift, the patch is not the card: far under
    /// what a card still there gives even in a dark room's noise (0.9 and more averaged over each cell).
    static let leastCoarseCorrelation: Float = 0.3

    /// Steps searched each way for the card's drift.
    static let searchSteps = 3

    /// Every shift of up to ``searchSteps`` steps each way, nearest first.
    static let shiftsNearestFirst: [(Int, Int)] = {
        var shifts: [(Int, Int)] = []
        for y in -searchSteps...searchSteps {
            for x in -searchSteps...searchSteps { shifts.append((x, y)) }
        }
        func distance(_ shift: (Int, Int)) -> Int { shift.0 * shift.0 + shift.1 * shift.1 }
        return shifts.sorted { distance($0) < distance($1) }
    }()

    /// The normalised cross-correlation of two patches of the same size (-1 to 1; 0 when either is flat).
    static func correlation(_ a: [Float], _ b: [Float]) -> Float {
        let n = Float(a.count)
        let meanA = a.reduce(0, +) / n, meanB = b.reduce(0, +) / n
        var ab: Float = 0, aa: Float = 0, bb: Float = 0
        for i in a.indices {
            let x = a[i] - meanA, y = b[i] - meanB
            ab += x * y
            aa += x * x
            bb += y * y
        }
        guard aa > 0, bb > 0 else { return 0 }
        return ab / (aa * bb).squareRoot()
    }

    /// `quad` enlarged ``ringScale`` times about its centre.
    static func enlarged(_ quad: Quad) -> Quad {
        let m = quad.center
        return Quad(quad.corners.map { ImagePoint(x: m.x + ($0.x - m.x) * ringScale, y: m.y + ($0.y - m.y) * ringScale) })
    }

    /// `quad` moved by (`dx`, `dy`) pixels.
    static func shifted(_ quad: Quad, _ dx: Double, _ dy: Double) -> Quad {
        Quad(quad.corners.map { ImagePoint(x: $0.x + dx, y: $0.y + dy) })
    }

    /// Whether `quad` covers this view's centre or this view covers the quad's: the same place on the table.
    func overlaps(_ quad: Quad) -> Bool {
        Self.contains(detection.quad, quad.center) || Self.contains(quad, detection.quad.center)
    }

    /// Whether `point` lies inside the convex `quad`.
    static func contains(_ quad: Quad, _ point: ImagePoint) -> Bool {
        let c = quad.corners
        var sign = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross != 0 {
                if sign == 0 {
                    sign = cross
                } else if (cross > 0) != (sign > 0) {
                    return false
                }
            }
        }
        return true
    }

    /// The mean gray level of each of `grid` x `grid` cells spread over `quad`, row by row, each averaged over
    /// `subsamples` x `subsamples` points (``subsamples`` unless told; bilinear between its corners, and between
    /// pixels), so that a dark room's noise averages out; empty when the quad leaves the image.
    static func sample(_ quad: Quad, cells grid: Int, points subsamples: Int = CardView.subsamples, in image: GrayImage) -> [Float] {
        let c = quad.corners
        let width = image.width, height = image.height
        guard width >= 2, height >= 2,
            c.allSatisfy({ $0.x >= 0 && $0.y >= 0 && $0.x <= Double(width - 1) && $0.y <= Double(height - 1) })
        else { return [] }
        let side = grid * subsamples
        var out = [Float](repeating: 0, count: grid * grid)
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<side {
                let v = (Double(row) + 0.5) / Double(side)
                for column in 0..<side {
                    let u = (Double(column) + 0.5) / Double(side)
                    let x = (1 - u) * (1 - v) * c[0].x + u * (1 - v) * c[1].x + u * v * c[2].x + (1 - u) * v * c[3].x
                    let y = (1 - u) * (1 - v) * c[0].y + u * (1 - v) * c[1].y + u * v * c[2].y + (1 - u) * v * c[3].y
                    let x0 = min(Int(x), width - 2), y0 = min(Int(y), height - 2)
                    let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
                    let i = y0 * width + x0
                    let top = Float(pixels[i]) * (1 - fx) + Float(pixels[i + 1]) * fx
                    let bottom = Float(pixels[i + width]) * (1 - fx) + Float(pixels[i + width + 1]) * fx
                    out[(row / subsamples) * grid + column / subsamples] += top * (1 - fy) + bottom * fy
                }
            }
        }
        let scale = 1 / Float(subsamples * subsamples)
        return out.map { $0 * scale }
    }
}
