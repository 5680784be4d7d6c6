import CardBotGeometry
import Foundation

/// How well a code's picture, blurred as a lens blurs, fits a marker's pixels.
///
/// A cell reading keeps one mean per cell, and a weak one (many cells near the threshold) can come out as a card from
/// a square that is no marker: a QR code's finder square, a worksheet's print wrapped by a convex hull. The pixels
/// tell what the cell means cannot. The marker is sampled a quarter cell apart, from a cell outside its border to a
/// cell beyond the far side (1,024 samples for a 4x4 code), and compared with the code's picture (white paper around,
/// the black ring, the code's cells) blurred by a Gaussian of 0, 0.25, 0.4 and 0.6 cells: the normalised correlation,
/// which fits the black and white levels freely, at the blur that fits best.
///
/// Each cell's blurred picture is the product of a column profile and a row profile (the Gaussian's integral over
/// the cell along each axis), and the picture is linear in the code's bits, so a fit costs the samples, one pass
/// over them per blur and sums over the code's white cells: the products of the cells' pictures with one another do
/// not depend on the pixels and are computed once.
struct SoftFocusFit {
    /// The lens blurs tried, as the Gaussian's sigma in cells, the most common first.
    static let sigmas = [0.25, 0.4, 0.0, 0.6]
    /// Samples per cell along each axis.
    static let samplesPerCell = 4

    let gridSize: Int
    /// Samples along each axis.
    private let count: Int
    /// Per blur, what does not depend on the pixels.
    private var blurs: [Blurred] = []
    private var observed: [Double]
    private var rowCross: [Double]
    private var sampleCross: [Double]

    /// The pictures at one blur.
    private struct Blurred {
        /// The blurred profile of each inner column (or row) at every sample position (`cell * count + position`).
        var cells: [Double]
        /// The blurred profile of the whole marker square.
        var square: [Double]
        /// The products of the cells' pictures (`j * cells + k`), their sums, and their products with the paper's.
        var gram: [Double]
        var cellSums: [Double]
        var paperCross: [Double]
        /// The paper's picture (one outside the square, zero inside, blurred): its sum and its square.
        var paperSum: Double
        var paperSquare: Double
    }

    init(gridSize: Int) {
        self.gridSize = gridSize
        let across = gridSize + 2
        count = (across + 2) * Self.samplesPerCell
        observed = [Double](repeating: 0, count: count * count)
        rowCross = [Double](repeating: 0, count: count * gridSize)
        sampleCross = [Double](repeating: 0, count: gridSize * gridSize)
        let positions = (0..<count).map { (Double($0) + 0.5) / Double(Self.samplesPerCell) - 1 }
        let samples = Double(count * count)
        for sigma in Self.sigmas {
            // The picture of the interval [a, b) (in cells) at each position, blurred.
            func profile(_ a: Double, _ b: Double) -> [Double] {
                positions.map { x in
                    guard sigma > 0 else { return x >= a && x < b ? 1 : 0 }
                    let scale = 1 / (sigma * 2.0.squareRoot())
                    return 0.5 * (erf((b - x) * scale) - erf((a - x) * scale))
                }
            }
            func dot(_ p: [Double], _ q: [Double]) -> Double { zip(p, q).reduce(0) { $0 + $1.0 * $1.1 } }
            let cells = (0..<gridSize).map { profile(Double($0 + 1), Double($0 + 2)) }
            let square = profile(0, Double(across))
            let n = gridSize * gridSize
            var gram = [Double](repeating: 0, count: n * n)
            var sums = [Double](repeating: 0, count: n)
            var cross = [Double](repeating: 0, count: n)
            let squareSum = square.reduce(0, +)
            for j in 0..<n {
                let (rj, cj) = (j / gridSize, j % gridSize)
                sums[j] = cells[cj].reduce(0, +) * cells[rj].reduce(0, +)
                // The paper's picture is one less the square's.
                cross[j] = sums[j] - dot(square, cells[cj]) * dot(square, cells[rj])
                for k in 0..<n {
                    let (rk, ck) = (k / gridSize, k % gridSize)
                    gram[j * n + k] = dot(cells[cj], cells[ck]) * dot(cells[rj], cells[rk])
                }
            }
            let squareSquare = dot(square, square)
            blurs.append(
                Blurred(
                    cells: cells.flatMap { $0 }, square: square, gram: gram, cellSums: sums, paperCross: cross,
                    paperSum: samples - squareSum * squareSum,
                    paperSquare: samples - 2 * squareSum * squareSum + squareSquare * squareSquare))
        }
    }

