import CardBotGeometry
import CardBotImaging

/// Reads a marker's cells through the perspective of its four corners.
///
/// Each of the (N+2)x(N+2) cells (the border ring included) is the mean of a 3x3 patch of bilinear samples
/// around its centre, kept within the middle of the cell so that blur from the neighbours matters little.
/// The cells are split into black and white by Otsu's threshold over the cell means; the border ring must
/// read black (but for a few cells), and black and white must differ clearly. A cell whose own samples
/// disagree (some clearly black, some clearly white) while its neighbours all share its colour is "mixed": a
/// real cell is uniform in its middle even when blurred (blur brings in only neighbours, here alike), while the
/// finer grid of a foreign marker puts cell edges right through it.
struct CellReader {
    /// What the cells said.
    struct Reading {
        /// The inner cells, white = 1, row by row in the quad's own frame (its first corner top-left).
        var bits: UInt64
        /// The weakest inner cell's distance from the threshold, as a share of half the black-white contrast (0...1).
        var weakestMargin: Double
        /// Mean white minus mean black.
        var contrast: Double
        /// Inner cells whose samples spread over more than half the black-white contrast.
        var mixedCells: Int
        /// Mixed cells whose eight neighbours all read the cell's own colour, so that blur cannot explain them.
        var unexplainedMixedCells: Int
        /// Inner cells whose samples spread over more than the whole black-white contrast.
        var wideCells: Int = 0
        /// The lightest border-ring cell minus the darkest, as a share of the contrast.
        var ringRange: Double = 0
    }

    /// Inner cells whose samples spread over more than the whole contrast, and the border ring's range as a share
    /// of `contrast`, for the last marker's samples.
    func spreadMeasures(_ cells: UnsafeBufferPointer<Double>, contrast: Double) -> (wideCells: Int, ringRange: Double) {
        let across = gridSize + 2
        var wide = 0
        var lightest = -Double.infinity, darkest = Double.infinity
        for row in 0..<across {
            for column in 0..<across {
                if row == 0 || column == 0 || row == across - 1 || column == across - 1 {
                    lightest = max(lightest, cells[row * across + column])
                    darkest = min(darkest, cells[row * across + column])
                } else if spreads[row * across + column] > contrast {
                    wide += 1
                }
            }
        }
        return (wide, (lightest - darkest) / contrast)
    }

    let gridSize: Int
    let minimumContrast: Double
    let borderErrorRate: Double
    /// The last marker's cell means and sample spreads, row by row over the (N+2)x(N+2) cells.
    private(set) var values: [Double]
    private(set) var spreads: [Double]
    /// The last marker's homography from the unit square.
    private(set) var homography: Homography?
    /// The last marker's cell means sharpened (`sharpenValues(by:)`).
    var sharpened: [Double]

    init(gridSize: Int, minimumContrast: Double, borderErrorRate: Double) {
        self.gridSize = gridSize
        self.minimumContrast = minimumContrast
        self.borderErrorRate = borderErrorRate
        let cells = (gridSize + 2) * (gridSize + 2)
        values = [Double](repeating: 0, count: cells)
        spreads = [Double](repeating: 0, count: cells)
        sharpened = [Double](repeating: 0, count: cells)
    }

    /// The reading of the marker whose outer corners are `corners` (clockwise), or nil when it is not a marker.
    mutating func read(_ corners: [ImagePoint], sampler: GraySampler) -> Reading? {
        guard measure(corners, sampler: sampler) else { return nil }
        return values.withUnsafeBufferPointer { classify($0) }
    }

    /// Samples the cells of the marker whose outer corners are `corners` (clockwise) without classifying them, for
    /// the tests and the matching that work from the cell means (`innerRise`, `homography`); false when the corners
    /// span no quad.
    mutating func measure(_ corners: [ImagePoint], sampler: GraySampler) -> Bool {
        homography = Homography(unitSquareOnto: corners[0], corners[1], corners[2], corners[3])
        guard let homography else { return false }
        sample(homography, sampler: sampler)
        return true
    }

    /// The last marker's reading again, from its cell means sharpened (`sharpenValues(by:)`), or nil: for a small
    /// marker in soft focus, whose cells blur has pulled towards their neighbours.
    mutating func readSharpened(by amount: Double = Self.sharpening) -> Reading? {
        guard homography != nil else { return nil }
        sharpenValues(by: amount)
        return sharpened.withUnsafeBufferPointer { classify($0) }
    }

    /// How far a cell's outer samples lie from its centre, in cells: inside the cell, clear of its neighbours' blur.
    static let patchOffset = 0.22

