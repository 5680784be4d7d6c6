/// Where a card's marker lies on the table: its centre in millimetres and the angle of its right direction.
public struct CardPose: Sendable, Hashable {
    /// The marker's centre on the table, millimetres.
    public var center: SIMD2<Double>
    /// The angle from the table's x axis to the card's right direction, radians (positive turns x towards y).
    public var angle: Double

    /// Creates a pose.
    public init(center: SIMD2<Double>, angle: Double) {
        self.center = center
        self.angle = angle
    }

    /// The table point of a point given in the card's own frame (around the marker's centre).
    @inline(__always)
    public func apply(_ local: SIMD2<Double>) -> SIMD2<Double> {
        let c = cosine(angle)
        let s = sine(angle)
        return SIMD2(center.x + c * local.x - s * local.y, center.y + s * local.x + c * local.y)
    }

    /// The rigid pose that best maps `local` (centred on the origin) onto `seen` (least squares),
    /// and the root-mean-square distance left, millimetres.
    static func fit(local: [SIMD2<Double>], seen: [SIMD2<Double>]) -> (pose: CardPose, residual: Double) {
        var mean = SIMD2<Double>(0, 0)
        for p in seen { mean += p }
        mean /= Double(seen.count)
        var dot = 0.0
        var cross = 0.0
        for (l, p) in zip(local, seen) {
            let q = p - mean
            dot += l.x * q.x + l.y * q.y
            cross += l.x * q.y - l.y * q.x
        }
        let pose = CardPose(center: mean, angle: arcTangent(cross, dot))
        var sum = 0.0
        for (l, p) in zip(local, seen) {
            let d = pose.apply(l) - p
            sum += (d * d).sum()
        }
        return (pose, (sum / Double(seen.count)).squareRoot())
    }
}
