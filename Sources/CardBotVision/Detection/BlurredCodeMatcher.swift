import CardBotGeometry

/// Reads a motion-blurred marker by matching every card's pattern, blurred as its border shows, to its pixels.
///
/// When a smear is two cells long or more, no cell centre shows its own cell. But the blur is known from the
/// border (`MotionBlurEstimate`), so the picture each card would leave can be predicted: the marker's pattern
/// (white margin, black ring, the card's data cells) averaged along the smear. The marker is sampled on a grid of
/// half cells reaching into the margin (only where the smear stays on the card), and every code of the deck in
/// all four turns is scored by the normalised correlation of its prediction with the samples, which fits the
/// black and white levels freely. The prediction is linear in the data bits, so the sums over the samples are
/// gathered once per smear (a 16x16 Gram matrix for a 4x4 grid) and each code costs only sums over its white
/// cells. The border's two readings of the smear's direction (its component along the rows has an unknown sign)
/// are both tried.
///
/// A card must also beat the squares that are no card (`decoys`): a smear spreads a dark square's one light window
/// over the cells around it, and a card whose light cells are few and together (card 17's one 2x2 block) fits such
/// a blur nearly as well as the window itself.
struct BlurredCodeMatcher {
    /// The best code for a marker and how clearly it won.
    struct Match {
        /// The index of the card in the deck.
        var card: Int
        /// Clockwise quarter turns of the card's upright code that give the marker.
        var quarterTurns: Int
        /// The best code's correlation with the samples (1 is a perfect fit).
        var correlation: Double
        /// The best correlation of any other code or turn.
        var runnerUp: Double
        /// The root-mean-square difference of the samples from the best fit, in gray levels.
        var residual: Double
        /// The fitted white level minus the black.
        var contrast: Double
        /// The samples used.
        var samples: Int
        /// The best correlation of a square that is no card (`decoys`); -1 on a search's one-direction fits, which
        /// are compared by `correlation` alone.
        var decoy: Double = -1
        /// The sign given to the smear's component along the columns for this fit (see `match`).
        var downSign: Double = 1

        /// How much more of the samples' variance the runner-up leaves unexplained than the best code, less one
        /// (0 for a tie).
        var lead: Double { Self.lead(of: correlation, over: runnerUp) }

        /// The lead (as `lead`) over the best square that is no card.
        var decoyLead: Double { Self.lead(of: correlation, over: decoy) }

        private static func lead(of best: Double, over other: Double) -> Double {
            (1 - other * other) / max(1e-9, 1 - best * best) - 1
        }

        /// Whether the best code is surely the marker: it fits well (`minimumCorrelation`), leaves the runner-up
        /// far behind (`minimumLead`) and the best square that is no card behind (`minimumDecoyLead`), what it
        /// leaves unexplained is small beside the contrast (`maximumResidualShare`), and black and white differ by
        /// `minimumContrast` gray levels at least. DICT_6X6_250 markers, blurred or not, correlate with 4x4 cards
        /// up to about 0.92, with leads under 2; smeared cards that the border measured well fit at 0.95 to 0.995
        /// with leads of 3 to 30.
        func isClear(minimumContrast: Double) -> Bool {
            correlation >= BlurredCodeMatcher.minimumCorrelation && lead >= BlurredCodeMatcher.minimumLead
                && decoyLead >= BlurredCodeMatcher.minimumDecoyLead
                && residual <= BlurredCodeMatcher.maximumResidualShare * contrast && contrast >= minimumContrast
        }
    }

    /// The least correlation of an accepted match.
    static let minimumCorrelation = 0.95
    /// The least lead of an accepted match over the runner-up (see `Match.lead`).
    static let minimumLead = 2.0
    /// The least lead of an accepted match over the best square that is no card (see `Match.decoyLead`).
    ///
    /// Four smeared black squares with a light centre (`clutter_bench.py`'s holed squares, in 3,000 smeared cluttered
    /// frames of seeds 44, 48 and 49) fitted card 17 at 0.95 to 0.97 with leads of 3.3 to 5.3 over the other cards,
    /// but led the best window by only 0.60 to 1.06. Of the 642 smeared cards this matching
    /// read in the benchmark's sets and the cluttered seeds 31 and 32, 5 led their best window by less than 1.5
    /// (three cards 17 from 0.85, two cards 16), 25 by less than 2.
    static let minimumDecoyLead = 1.5
    /// The largest root-mean-square residual of an accepted match, as a share of its contrast.
    static let maximumResidualShare = 0.1

