import CardBotGeometry
import CardBotImaging
import CardBotVision

/// Follows the table plane from frame to frame of one attempt, so that the overlay stays put on the table.
///
/// The first fit fixes the table frame and where every card lies in it (the model). Each later frame matches its
/// cards to the model (same marker, nearest to where the last homography puts it) and refits the homography to
/// the matched cards' known table corners, leaving out any card that no longer agrees (moved or lifted). The
/// result is smoothed in the image: four anchor points around the cards follow the new fit by a fraction that
/// grows with how far they moved, so sensor noise is damped and a real camera move is followed at once (a jump too
/// far for the prediction is matched by the reading order when the frame shows the model's cards). When no model
/// card is seen (a hand over all of them), the last good homography is kept.
public struct PlaneTracker: Sendable {
    /// The fitter for the first frame.
    public var fitter: TablePlaneFitter
    /// Moves below this many pixels are damped; larger ones are followed at once.
    public var followPixels: Double = 6
    /// The share of a tiny move taken per frame.
    public var minimumFollow: Double = 0.25
    /// The model: the first frame's plane.
    public private(set) var model: TablePlane?
    /// The smoothed homography (table mm to pixels), or nil before the first good frame.
    public private(set) var homography: Homography?
    /// Frames in a row with no usable card (the last good homography is being kept).
    public private(set) var framesWithoutCards = 0

    private var anchors: [SIMD2<Double>] = []
    private var smoothed: [SIMD2<Double>] = []

    /// Creates a tracker.
    public init(fitter: TablePlaneFitter) {
        self.fitter = fitter
    }

    /// Starts from a plane already fitted (the attempt's run frame).
    public mutating func start(with plane: TablePlane) {
        model = plane
        let inliers = plane.inliers
        var low = SIMD2<Double>(.infinity, .infinity)
        var high = SIMD2<Double>(-.infinity, -.infinity)
        for card in inliers {
            for corner in fitter.geometry.cardCorners {
                let p = card.pose.apply(corner)
                low = pointwiseMin(low, p)
                high = pointwiseMax(high, p)
            }
        }
        let pad = fitter.geometry.width
        anchors = [SIMD2(low.x - pad, low.y - pad), SIMD2(high.x + pad, low.y - pad), SIMD2(high.x + pad, high.y + pad),
                   SIMD2(low.x - pad, high.y + pad)]
        homography = plane.homography
        smoothed = anchors.compactMap { plane.homography.apply($0.x, $0.y).map { SIMD2($0.x, $0.y) } }
        if smoothed.count != 4 { smoothed = [] }
        framesWithoutCards = 0
    }

    /// Takes one frame's cards and returns the smoothed homography (nil until a first plane was found).
    @discardableResult
    public mutating func update(_ detections: [Detection]) -> Homography? {
        guard let model, let current = homography else {
            if let plane = fitter.fit(detections) { start(with: plane) }
            return homography
        }
        guard let raw = refit(detections, model: model, current: current) else {
            framesWithoutCards += 1
            return homography
        }
        framesWithoutCards = 0
        let seen = anchors.compactMap { raw.apply($0.x, $0.y).map { SIMD2($0.x, $0.y) } }
        guard seen.count == 4, smoothed.count == 4 else {
            homography = raw
            return raw
        }
        var largest = 0.0
        for (a, b) in zip(seen, smoothed) {
            let d = a - b
            largest = max(largest, (d * d).sum().squareRoot())
        }
        let follow = max(minimumFollow, min(1, largest / followPixels))
        smoothed = zip(seen, smoothed).map { $1 + ($0 - $1) * follow }
        let pairs = zip(anchors, smoothed).map { HomographyEstimator.Correspondence(table: $0, image: $1) }
        homography = HomographyEstimator.fit(pairs, refinements: 0) ?? raw
        return homography
    }

    /// The homography fitted to the frame's cards matched to the model, or nil when none matches.
    func refit(_ detections: [Detection], model: TablePlane, current: Homography) -> Homography? {
        let local = fitter.geometry.markerCorners
        var used = Set<Int>()
        var matched: [(table: [SIMD2<Double>], image: [SIMD2<Double>])] = []
        for detection in detections {
            let centre = detection.quad.center
            let side = detection.quad.meanSide
            var bestIndex: Int? = nil
            var bestDistance = 0.6 * side
            for (index, card) in model.cards.enumerated() where card.inlier && card.marker == detection.marker && !used.contains(index) {
                guard let predicted = current.apply(card.pose.center.x, card.pose.center.y) else { continue }
                let distance = predicted.distance(to: centre)
                if distance < bestDistance {
                    bestDistance = distance
                    bestIndex = index
                }
            }
            guard let index = bestIndex else { continue }
            used.insert(index)
            let pose = model.cards[index].pose
            matched.append((local.map(pose.apply), detection.corners.map { SIMD2($0.x, $0.y) }))
        }
        // A big jump of the camera: the same cards in the same reading order are the model's cards, one by one.
        if matched.isEmpty && detections.map(\.marker) == model.cards.map(\.marker) {
            for (card, detection) in zip(model.cards, detections) where card.inlier {
                matched.append((local.map(card.pose.apply), detection.corners.map { SIMD2($0.x, $0.y) }))
            }
        }
        guard !matched.isEmpty else { return nil }
        var weights = [Double](repeating: 1, count: matched.count)
        var fitted: Homography? = nil
        for _ in 0..<2 {
            var pairs: [HomographyEstimator.Correspondence] = []
            for (card, weight) in zip(matched, weights) {
                for (t, i) in zip(card.table, card.image) { pairs.append(.init(table: t, image: i, weight: weight)) }
            }
            guard let h = HomographyEstimator.fit(pairs) else { return fitted }
            fitted = h
            // Leave out cards far off the common fit (moved or lifted since the model was made).
            let errors = matched.map { card -> Double in
                var sum = 0.0
                for (t, i) in zip(card.table, card.image) {
                    guard let p = h.apply(t.x, t.y) else { return .infinity }
                    sum += (p.x - i.x) * (p.x - i.x) + (p.y - i.y) * (p.y - i.y)
                }
                return (sum / 4).squareRoot()
            }
            let sorted = errors.sorted()
            let limit = max(3, 3 * sorted[sorted.count / 2])
            let next = errors.map { $0 <= limit ? 1.0 : 0.0 }
            if next == weights || !next.contains(1) { break }
            weights = next
        }
        return fitted
    }
}
