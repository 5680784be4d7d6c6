import CardBotGeometry
import CardBotImaging
import CardBotVision

/// A card's last good view: the pixels of its marker, and of the table around it, when it was last read.
///
/// A card that is not read in a later frame is judged by what lies at the same place now (``match(_:readIn:)``): the
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
    /// The marker's cells: the mean gray level of each of ``grid`` x ``grid`` cells over its quad, row by row;
    /// empty until the view is first needed (the card read in the last frame, and not in this one).
    var marker: [Float] = []
    /// The ring around the marker: the mean gray level of each cell of ``ringGrid`` x ``ringGrid`` over the quad
    /// enlarged ``ringScale`` times about its centre, those over the marker and its nearest margin left out; empty
    /// until the marker's pattern is first found again.
    var ring: [Float] = []
    /// The marker's contrast: its brightest cell's level less its darkest's (at least 1), the scale a change of
    /// the ring is measured in, so that a dark room and a bright one are judged alike.
    var contrast: Float = 1

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

    /// The view of `detection`, read at `seconds`; its pixels are taken when first needed, from the frame it was
    /// read in (``match(_:readIn:)``): most cards are read again in the next frame, and need none.
    init(_ detection: Detection, at seconds: Double) {
        self.detection = detection
        self.seen = seconds
    }

    /// Takes the marker's cells and contrast from `image`, the frame the card was read in.
    private mutating func takeMarker(from image: GrayImage) {
        marker = CellPoints(detection.quad, grid: Self.grid, points: Self.subsamples).levels(in: image)
        contrast = max(1, (marker.max() ?? 0) - (marker.min() ?? 0))
    }

    /// Where `image` still shows this card, near where it was: its marker's pattern at the shift (up to
    /// ``searchSteps`` steps of a sixteenth of the marker each way, since the camera drifts) that fits it best,
    /// amid an unchanged ring; nil when the patch has changed there (covered, or taken away).
    ///
    /// The view's pixels not yet taken are taken from `source`, the frame the card was last read in (nil: none
    /// kept, and the card is not looked for).
    mutating func match(_ image: GrayImage, readIn source: GrayImage?) -> Quad? {
        if marker.isEmpty {
            guard let source else { return nil }
            takeMarker(from: source)
        }
        guard marker.count == Self.grid * Self.grid else { return nil }
        let quad = detection.quad
        let step = max(1, quad.area.squareRoot() / 16)
        var best = (fit: -Float.infinity, dx: 0.0, dy: 0.0)
        // Coarse to fine: the shifts are searched on each cell's centre pixel alone, nearest first (so that among equal
        // fits the smallest drift wins), the best refined by half steps on 2 x 2 points a cell, and the card judged
        // at the best on the full 4 x 4 points a cell (a tenth of the points of a full search).
        func look(_ points: CellPoints, _ dx: Double, _ dy: Double, nearest: Bool = false) {
            let cells = nearest ? points.nearestLevels(in: image, dx: dx, dy: dy) : points.levels(in: image, dx: dx, dy: dy)
            guard cells.count == marker.count else { return }
            let fit = Self.correlation(marker, cells)
            if fit > best.fit { best = (fit, dx, dy) }
        }
        let centres = CellPoints(quad, grid: Self.grid, points: 1)
        for (x, y) in Self.shiftsNearestFirst { look(centres, Double(x) * step, Double(y) * step, nearest: true) }
        // Nothing like the card anywhere near (a new scene, the card taken away): no finer look.
        guard best.fit >= Self.leastCoarseCorrelation else { return nil }
        let (cx, cy) = (best.dx, best.dy)
        best.fit = -Float.infinity
        let quarters = CellPoints(quad, grid: Self.grid, points: 2)
        for (x, y) in Self.shiftsNearestFirst where abs(x) <= 1 && abs(y) <= 1 {
            look(quarters, cx + Double(x) * step / 2, cy + Double(y) * step / 2)
        }
        guard best.fit > -Float.infinity else { return nil }
        let cells = CellPoints(quad, grid: Self.grid, points: Self.subsamples).levels(in: image, dx: best.dx, dy: best.dy)
        guard cells.count == marker.count, Self.correlation(marker, cells) >= Self.leastMarkerCorrelation else { return nil }
        let ringPoints = Self.ringPoints(quad)
        if ring.isEmpty {
            guard let source else { return nil }
            ring = ringPoints.levels(in: source)
        }
        let around = ringPoints.levels(in: image, dx: best.dx, dy: best.dy)
        guard !ring.isEmpty, around.count == ring.count, changedShare(around) <= Self.largestRingChange else { return nil }
        return Self.shifted(quad, best.dx, best.dy)
    }

    /// The share of the ring's cells that differ from the view's by more than ``ringChange`` of the marker's
    /// contrast, once the ring's typical (median) change, a change of the light, is taken off.
    func changedShare(_ around: [Float]) -> Float {
        let change = zip(around, ring).map { $0 - $1 }
        let typical = change.sorted()[change.count / 2]
        let limit = Self.ringChange * contrast
        return Float(change.filter { abs($0 - typical) > limit }.count) / Float(change.count)
    }

    /// The points of the ring around the marker of `quad`: the cells of ``ringGrid`` x ``ringGrid`` over the quad
    /// enlarged ``ringScale`` times whose centre lies outside the marker's hole (``ringHole`` each way).
    static func ringPoints(_ quad: Quad) -> CellPoints {
        func outside(_ index: Int) -> Bool { abs((Double(index) + 0.5) / Double(ringGrid) - 0.5) > ringHole }
        return CellPoints(enlarged(quad), grid: ringGrid, points: subsamples) { row, column in outside(row) || outside(column) }
    }

    /// Under this correlation on the cells' centre pixels alone, at the best shift, the patch is not the card: well
    /// under what a card still there gives even in a dark room's noise. Over the 66 lessons of
    /// Benchmarks/review_bench.py (dim and dark rooms, 2 and 5 stills a second, compressed video), each of the 1,179
    /// cards kept had 0.82 or more here; of 997 cards taken away in Benchmarks/session_bench.sh's stills (a new
    /// layout every frame), 30 reached 0.5 and 1 reached 0.6.
    static let leastCoarseCorrelation: Float = 0.6

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
}