    let gridSize: Int
    private let codes: [UInt64]
    private let cardIndex: [Int]
    /// The patterns of squares that are no card, as codes: a dark square with one light rectangle (a window, a frame,
    /// a die's face with one pip, a black square with a light centre) or none, in every size and place, but for the
    /// deck's own codes.
    let decoys: [UInt64]
    /// Taps along the smear per sample.
    static let taps = 12

    // Scratch storage kept from marker to marker, read through plain pointers in the hot loops. It is shared by
    // copies of the matcher, so a matcher is used by one thread at a time (each `MarkerDetector` owns one).
    private let observed = ScratchBuffer<Double>()
    private let whiteSums: ScratchBuffer<Double>
    /// The geometry of the last two smears scored (a fit scores both signs of one), the last used at `lastGeometry`.
    private let geometries: [SmearGeometry]
    private var lastGeometry = 0
    /// Where the marker is sampled along each axis (`positions(gridSize:)`).
    private let positions: [Double]

    init(book: CodeBook) {
        gridSize = book.gridSize
        codes = book.codes
        cardIndex = book.cardIndex
        decoys = Self.windowCodes(gridSize: book.gridSize).filter { !book.codes.contains($0) }
        let cells = gridSize * gridSize
        whiteSums = ScratchBuffer(capacity: cells)
        let positions = Self.positions(gridSize: book.gridSize)
        self.positions = positions
        geometries = (0..<2).map { _ in SmearGeometry(gridSize: book.gridSize, positions: positions, taps: Self.taps) }
    }

    /// Every code whose white cells form one rectangle of the grid, and the all-black code.
    static func windowCodes(gridSize: Int) -> [UInt64] {
        var codes: [UInt64] = [0]
        for top in 0..<gridSize {
            for bottom in top..<gridSize {
                for left in 0..<gridSize {
                    for right in left..<gridSize {
                        var bits: UInt64 = 0
                        for row in top...bottom {
                            for column in left...right { bits |= 1 << UInt64(row * gridSize + column) }
                        }
                        codes.append(bits)
                    }
                }
            }
        }
        return codes
    }

    /// Sample positions along one axis, in cells from the border's outer edge: half a cell apart, from three
    /// quarters of a cell outside to three quarters of a cell beyond the far side.
    private static func positions(gridSize: Int) -> [Double] {
        let across = gridSize + 2
        return (0..<(2 * across + 3)).map { -0.75 + 0.5 * Double($0) }
    }

    /// The best code for the marker `homography` maps the unit square onto, smeared by `blur`, or nil: with both
    /// signs of the smear's component along the columns, or only `downSign`'s (a search that keeps the direction
    /// the first fit chose).
    mutating func match(_ homography: Homography, sampler: GraySampler, blur: MotionBlurEstimate, downSign: Double? = nil)
        -> Match?
    {
        guard !codes.isEmpty else { return nil }
        let across = Double(gridSize + 2)
        let positions = self.positions
        let count = positions.count
        observed.reserve(count * count)
        let values = observed.base
        // `homography.map` at every grid point, its products with a column's u and a row's v taken once each (a
        // corner search samples the grid some 60 times).
        withUnsafeTemporaryAllocation(of: (x: Double, y: Double, w: Double).self, capacity: count) { terms in
            let t = terms.baseAddress!
            for i in 0..<count { t[i] = homography.uTerms(positions[i] / across) }
            for row in 0..<count {
                let v = homography.vTerms(positions[row] / across)
                for column in 0..<count {
                    let p = homography.map(u: t[column], v: v)
                    values[row * count + column] = sampler.value(p.x, p.y)
                }
            }
        }
        let both = blur.down > 0.01 && blur.across > 0.01
        if both, let downSign {
            var match = score(
                blurU: blur.across, blurV: downSign * blur.down, decoys: false)?.match
            match?.downSign = downSign
            return match
        }
        let first = score(blurU: blur.across, blurV: blur.down)
        var second = both ? score(blurU: blur.across, blurV: -blur.down) : nil
        second?.match.downSign = -1
        guard let first else { return second?.match }
        guard let second else { return first.match }
        let (winner, loser) = second.correlation > first.correlation ? (second, first) : (first, second)
        var match = winner.match
        match.runnerUp = max(winner.runnerUp, loser.code == winner.code ? loser.runnerUp : loser.correlation)
        match.decoy = max(winner.match.decoy, loser.match.decoy)
        return match
    }

