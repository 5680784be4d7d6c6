/// What a fit of the smeared-marker matching owes to geometry alone, for one smear: which cells each sample's taps
/// fall in, and every sum of a code's fit that does not depend on the pixels.
///
/// `BlurredCodeMatcher` samples a marker on a fixed grid in the marker's own frame, so for a given smear (`blurU`,
/// `blurV` cells) the taps, the cells they land in and the share of each that falls outside the marker (`margin`)
/// are the same whatever the homography. A corner search makes up to 60 fits with one smear; with this kept, each
/// pays only for the pixels it samples. The sums are added in the order the matcher added them before they were
/// kept, so the fits are the same to the last bit.
final class SmearGeometry {
    /// The matcher's grid of inner cells, a side's count of them.
    let gridSize: Int
    /// Where the marker is sampled along each axis, in cells from the border's outer edge.
    let positions: [Double]
    /// Taps along the smear per sample.
    let taps: Int
    /// Where each tap lies along the smear, as a share of it from -0.5 to 0.5.
    private let tapOffsets: ScratchBuffer<Double>

    /// The smear this geometry is for; NaN before the first `build`.
    private(set) var blurU = Double.nan
    private(set) var blurV = Double.nan
    /// The samples inside the reach of the smear.
    private(set) var samples = 0.0
    /// The sum of the samples' margins and of their squares.
    private(set) var sumM = 0.0
    private(set) var sumMM = 0.0
    /// Per sample: its index in the grid of samples, its margin, and where its cells' entries end.
    let sampleIndex = ScratchBuffer<Int>()
    let sampleMargin = ScratchBuffer<Double>()
    let entryEnd = ScratchBuffer<Int>()
    /// The cells a sample's taps fall in (inner cells, row by row) and the share of its taps in each.
    let entryCell = ScratchBuffer<Int>(capacity: 1024)
    let entryWeight = ScratchBuffer<Double>(capacity: 1024)
    /// Per code (the deck's, then the decoys): the sum of its predicted samples and of their squares.
    let codeTotal = ScratchBuffer<Double>()
    let codeSquares = ScratchBuffer<Double>()
    /// Whether `codeTotal` and `codeSquares` hold the decoys too.
    private(set) var decoysReady = false

    private let gram = ScratchBuffer<Double>()
    private let marginCross = ScratchBuffer<Double>()
    private let sampleSums = ScratchBuffer<Double>()
    private let weights = ScratchBuffer<Double>()
    private let used = ScratchBuffer<Int>()

    init(gridSize: Int, positions: [Double], taps: Int) {
        self.gridSize = gridSize
        self.positions = positions
        self.taps = taps
        tapOffsets = ScratchBuffer(capacity: taps)
        for t in 0..<taps { tapOffsets.append((Double(t) + 0.5) / Double(taps) - 0.5) }
    }

    /// Whether this geometry is for the smear (`blurU`, `blurV`).
    func isFor(blurU: Double, blurV: Double) -> Bool { self.blurU == blurU && self.blurV == blurV }

    /// Lays out the taps of a smear of (`blurU`, `blurV`) cells over the samples, and the geometric sums of `codes`.
    func build(blurU: Double, blurV: Double, codes: [UInt64]) {
        self.blurU = blurU
        self.blurV = blurV
        decoysReady = false
        let n = gridSize + 2
        let across = Double(n)
        let cells = gridSize * gridSize
        let count = positions.count
        let reachU = abs(blurU) / 2, reachV = abs(blurV) / 2
        let tapWeight = 1 / Double(taps)
        gram.reserve(cells * cells)
        for buffer in [marginCross, sampleSums, weights] { buffer.reserve(cells) }
        used.reserve(cells)
        let gram = self.gram.base, marginCross = self.marginCross.base, sampleSums = self.sampleSums.base
        let weights = self.weights.base, used = self.used.base, tapOffsets = self.tapOffsets.base
        gram.update(repeating: 0, count: cells * cells)
        marginCross.update(repeating: 0, count: cells)
        sampleSums.update(repeating: 0, count: cells)
        weights.update(repeating: 0, count: cells)
        sampleIndex.removeAll()
        sampleMargin.removeAll()
        entryEnd.removeAll()
        entryCell.removeAll()
        entryWeight.removeAll()
        samples = 0
        sumM = 0
        sumMM = 0
        for (row, y) in positions.enumerated() where y - reachV >= -1 && y + reachV <= across + 1 {
            for (column, x) in positions.enumerated() where x - reachU >= -1 && x + reachU <= across + 1 {
                var margin = 0.0
                var usedCount = 0
                for t in 0..<taps {
                    let s = tapOffsets[t]
                    let tx = x + s * blurU, ty = y + s * blurV
                    if tx < 0 || ty < 0 || tx >= across || ty >= across {
                        margin += tapWeight
                        continue
                    }
                    let c = Int(tx), r = Int(ty)
                    if c == 0 || r == 0 || c == n - 1 || r == n - 1 { continue }
                    let j = (r - 1) * gridSize + c - 1
                    if weights[j] == 0 {
                        used[usedCount] = j
                        usedCount += 1
                    }
                    weights[j] += tapWeight
                }
                samples += 1
                sumM += margin
                sumMM += margin * margin
                sampleIndex.append(row * count + column)
                sampleMargin.append(margin)
                for a in 0..<usedCount {
                    let j = used[a]
                    let w = weights[j]
                    entryCell.append(j)
                    entryWeight.append(w)
                    marginCross[j] += margin * w
                    sampleSums[j] += w
                    for b in 0..<usedCount {
                        let k = used[b]
                        gram[j * cells + k] += w * weights[k]
                    }
                }
                entryEnd.append(entryCell.count)
                for a in 0..<usedCount { weights[used[a]] = 0 }
            }
        }
        codeTotal.removeAll()
        codeSquares.removeAll()
        add(codes, cells: cells)
    }

    /// Appends the geometric sums of the decoys after the deck's codes, once per smear.
    func addDecoys(_ decoys: [UInt64]) {
        guard !decoysReady else { return }
        add(decoys, cells: gridSize * gridSize)
        decoysReady = true
    }

    /// Appends each code's predicted total and sum of squares: the margin's share plus its white cells' shares.
    private func add(_ codes: [UInt64], cells: Int) {
        let gram = self.gram.base, marginCross = self.marginCross.base, sampleSums = self.sampleSums.base
        for bits in codes {
            var total = sumM, squares = sumMM, pairs = 0.0
            var rest = bits
            while rest != 0 {
                let j = rest.trailingZeroBitCount
                rest &= rest - 1
                total += sampleSums[j]
                squares += 2 * marginCross[j] + gram[j * cells + j]
                // The Gram matrix is symmetric: each pair of white cells once, counted twice below.
                var inner = rest
                while inner != 0 {
                    let k = inner.trailingZeroBitCount
                    inner &= inner - 1
                    pairs += gram[j * cells + k]
                }
            }
            codeTotal.append(total)
            codeSquares.append(squares + 2 * pairs)
        }
    }
}
