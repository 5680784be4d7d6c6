import CardBotImaging

/// Puts detected cards in the order a child reads them: rows from top to bottom, each from left to right,
/// where top, left and right are the cards' own directions, never the camera's.
///
/// The rule, in the cards' frame:
/// - Two cards are in the same row when, measured in the frame of the two cards together (their averaged right
///   and up edges, so that perspective and a card set askew even out), one lies beside the other: less than
///   `rowTolerance` marker heights above or below it, however far to the side. Rows are the groups such pairs
///   link up (so a long, slightly curved row stays one row).
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
        let rights = detections.map { $0.quad.right }
        let ups = detections.map { $0.quad.up }
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
        for i in 0..<count {
            for j in (i + 1)..<count {
                let right = (rights[i] + rights[j]) * 0.5
                let up = (ups[i] + ups[j]) * 0.5
                guard let (_, above) = solve(centers[j] - centers[i], right, up) else { continue }
                if abs(above) <= rowTolerance {
                    let a = find(i), b = find(j)
                    if a != b { parent[max(a, b)] = min(a, b) }
                }
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
