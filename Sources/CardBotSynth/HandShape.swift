import CardBotGeometry
import CardBotImaging
import Foundation

/// The outline of a hand and forearm as polygons: a rounded palm, four fingers, a thumb and the arm.
enum HandShape {
    /// The hand's polygons on the table (mm), shifted by `offset` (for its shadow).
    static func tablePolygons(_ pose: HandPose, armLength: Double, offset: TablePoint = TablePoint(0, 0)) -> [[TablePoint]] {
        let a = (cos(pose.armAngle), sin(pose.armAngle))  // from the fingers towards the arm
        let n = (-a.1, a.0)
        let w = pose.palmWidth
        let side = pose.thumbSide >= 0 ? 1.0 : -1.0
        func point(_ along: Double, _ across: Double, from origin: (Double, Double)) -> TablePoint {
            TablePoint(origin.0 + a.0 * along + n.0 * across + offset.x, origin.1 + a.1 * along + n.1 * across + offset.y)
        }
        let middleLength = 0.92 * w
        let knuckle = (pose.reach.x + a.0 * middleLength, pose.reach.y + a.1 * middleLength)
        let palmLength = 0.95 * w
        let palmCenter = (knuckle.0 + a.0 * palmLength * 0.45, knuckle.1 + a.1 * palmLength * 0.45)
        var polygons: [[TablePoint]] = []

        // Palm: a superellipse, rounder than a rectangle, squarer than an ellipse.
        var palm: [TablePoint] = []
        for index in 0..<40 {
            let t = Double(index) / 40 * 2 * Double.pi
            let c = cos(t)
            let s = sin(t)
            let e = 2 / 2.6
            let along = palmLength * 0.55 * (c < 0 ? -1 : 1) * pow(abs(c), e)
            let across = w * 0.5 * (s < 0 ? -1 : 1) * pow(abs(s), e)
            palm.append(point(along, across, from: palmCenter))
        }
        polygons.append(palm)

        // Fingers from the index (next to the thumb) to the little finger.
        let lengths = [0.84, 0.92, 0.86, 0.68].map { $0 * w }
        let bases = [0.36, 0.12, -0.12, -0.36].map { $0 * w * side }
        let fan = [1.5, 0.5, -0.5, -1.5].map { $0 * side * pose.spread * 0.16 }
        for finger in 0..<4 {
            let base = (knuckle.0 + n.0 * bases[finger] + a.0 * 0.1 * w, knuckle.1 + n.1 * bases[finger] + a.1 * 0.1 * w)
            let angle = pose.armAngle + Double.pi + fan[finger]
            let length = lengths[finger] + 0.1 * w
            let tip = (base.0 + cos(angle) * length, base.1 + sin(angle) * length)
            let radius = (finger == 3 ? 0.095 : 0.11) * w
            polygons.append(capsule(from: base, to: tip, r0: radius * 1.05, r1: radius * 0.9, offset: offset))
        }
        // The thumb, from the side of the palm.
        let thumbBase = (palmCenter.0 + n.0 * side * w * 0.32 + a.0 * palmLength * 0.1,
                         palmCenter.1 + n.1 * side * w * 0.32 + a.1 * palmLength * 0.1)
        let thumbAngle = pose.armAngle + Double.pi - side * (0.75 + 0.35 * pose.spread)
        let thumbLength = 0.62 * w
        let thumbTip = (thumbBase.0 + cos(thumbAngle) * thumbLength, thumbBase.1 + sin(thumbAngle) * thumbLength)
        polygons.append(capsule(from: thumbBase, to: thumbTip, r0: 0.16 * w, r1: 0.12 * w, offset: offset))
        // The forearm, widening away from the wrist.
        let wrist = (palmCenter.0 + a.0 * palmLength * 0.45, palmCenter.1 + a.1 * palmLength * 0.45)
        let end = (wrist.0 + a.0 * armLength, wrist.1 + a.1 * armLength)
        polygons.append(capsule(from: wrist, to: end, r0: 0.4 * w, r1: 0.56 * w, offset: offset))
        return polygons
    }

    /// The sleeve over the forearm (mm on the table), from `sleeveStart` past the wrist to the arm's end, or nil.
    static func sleevePolygon(_ pose: HandPose, armLength: Double, offset: TablePoint = TablePoint(0, 0)) -> [TablePoint]? {
        guard pose.sleeve != nil, pose.sleeveStart < armLength else { return nil }
        let a = (cos(pose.armAngle), sin(pose.armAngle))
        let w = pose.palmWidth
        let reachToWrist = 0.92 * w + 0.95 * w * 0.9
        let start = (pose.reach.x + a.0 * (reachToWrist + pose.sleeveStart), pose.reach.y + a.1 * (reachToWrist + pose.sleeveStart))
        let end = (pose.reach.x + a.0 * (reachToWrist + armLength), pose.reach.y + a.1 * (reachToWrist + armLength))
        let radius = 0.4 * w + 0.16 * w * pose.sleeveStart / max(1, armLength)
        return capsule(from: start, to: end, r0: radius * 1.25, r1: 0.56 * w * 1.25, offset: offset)
    }

    /// A stadium from p0 (radius r0) to p1 (radius r1).
    static func capsule(from p0: (Double, Double), to p1: (Double, Double), r0: Double, r1: Double,
                        offset: TablePoint) -> [TablePoint] {
        let dx = p1.0 - p0.0
        let dy = p1.1 - p0.1
        let angle = atan2(dy, dx)
        var points: [TablePoint] = []
        let steps = 10
        for index in 0...steps {
            let t = angle - Double.pi / 2 + Double(index) / Double(steps) * Double.pi
            points.append(TablePoint(p1.0 + cos(t) * r1 + offset.x, p1.1 + sin(t) * r1 + offset.y))
        }
        for index in 0...steps {
            let t = angle + Double.pi / 2 + Double(index) / Double(steps) * Double.pi
            points.append(TablePoint(p0.0 + cos(t) * r0 + offset.x, p0.1 + sin(t) * r0 + offset.y))
        }
        return points
    }

    /// The arm length (at most the pose's) that keeps the whole arm well in front of the camera.
    static func safeArmLength(_ pose: HandPose, homography: Homography) -> Double {
        let w0 = homography.w(pose.reach.x, pose.reach.y)
        let a = (cos(pose.armAngle), sin(pose.armAngle))
        let w1 = homography.w(pose.reach.x + a.0, pose.reach.y + a.1) - w0
        guard w0 > 0, w1 < 0 else { return pose.armLength }
        // w falls linearly along the arm; stop where it reaches a quarter of its value at the hand.
        return max(0, min(pose.armLength, (0.25 * w0 - w0) / w1 - 2 * pose.palmWidth))
    }
}
