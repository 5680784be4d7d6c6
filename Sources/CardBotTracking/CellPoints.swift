import CardBotGeometry
import CardBotImaging
import CardBotVision

/// The points at which a grid of cells spread over a quad is sampled, worked out once and then read at any shift
/// of the quad: a card's drift search reads the same grid at dozens of shifts, and a shifted quad's points are
/// the quad's points shifted.
struct CellPoints: Sendable {
    /// Points across each side of a cell, averaged into the cell's level.
    let points: Int
    /// The cells sampled, row by row (those `keep` kept), each as its points' columns and rows: `points * points`
    /// consecutive entries a cell.
    private let xs: [Double]
    private let ys: [Double]
    /// The box around every point.
    private let minX: Double, maxX: Double, minY: Double, maxY: Double

    /// The points of the cells of a `grid` x `grid` grid over `quad` for which `keep(row, column)` holds (every
    /// cell unless told), `points` x `points` a cell at the centres of its equal parts, bilinear between the quad's
    /// corners.
    init(_ quad: Quad, grid: Int, points: Int, keep: (Int, Int) -> Bool = { _, _ in true }) {
        self.points = points
        let (c0, c1, c2, c3) = (quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft)
        let inverse = 1 / Double(grid * points)
        var xs: [Double] = [], ys: [Double] = []
        xs.reserveCapacity(grid * grid * points * points)
        ys.reserveCapacity(grid * grid * points * points)
        for row in 0..<grid {
            for column in 0..<grid where keep(row, column) {
                for sy in 0..<points {
                    // Along a row of points the point moves evenly from the quad's left edge to its right edge (the
                    // bilinear map between the corners is linear in u for a fixed v).
                    let v = Double(row * points + sy) * inverse + inverse / 2
                    let leftX = c0.x + (c3.x - c0.x) * v, leftY = c0.y + (c3.y - c0.y) * v
                    let rightX = c1.x + (c2.x - c1.x) * v, rightY = c1.y + (c2.y - c1.y) * v
                    for sx in 0..<points {
                        let u = Double(column * points + sx) * inverse + inverse / 2
                        xs.append(leftX + (rightX - leftX) * u)
                        ys.append(leftY + (rightY - leftY) * u)
                    }
                }
            }
        }
        self.xs = xs
        self.ys = ys
        minX = xs.min() ?? 0
        maxX = xs.max() ?? 0
        minY = ys.min() ?? 0
        maxY = ys.max() ?? 0
    }

    /// The mean gray level of each cell, in the order the cells were kept, with the grid moved by (`dx`, `dy`)
    /// pixels (bilinear between pixels); empty when a point leaves the image.
    func levels(in image: GrayImage, dx: Double = 0, dy: Double = 0) -> [Float] {
        let width = image.width, height = image.height
        guard width >= 2, height >= 2, fits(in: image, dx: dx, dy: dy) else { return [] }
        let each = points * points
        let scale = 1 / Float(each)
        var out = [Float](repeating: 0, count: xs.count / each)
        image.pixels.withUnsafeBufferPointer { pixels in
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    out.withUnsafeMutableBufferPointer { cells in
                        guard let pixels = pixels.baseAddress else { return }
                        var k = 0
                        for cell in 0..<cells.count {
                            // A cell's points are summed in a register, then stored once.
                            var sum: Float = 0
                            for _ in 0..<each {
                                let x = xs[k] + dx, y = ys[k] + dy
                                k &+= 1
                                let x0 = min(Int(x), width &- 2), y0 = min(Int(y), height &- 2)
                                let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
                                let i = y0 &* width &+ x0
                                let top = Float(pixels[i]) + (Float(pixels[i &+ 1]) - Float(pixels[i])) * fx
                                let below = i &+ width
                                let bottom = Float(pixels[below]) + (Float(pixels[below &+ 1]) - Float(pixels[below])) * fx
                                sum += top + (bottom - top) * fy
                            }
                            cells[cell] = sum * scale
                        }
                    }
                }
            }
        }
        return out
    }

    /// The level of each point's nearest pixel, with the grid moved by (`dx`, `dy`) pixels: a coarse look, for
    /// grids of one point a cell (a cell's level is then its centre's pixel); empty when a point leaves the image.
    func nearestLevels(in image: GrayImage, dx: Double, dy: Double) -> [Float] {
        let width = image.width, height = image.height
        guard fits(in: image, dx: dx, dy: dy) else { return [] }
        var out = [Float](repeating: 0, count: xs.count)
        image.pixels.withUnsafeBufferPointer { pixels in
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    out.withUnsafeMutableBufferPointer { levels in
                        guard let pixels = pixels.baseAddress else { return }
                        for k in 0..<levels.count {
                            let x = Int(xs[k] + dx + 0.5), y = Int(ys[k] + dy + 0.5)
                            levels[k] = Float(pixels[min(y, height &- 1) &* width &+ min(x, width &- 1)])
                        }
                    }
                }
            }
        }
        return out
    }

    /// Whether every point, moved by (`dx`, `dy`), lies inside `image` (and there are points).
    private func fits(in image: GrayImage, dx: Double, dy: Double) -> Bool {
        !xs.isEmpty && minX + dx >= 0 && minY + dy >= 0 && maxX + dx <= Double(image.width - 1)
            && maxY + dy <= Double(image.height - 1)
    }
}
