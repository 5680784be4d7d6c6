import CardBotGeometry
import CardBotImaging

/// Puts detected cards in the order a child reads them: rows from top to bottom, each from left to right,
/// where top, left and right are the cards' own directions, never the camera's.
///
/// The rule, in the cards' frame:
/// - Each card's frame (its right and up edges) is first averaged with its nearest neighbours', so that a card
///   set askew hardly turns it, while perspective, which changes smoothly across the frame, is kept.
/// - Each card links to its nearest neighbour on its right that lies beside it: measured in the frame of the two
///   cards together (their averaged frames), less than `rowTolerance` marker heights above or below it, however
///   far to the side. Rows are the chains these links make (so a long, slightly curved row stays one row, and
///   cards far apart are never compared directly).
/// - "Up" for the whole layout is the robust average of the cards' up directions (cards pointing elsewhere,
///   say one dropped sideways, do not count). Rows are read in order of their position along it, top row first.
/// - Within a row, cards are read along the row's own right direction (the average of its cards'), left first.
///
/// Because everything is measured in the cards' frame, turning the camera (or the tablet upside down) changes
/// nothing; cards askew by 15 degrees, unevenly spaced rows and perspective up to strong tilt read the same.
public enum ReadingOrder {
    /// How far above or below another card (in marker heights) a card may lie and still be in its row.
    public static let rowTolerance = 0.9

    /// The cards grouped in rows, rows top to bottom, each row left to right.
    public static func rows(_ detections: [Detection]) -> [[Detection]] {
        guard !detections.isEmpty else { return [] }
        let count = detections.count
        let centers = detections.map { $0.quad.center }
        let rights = smoothed(detections.map { $0.quad.right }, centers: centers)
        let ups = smoothed(detections.map { $0.quad.up }, centers: centers)
        // Link cards that sit beside each other.
        var parent = Array(0..<count)
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        // Each card links to its nearest neighbour on the right within the row band (and so, from that card's
        // side, to its left): rows are chains of neighbours, so far-apart cards are never compared directly.
        for i in 0..<count {
            var nearest = -1
            var nearestAlong = Double.infinity
            for j in 0..<count where j != i {
                let right = (rights[i] + rights[j]) * 0.5
                let up = (ups[i] + ups[j]) * 0.5
                guard let (along, above) = solve(centers[j] - centers[i], right, up) else { continue }
                if along > 0.3 && abs(above) <= rowTolerance && along < nearestAlong {
                    nearestAlong = along
                    nearest = j
                }
            }
            if nearest >= 0 {
                let a = find(i), b = find(nearest)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in 0..<count { groups[find(i), default: []].append(i) }
        let up = robustDirection(ups)
        var rows: [(position: Double, cards: [Detection])] = []
        for members in groups.values {
            let rowRight = normalized(members.reduce(ImagePoint(x: 0, y: 0)) { $0 + normalized(rights[$1]) })
            let ordered = members.sorted { a, b in
                let pa = dot(centers[a], rowRight), pb = dot(centers[b], rowRight)
                return pa != pb ? pa < pb : a < b
            }
            let centroid = members.reduce(ImagePoint(x: 0, y: 0)) { $0 + centers[$1] } * (1 / Double(members.count))
            rows.append((dot(centroid, up), ordered.map { detections[$0] }))
        }
        // Highest along "up" first.
        rows.sort { $0.position > $1.position }
        return rows.map(\.cards)
    }

    /// The cards in reading order.
    public static func sequence(_ detections: [Detection]) -> [Detection] {
        rows(detections).flatMap { $0 }
    }

    /// Each card's direction replaced by the robust average over its nearest neighbours (its own length kept):
    /// a card set askew then barely turns its frame, while perspective, which changes smoothly, is kept.
    static func smoothed(_ vectors: [ImagePoint], centers: [ImagePoint]) -> [ImagePoint] {
        let neighbours = min(vectors.count, 7)
        guard neighbours > 1 else { return vectors }
        let units = vectors.map(normalized)
        return vectors.indices.map { i in
            let nearest = centers.indices.sorted {
                let a = centers[$0].distance(to: centers[i]), b = centers[$1].distance(to: centers[i])
                return a != b ? a < b : $0 < $1
            }.prefix(neighbours)
            var sum = ImagePoint(x: 0, y: 0)
            for j in nearest where dot(units[j], units[i]) > 0.7071 { sum = sum + units[j] }
            return normalized(sum) * vectors[i].length
        }
    }

    /// The robust average of the directions: the mean of those within 45 degrees of the most central one.
    static func robustDirection(_ vectors: [ImagePoint]) -> ImagePoint {
        let units = vectors.map(normalized)
        var best = 0
        var bestScore = -Double.infinity
        for i in units.indices {
            let score = units.reduce(0.0) { $0 + dot($1, units[i]) }
            if score > bestScore {
                bestScore = score
                best = i
            }
        }
        let medoid = units[best]
        let sum = units.filter { dot($0, medoid) > 0.7071 }.reduce(ImagePoint(x: 0, y: 0), +)
        return normalized(sum)
    }

    /// `offset` as `along * right + above * up`, or nil when the two directions are parallel.
    private static func solve(_ offset: ImagePoint, _ right: ImagePoint, _ up: ImagePoint) -> (Double, Double)? {
        let determinant = right.x * up.y - right.y * up.x
        guard abs(determinant) > 1e-9 else { return nil }
        let along = (offset.x * up.y - offset.y * up.x) / determinant
        let above = (right.x * offset.y - right.y * offset.x) / determinant
        return (along, above)
    }

    private static func dot(_ a: ImagePoint, _ b: ImagePoint) -> Double { a.x * b.x + a.y * b.y }

    private static func normalized(_ v: ImagePoint) -> ImagePoint {
        let length = v.length
        return length > 1e-12 ? v * (1 / length) : ImagePoint(x: 0, y: -1)
    }
}
