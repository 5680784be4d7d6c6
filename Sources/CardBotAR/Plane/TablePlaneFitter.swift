import CardBotGeometry
import CardBotImaging
import CardBotVision

/// Fits one table plane to every visible card at once.
///
/// Each card's four marker corners are known in its own frame (from the printed size); where the card lies on
/// the table is not. The fit alternates between the homography (one for all cards, from all their corners) and
/// the cards' rigid poses on the table (each card's corners taken back through the homography). It starts from
/// the card whose own homography agrees with the most other cards (every card is tried, as in RANSAC with
/// one-card samples), and a card that does not fit a flat card of the known size on the common plane (held
/// up, bent, printed at another size) is left out.
public struct TablePlaneFitter: Sendable {
    /// The printed card size.
    public var geometry: CardGeometry
    /// A card is an inlier when its corners lie within this fraction of the marker side (RMS) of a card of the
    /// known size on the plane.
    public var inlierFraction: Double = 0.06
    /// The alternations of homography and poses after the start.
    public var iterations: Int = 20

    /// Creates a fitter for cards of `geometry`.
    public init(geometry: CardGeometry = CardGeometry()) {
        self.geometry = geometry
    }

    /// The plane of the cards, or nil when there is no card (or their corners are degenerate).
    public func fit(_ detections: [Detection]) -> TablePlane? {
        fit(detections.map { ($0.marker, $0.corners) })
    }

    /// The plane of cards given as marker ids and image corners in upright order.
    public func fit(_ cards: [(marker: Int, corners: [ImagePoint])]) -> TablePlane? {
        guard !cards.isEmpty else { return nil }
        let local = geometry.markerCorners
        let side = geometry.markerSide
        let seen = cards.map { $0.corners.map { SIMD2($0.x, $0.y) } }

        // Start: the card whose own homography places the most other cards as flat cards of the right size.
        let loose = 0.15 * side
        var best: (inliers: Int, error: Double, poses: [(CardPose, Double)])? = nil
        let areas = seen.map { Self.area($0) }
        let candidates = seen.indices.sorted { areas[$0] > areas[$1] }.prefix(24)
        for reference in candidates {
            let pairs = zip(local, seen[reference]).map { HomographyEstimator.Correspondence(table: $0, image: $1) }
            guard let h = HomographyEstimator.fit(pairs, refinements: 0), let poses = Self.poses(seen, local: local, through: h)
            else { continue }
            let inliers = poses.filter { $0.1 < loose }.count
            let error = poses.map { min($0.1, loose) }.reduce(0, +)
            if best == nil || inliers > best!.inliers || (inliers == best!.inliers && error < best!.error) {
                best = (inliers, error, poses)
            }
        }
        guard var poses = best?.poses else { return nil }
        var inlier = poses.map { $0.1 < loose }
        var homography = Homography.identity
        let tolerance = max(1.0, inlierFraction * side)
        for pass in 0..<iterations {
            var pairs: [HomographyEstimator.Correspondence] = []
            for index in seen.indices where inlier[index] {
                for (l, s) in zip(local, seen[index]) {
                    pairs.append(.init(table: poses[index].0.apply(l), image: s))
                }
            }
            guard let h = HomographyEstimator.fit(pairs), let next = Self.poses(seen, local: local, through: h) else { break }
            homography = h
            poses = next
            let threshold = pass < 2 ? loose : tolerance
            let updated = poses.map { $0.1 < threshold }
            if updated.contains(true) { inlier = updated }
        }
        guard homography != .identity else { return nil }

        // The cards' own frame: origin at the inliers' centroid, x along their mean right direction.
        var centre = SIMD2<Double>(0, 0)
        var sumCos = 0.0
        var sumSin = 0.0
        var count = 0.0
        for (index, (pose, _)) in poses.enumerated() where inlier[index] {
            centre += pose.center
            sumCos += cosine(pose.angle)
            sumSin += sine(pose.angle)
            count += 1
        }
        centre /= count
        let angle = arcTangent(sumSin, sumCos)
        let toOld = Homography.similarity(angle: angle, tx: centre.x, ty: centre.y)
        let canonical = homography.concatenating(toOld)
        let c = cosine(-angle)
        let s = sine(-angle)
        var placed: [TablePlane.PlacedCard] = []
        var squared = 0.0
        var corners = 0.0
        for (index, (pose, residual)) in poses.enumerated() {
            let d = pose.center - centre
            let newPose = CardPose(center: SIMD2(c * d.x - s * d.y, s * d.x + c * d.y), angle: pose.angle - angle)
            placed.append(.init(marker: cards[index].marker, pose: newPose, inlier: inlier[index], residual: residual))
            if inlier[index] {
                for (l, p) in zip(local, seen[index]) {
                    let t = newPose.apply(l)
                    guard let q = canonical.apply(t.x, t.y) else { continue }
                    squared += (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)
                    corners += 1
                }
            }
        }
        return TablePlane(homography: canonical, cards: placed, rmsPixels: corners > 0 ? (squared / corners).squareRoot() : 0)
    }

    /// Every card's rigid pose on the table through `h`, and its residual; nil when `h` cannot be inverted.
    static func poses(_ seen: [[SIMD2<Double>]], local: [SIMD2<Double>], through h: Homography) -> [(CardPose, Double)]? {
        guard let back = h.inverse else { return nil }
        return seen.map { corners in
            let table = corners.map { p -> SIMD2<Double> in
                let q = back.project(p.x, p.y)
                return SIMD2(q.x, q.y)
            }
            guard table.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
                return (CardPose(center: .zero, angle: 0), .infinity)
            }
            let fit = CardPose.fit(local: local, seen: table)
            return (fit.pose, fit.residual.isFinite ? fit.residual : .infinity)
        }
    }

    static func area(_ corners: [SIMD2<Double>]) -> Double {
        var sum = 0.0
        for i in corners.indices {
            let a = corners[i]
            let b = corners[(i + 1) % corners.count]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }
}