    private struct Scored {
        var code: Int
        var correlation: Double
        var runnerUp: Double
        var match: Match
    }

    /// The geometry of a smear of (`blurU`, `blurV`) cells: one of the last two if either is for it, else built in
    /// place of the one used longer ago.
    private mutating func geometry(blurU: Double, blurV: Double) -> SmearGeometry {
        if geometries[lastGeometry].isFor(blurU: blurU, blurV: blurV) { return geometries[lastGeometry] }
        lastGeometry = 1 - lastGeometry
        let geometry = geometries[lastGeometry]
        if !geometry.isFor(blurU: blurU, blurV: blurV) {
            geometry.build(blurU: blurU, blurV: blurV, codes: codes)
        }
        return geometry
    }

    /// Every code scored against the samples for a smear of (`blurU`, `blurV`) cells; the best, with the
    /// runner-up's correlation and, with `decoys`, the best square that is no card's.
    private mutating func score(blurU: Double, blurV: Double, decoys scoreDecoys: Bool = true)
        -> Scored?
    {
        let geometry = geometry(blurU: blurU, blurV: blurV)
        if scoreDecoys { geometry.addDecoys(decoys) }
        let samples = geometry.samples
        guard samples >= 16 else { return nil }
        let cells = gridSize * gridSize
        let whiteSums = self.whiteSums.base, observed = self.observed.base
        let sampleIndex = geometry.sampleIndex.base, sampleMargin = geometry.sampleMargin.base
        let entryEnd = geometry.entryEnd.base, entryCell = geometry.entryCell.base
        let entryWeight = geometry.entryWeight.base
        whiteSums.update(repeating: 0, count: cells)
        var sumO = 0.0, sumOO = 0.0, sumOM = 0.0
        var entry = 0
        for i in 0..<geometry.sampleIndex.count {
            let o = observed[sampleIndex[i]]
            sumO += o
            sumOO += o * o
            sumOM += o * sampleMargin[i]
            while entry < entryEnd[i] {
                whiteSums[entryCell[entry]] += o * entryWeight[entry]
                entry += 1
            }
        }
        let meanO = sumO / samples
        let centred = sumOO - samples * meanO * meanO
        guard centred > 1e-9 else { return nil }
        let codeTotal = geometry.codeTotal.base, codeSquares = geometry.codeSquares.base
        // The correlation of code `index` (`bits`) with the samples, and the fitted contrast; nil for a code that
        // predicts no change.
        func correlation(_ index: Int, _ bits: UInt64) -> (r: Double, gain: Double)? {
            var cross = sumOM
            var rest = bits
            while rest != 0 {
                let j = rest.trailingZeroBitCount
                rest &= rest - 1
                cross += whiteSums[j]
            }
            let total = codeTotal[index]
            let numerator = cross - meanO * total
            let spread = codeSquares[index] - total * total / samples
            guard spread > 1e-9 else { return nil }
            return (numerator / (spread * centred).squareRoot(), numerator / spread)
        }
        var bestCode = -1, bestR = -2.0, secondR = -2.0, bestGain = 0.0
        for index in 0..<codes.count {
            guard let fit = correlation(index, codes[index]) else { continue }
            if fit.r > bestR {
                secondR = bestR
                bestR = fit.r
                bestCode = index
                bestGain = fit.gain
            } else if fit.r > secondR {
                secondR = fit.r
            }
        }
        guard bestCode >= 0 else { return nil }
        var decoyR = -1.0
        if scoreDecoys {
            for (index, bits) in decoys.enumerated() {
                guard let fit = correlation(codes.count + index, bits) else { continue }
                decoyR = max(decoyR, fit.r)
            }
        }
        let residual = (max(0, centred * (1 - bestR * bestR)) / samples).squareRoot()
        let match = Match(
            card: cardIndex[bestCode / 4], quarterTurns: bestCode % 4, correlation: bestR, runnerUp: secondR,
            residual: residual, contrast: bestGain, samples: Int(samples), decoy: decoyR)
        return Scored(code: bestCode, correlation: bestR, runnerUp: secondR, match: match)
    }
}