    /// Each cell's 3x3 patch of samples: the mean into `values`, the highest minus the lowest into `spreads`.
    private mutating func sample(_ homography: Homography, sampler: GraySampler) {
        let across = gridSize + 2
        let scale = 1 / Double(across)
        let patch = Self.patchOffset
        values.withUnsafeMutableBufferPointer { values in
            spreads.withUnsafeMutableBufferPointer { spreads in
                for row in 0..<across {
                    for column in 0..<across {
                        var sum = 0.0
                        var lowest = Double.infinity
                        var highest = -Double.infinity
                        for dy in -1...1 {
                            let v = (Double(row) + 0.5 + Double(dy) * patch) * scale
                            for dx in -1...1 {
                                let u = (Double(column) + 0.5 + Double(dx) * patch) * scale
                                let point = homography.map(u, v)
                                let sample = sampler.value(point.x, point.y)
                                sum += sample
                                lowest = min(lowest, sample)
                                highest = max(highest, sample)
                            }
                        }
                        values[row * across + column] = sum / 9
                        spreads[row * across + column] = highest - lowest
                    }
                }
            }
        }
    }

    /// The reading of the cell means `cells` (row by row over the (N+2)x(N+2) cells) against the samples' spreads
    /// of the last marker, or nil when they are not a marker's.
    private func classify(_ cells: UnsafeBufferPointer<Double>) -> Reading? {
        let across = gridSize + 2
        guard let threshold = Self.otsu(cells) else { return nil }
        var blackSum = 0.0, blackCount = 0.0, whiteSum = 0.0, whiteCount = 0.0
        var borderWhite = 0
        var bits: UInt64 = 0
        for row in 0..<across {
            for column in 0..<across {
                let value = cells[row * across + column]
                let white = value > threshold
                if white {
                    whiteSum += value
                    whiteCount += 1
                } else {
                    blackSum += value
                    blackCount += 1
                }
                if row == 0 || column == 0 || row == across - 1 || column == across - 1 {
                    if white { borderWhite += 1 }
                } else if white {
                    bits |= 1 << UInt64((row - 1) * gridSize + column - 1)
                }
            }
        }
        let borderCells = 4 * (across - 1)
        guard Double(borderWhite) <= borderErrorRate * Double(borderCells) else { return nil }
        guard whiteCount > 0, blackCount > 0 else { return nil }
        let black = blackSum / blackCount
        let white = whiteSum / whiteCount
        let contrast = white - black
        guard contrast >= minimumContrast else { return nil }
        var weakest = 1.0
        var mixed = 0
        var unexplained = 0
        for row in 1..<(across - 1) {
            for column in 1..<(across - 1) {
                let value = cells[row * across + column]
                let margin = abs(value - threshold) / (contrast / 2)
                weakest = min(weakest, margin)
                guard spreads[row * across + column] > 0.5 * contrast else { continue }
                mixed += 1
                // Blur (of the lens, or of motion up to a cell long) spreads a cell's samples only where a
                // neighbour differs from it; a cell among neighbours of its own colour must read uniform.
                let white = value > threshold
                var alike = true
                for dy in -1...1 {
                    for dx in -1...1 where (cells[(row + dy) * across + column + dx] > threshold) != white {
                        alike = false
                    }
                }
                if alike { unexplained += 1 }
            }
        }
        let measures = spreadMeasures(cells, contrast: contrast)
        return Reading(
            bits: bits, weakestMargin: weakest, contrast: contrast, mixedCells: mixed, unexplainedMixedCells: unexplained,
            wideCells: measures.wideCells, ringRange: measures.ringRange)
    }

    /// Otsu's threshold over the cell means (the split that maximises the between-class variance).
    private static func otsu(_ cells: UnsafeBufferPointer<Double>) -> Double? {
        let count = cells.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { buffer -> Double? in
            var sorted = buffer
            for i in 0..<count { sorted[i] = cells[i] }
            sorted.sort()
            var total = 0.0
            for value in sorted { total += value }
            var bestScore = -1.0
            var best: Double?
            var below = 0.0
            for split in 1..<count {
                below += sorted[split - 1]
                let n0 = Double(split), n1 = Double(count - split)
                let mean0 = below / n0, mean1 = (total - below) / n1
                let score = n0 * n1 * (mean1 - mean0) * (mean1 - mean0)
                if score > bestScore {
                    bestScore = score
                    best = (sorted[split - 1] + sorted[split]) / 2
                }
            }
            return best
        }
    }
}