    /// Whether the picture of `code` (inner cells row by row, white = 1, in the marker's frame) fits the marker that
    /// `homography` maps the unit square onto with a correlation of `least` or more at one of the blurs.
    mutating func fits(_ code: UInt64, homography: Homography, sampler: GraySampler, least: Double) -> Bool {
        correlation(of: code, homography: homography, sampler: sampler, enough: least) >= least
    }

    /// The best correlation of the picture of `code` with the marker's samples over the blurs, stopping at the first
    /// that reaches `enough`; -1 when the samples are flat.
    mutating func correlation(of code: UInt64, homography: Homography, sampler: GraySampler, enough: Double = 2)
        -> Double
    {
        let across = Double(gridSize + 2)
        let perCell = Double(Self.samplesPerCell)
        var sum = 0.0, squares = 0.0
        for row in 0..<count {
            let v = ((Double(row) + 0.5) / perCell - 1) / across
            for column in 0..<count {
                let p = homography.map(((Double(column) + 0.5) / perCell - 1) / across, v)
                let value = sampler.value(p.x, p.y)
                observed[row * count + column] = value
                sum += value
                squares += value * value
            }
        }
        let samples = Double(count * count)
        let mean = sum / samples
        let centred = squares - samples * mean * mean
        guard centred > 1e-9 else { return -1 }
        var best = -1.0
        for index in blurs.indices {
            best = max(best, correlation(of: code, blur: index, sum: sum, mean: mean, centred: centred))
            if best >= enough { break }
        }
        return best
    }

    /// The correlation of the picture of `code` at the blur `blurs[blur]` with the samples in `observed`.
    private mutating func correlation(of code: UInt64, blur: Int, sum: Double, mean: Double, centred: Double)
        -> Double
    {
        let n = gridSize * gridSize
        let count = self.count, gridSize = self.gridSize
        let samples = Double(count * count)
        let blurred = blurs[blur]
        // The samples' products with the square's picture and with the cells' (column profile times row profile).
        var squareCross = 0.0
        blurred.cells.withUnsafeBufferPointer { cells in
            blurred.square.withUnsafeBufferPointer { square in
                observed.withUnsafeBufferPointer { observed in
                    rowCross.withUnsafeMutableBufferPointer { rowCross in
                        for row in 0..<count {
                            let line = observed.baseAddress! + row * count
                            var squareRow = 0.0
                            for column in 0..<count { squareRow += line[column] * square[column] }
                            squareCross += squareRow * square[row]
                            for cell in 0..<gridSize {
                                let profile = cells.baseAddress! + cell * count
                                var acc = 0.0
                                for column in 0..<count { acc += line[column] * profile[column] }
                                rowCross[row * gridSize + cell] = acc
                            }
                        }
                    }
                }
            }
            for j in 0..<n where code & (1 << UInt64(j)) != 0 {
                let (r, c) = (j / gridSize, j % gridSize)
                var acc = 0.0
                for row in 0..<count { acc += rowCross[row * gridSize + c] * cells[r * count + row] }
                sampleCross[j] = acc
            }
        }
        var cross = sum - squareCross, total = blurred.paperSum, picture = blurred.paperSquare
        var rest = code
        while rest != 0 {
            let j = rest.trailingZeroBitCount
            rest &= rest - 1
            cross += sampleCross[j]
            total += blurred.cellSums[j]
            picture += 2 * blurred.paperCross[j]
            var inner = code
            while inner != 0 {
                let k = inner.trailingZeroBitCount
                inner &= inner - 1
                picture += blurred.gram[j * n + k]
            }
        }
        let spread = picture - total * total / samples
        guard spread > 1e-9 else { return -1 }
        return (cross - mean * total) / (spread * centred).squareRoot()
    }
}
