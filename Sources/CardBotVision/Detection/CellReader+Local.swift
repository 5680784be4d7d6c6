/// A second reading of a marker for light that changes across it (a shadow's edge, a highlight): every cell is
/// judged against its own local black and white, and cells too close to call are erasures, not guesses.
///
/// The local black of an inner cell is read from the four border-ring cells level with it (left, right, above,
/// below), the local white from the card's white margin half a cell outside the border at the same four places,
/// each weighted by nearness. A side where the margin is not clearly lighter than the border (the table shows
/// through a close cut, or a highlight saturated both) is left out. A cell within a fifth of the local contrast of
/// the local midpoint is an erasure: the code book may fill it in, within the same error budget that counts an
/// erasure as half a misread cell.
extension CellReader {
    /// What the local reading said.
    struct LocalReading {
        /// The inner cells, white = 1, as in `Reading.bits` (erased cells as their nearer guess).
        var bits: UInt64
        /// The cells too close to call, as a mask over `bits`.
        var erasures: UInt64
        /// The same measures as for the global reading (`weakestMargin` over the cells not erased).
        var reading: Reading
    }

    /// The local reading of the marker last passed to `read` (whose cell samples it reuses), or nil.
    func readLocally(sampler: GraySampler) -> LocalReading? {
        guard let homography else { return nil }
        let across = gridSize + 2
        let scale = 1 / Double(across)
        // The margin half a cell outside the border, level with each border cell: index 0..<across per side.
        @inline(__always) func margin(_ u: Double, _ v: Double) -> Double {
            let point = homography.map(u * scale, v * scale)
            guard sampler.contains(point.x, point.y, margin: 0) else { return -1 }
            return sampler.value(point.x, point.y)
        }
        var left = [Double](repeating: -1, count: across), right = left, top = left, bottom = left
        for i in 0..<across {
            let middle = Double(i) + 0.5
            left[i] = margin(-0.5, middle)
            right[i] = margin(Double(across) + 0.5, middle)
            top[i] = margin(middle, -0.5)
            bottom[i] = margin(middle, Double(across) + 0.5)
        }
        var bits: UInt64 = 0, erasures: UInt64 = 0
        var weakest = 1.0, contrastSum = 0.0
        var unusable = 0
        var thresholds = [Double](repeating: 0, count: across * across)
        for row in 1..<(across - 1) {
            for column in 1..<(across - 1) {
                // (black in the ring, white outside it, distance) for the four sides.
                let sides = [
                    (values[row * across], left[row], Double(column)),
                    (values[row * across + across - 1], right[row], Double(across - 1 - column)),
                    (values[column], top[column], Double(row)),
                    (values[(across - 1) * across + column], bottom[column], Double(across - 1 - row)),
                ]
                var black = 0.0, white = 0.0, weight = 0.0
                for (ring, outside, distance) in sides where outside - ring >= minimumContrast {
                    let w = 1 / (distance * distance)
                    black += w * ring
                    white += w * outside
                    weight += w
                }
                let index = (row - 1) * gridSize + column - 1
                guard weight > 0 else {
                    unusable += 1
                    erasures |= 1 << UInt64(index)
                    continue
                }
                black /= weight
                white /= weight
                let threshold = (black + white) / 2
                thresholds[row * across + column] = threshold
                let value = values[row * across + column]
                if value > threshold { bits |= 1 << UInt64(index) }
                let margin = abs(value - threshold) / ((white - black) / 2)
                if margin < 0.2 {
                    erasures |= 1 << UInt64(index)
                } else {
                    weakest = min(weakest, margin)
                }
                contrastSum += white - black
            }
        }
        let inner = gridSize * gridSize
        guard unusable * 4 <= inner else { return nil }
        let contrast = contrastSum / Double(max(1, inner - unusable))
        // Mixed cells as for the global reading, against the local thresholds.
        var mixed = 0, unexplained = 0
        for row in 1..<(across - 1) {
            for column in 1..<(across - 1) where spreads[row * across + column] > 0.5 * contrast {
                mixed += 1
                let threshold = thresholds[row * across + column]
                let white = values[row * across + column] > threshold
                var alike = true
                for dy in -1...1 {
                    for dx in -1...1 {
                        let r = row + dy, c = column + dx
                        // Ring cells are black; inner neighbours against this cell's threshold.
                        let neighbourWhite =
                            r == 0 || c == 0 || r == across - 1 || c == across - 1
                            ? false : values[r * across + c] > threshold
                        if neighbourWhite != white { alike = false }
                    }
                }
                if alike { unexplained += 1 }
            }
        }
        let measures = values.withUnsafeBufferPointer { spreadMeasures($0, contrast: contrast) }
        return LocalReading(
            bits: bits, erasures: erasures,
            reading: Reading(
                bits: bits, weakestMargin: weakest, contrast: contrast, mixedCells: mixed,
                unexplainedMixedCells: unexplained, wideCells: measures.wideCells, ringRange: measures.ringRange))
    }
}
