import CardBotGeometry

/// Scan converts polygons into per-pixel coverage, one row at a time.
///
/// Coverage is the exact fraction of each pixel's square that the shape covers horizontally,
/// averaged over 16 sub-scanlines when anti-aliased. Without anti-aliasing a pixel is inside
/// exactly when its centre is (left and top edges inclusive), with coverage 1.
/// One rasterizer may be reused for many shapes; its buffers grow once and are kept.
public struct PolygonRasterizer: Sendable {
    private struct Edge: Sendable {
        var x0: Double
        var y0: Double
        var y1: Double
        var slope: Double
        var winding: Int
    }

    private var edges: [Edge] = []
    private var coverage: [Float] = []
    private var delta: [Float] = []
    private var crossings: [(x: Double, winding: Int)] = []

    /// The number of sub-scanlines per row when anti-aliasing (unless a call asks for another number).
    public static let subScanlines = 16

    /// Creates a rasterizer.
    public init() {}

    /// Calls `body` for every row of a `width` x `height` raster that the polygons touch.
    ///
    /// - Parameters:
    ///   - polygons: closed outlines (the last point joins the first); outlines with fewer than 3 points are ignored.
    ///   - rule: how overlapping outlines combine.
    ///   - antialiased: exact area coverage when true, pixel-centre sampling when false.
    ///   - subScanlines: sub-scanlines per row when anti-aliased (16 by default; fewer is faster and coarser vertically).
    ///   - body: receives the row, the first column, and the coverage (0...1) of consecutive columns from there.
    /// - Complexity: O(rows x (edges + touched columns)), times 16 sub-scanlines when anti-aliased.
    public mutating func rasterize(
        _ polygons: [[ImagePoint]], width: Int, height: Int, rule: FillRule = .nonZero, antialiased: Bool = true,
        subScanlines: Int = PolygonRasterizer.subScanlines,
        _ body: (_ y: Int, _ x0: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void
    ) {
        guard width > 0, height > 0 else { return }
        edges.removeAll(keepingCapacity: true)
        var minY = Double.infinity
        var maxY = -Double.infinity
        for polygon in polygons where polygon.count >= 3 {
            for index in polygon.indices {
                let a = polygon[index]
                let b = polygon[index + 1 == polygon.count ? 0 : index + 1]
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, a.y != b.y else { continue }
                let (top, bottom, winding) = a.y < b.y ? (a, b, 1) : (b, a, -1)
                edges.append(
                    Edge(x0: top.x, y0: top.y, y1: bottom.y, slope: (bottom.x - top.x) / (bottom.y - top.y),
                        winding: winding))
                minY = min(minY, top.y)
                maxY = max(maxY, bottom.y)
            }
        }
        guard !edges.isEmpty else { return }
        edges.sort { $0.y0 < $1.y0 }
        if coverage.count < width + 2 {
            coverage = [Float](repeating: 0, count: width + 2)
            delta = [Float](repeating: 0, count: width + 2)
        }
        let samples = antialiased ? max(1, subScanlines) : 1
        let weight = 1 / Float(samples)
        let firstRow = max(0, Int((minY + 0.5).rounded(.down)) - 1)
        let lastRow = min(height - 1, Int((maxY + 0.5).rounded(.up)) + 1)
        guard firstRow <= lastRow else { return }
        var active: [Int] = []
        var nextEdge = 0
        for row in firstRow...lastRow {
            var touchedMin = Int.max
            var touchedMax = Int.min
            for sample in 0..<samples {
                let sy = antialiased ? Double(row) - 0.5 + (Double(sample) + 0.5) / Double(samples) : Double(row)
                while nextEdge < edges.count && edges[nextEdge].y0 <= sy {
                    active.append(nextEdge)
                    nextEdge += 1
                }
                crossings.removeAll(keepingCapacity: true)
                var index = 0
                while index < active.count {
                    let edge = edges[active[index]]
                    if edge.y1 <= sy {
                        active.swapAt(index, active.count - 1)
                        active.removeLast()
                        continue
                    }
                    if edge.y0 <= sy {
                        crossings.append((edge.x0 + (sy - edge.y0) * edge.slope, edge.winding))
                    }
                    index += 1
                }
                guard crossings.count >= 2 else { continue }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for crossing in 0..<(crossings.count - 1) {
                    winding += crossings[crossing].winding
                    let inside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                    guard inside else { continue }
                    let a = crossings[crossing].x
                    let b = crossings[crossing + 1].x
                    guard b > a else { continue }
                    if antialiased {
                        addInterval(a, b, weight: weight, width: width, touchedMin: &touchedMin, touchedMax: &touchedMax)
                    } else {
                        // Pixel centres x with a <= x < b.
                        let first = max(0, Int(a.rounded(.up)))
                        let last = min(width - 1, Int(b.rounded(.up)) - 1)
                        guard first <= last else { continue }
                        delta[first] += 1
                        delta[last + 1] -= 1
                        touchedMin = min(touchedMin, first)
                        touchedMax = max(touchedMax, last)
                    }
                }
            }
            guard touchedMin <= touchedMax else { continue }
            coverage.withUnsafeMutableBufferPointer { coverage in
                delta.withUnsafeMutableBufferPointer { delta in
                    var running: Float = 0
                    for x in touchedMin...touchedMax {
                        running += delta[x]
                        delta[x] = 0
                        coverage[x] = min(1, max(0, coverage[x] + running))
                    }
                    delta[touchedMax + 1] = 0
                    body(row, touchedMin, UnsafeBufferPointer(rebasing: coverage[touchedMin...touchedMax]))
                    for x in touchedMin...touchedMax { coverage[x] = 0 }
                }
            }
        }
    }

    /// `polygon` with its points in the order that gives it a positive signed area (in image coordinates,
    /// clockwise on screen), so that shapes united under `.nonZero` all wind the same way.
    public static func counterClockwise(_ polygon: [ImagePoint]) -> [ImagePoint] {
        var area = 0.0
        for index in polygon.indices {
            let a = polygon[index]
            let b = polygon[(index + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0 ? polygon.reversed() : polygon
    }

    /// Adds the horizontal coverage of [a, b] (pixel x spans x - 0.5 ..< x + 0.5) with `weight`.
    @inline(__always)
    private mutating func addInterval(
        _ a: Double, _ b: Double, weight: Float, width: Int, touchedMin: inout Int, touchedMax: inout Int
    ) {
        let left = max(0, a + 0.5)
        let right = min(Double(width), b + 0.5)
        guard right > left else { return }
        let first = Int(left)
        let last = min(width - 1, Int(right))
        if first == last {
            coverage[first] += Float(right - left) * weight
        } else {
            coverage[first] += Float(Double(first + 1) - left) * weight
            if last > first + 1 {
                delta[first + 1] += weight
                delta[last] -= weight
            }
            if last < width {
                coverage[last] += Float(right - Double(last)) * weight
            }
        }
        touchedMin = min(touchedMin, first)
        touchedMax = max(touchedMax, last)
    }
}
