import CardBotGeometry
import CardBotImaging

/// Every picture card's patch in all four rotations, for matching the straightened inside of a found square.
///
/// The inside (within the border, an eighth of the side wide) is sampled through the perspective into a
/// `MarkerPicture.patchSize` square patch, smoothed and normalised like the references, and correlated with each
/// of them. The best must reach `minimumCorrelation` and beat the runner-up (any other picture, or the same
/// picture turned) by `minimumMargin`; otherwise the square is not taken for a card: an unknown picture is
/// rejected rather than guessed.
struct PictureBook {
    /// The result of a match.
    struct Match {
        /// The index of the card in the deck.
        var card: Int
        /// Clockwise quarter turns of the card's upright picture that give what was seen.
        var quarterTurns: Int
        /// The correlation of the best match.
        var correlation: Double
        /// The best correlation minus the runner-up's.
        var margin: Double
    }

    /// The least correlation of a match.
    static let minimumCorrelation: Float = 0.6
    /// The least lead of the best match over the runner-up.
    static let minimumMargin: Float = 0.15

    let minimumContrast: Double
    private let side = MarkerPicture.patchSize
    /// Reference patches, four rotations per picture card, each `side * side` values.
    private let references: [Float]
    private let cardIndex: [Int]
    private var patch: [Float]
    private var smoothed: [Float]

    init?(deck: Deck, minimumContrast: Double) {
        var references: [Float] = []
        var cardIndex: [Int] = []
        for (index, card) in deck.cards.enumerated() {
            guard let picture = card.picture else { continue }
            cardIndex.append(index)
            for turns in 0..<4 { references += picture.rotatedPatch(quarterTurns: turns) }
        }
        guard !cardIndex.isEmpty else { return nil }
        self.references = references
        self.cardIndex = cardIndex
        self.minimumContrast = minimumContrast
        patch = [Float](repeating: 0, count: side * side)
        smoothed = [Float](repeating: 0, count: side * side)
    }

    /// The picture card seen inside the square with outer corners `corners` (clockwise), or nil.
    mutating func match(_ corners: [ImagePoint], sampler: GraySampler) -> Match? {
        guard let homography = Homography(unitSquareOnto: corners[0], corners[1], corners[2], corners[3]) else { return nil }
        let side = self.side
        let border = MarkerPicture.borderFraction
        // The border ring: samples along the middle of the border band on all four sides.
        var ring: [Double] = []
        ring.reserveCapacity(48)
        let middle = border / 2
        for step in 0..<12 {
            let t = border + (Double(step) + 0.5) / 12 * (1 - 2 * border)
            for (u, v) in [(t, middle), (1 - middle, t), (t, 1 - middle), (middle, t)] {
                let point = homography.map(u, v)
                ring.append(sampler.value(point.x, point.y))
            }
        }
        // The inside, 2x2 samples per patch cell.
        let start = border + MarkerPicture.rimFraction
        let cell = (1 - 2 * start) / Double(side)
        var brightest: Float = 0
        var darkest: Float = 255
        patch.withUnsafeMutableBufferPointer { patch in
            for row in 0..<side {
                for column in 0..<side {
                    var sum = 0.0
                    for dy in [0.25, 0.75] {
                        let v = start + (Double(row) + dy) * cell
                        for dx in [0.25, 0.75] {
                            let u = start + (Double(column) + dx) * cell
                            let point = homography.map(u, v)
                            sum += sampler.value(point.x, point.y)
                        }
                    }
                    let value = Float(sum / 4)
                    patch[row * side + column] = value
                    brightest = max(brightest, value)
                    darkest = min(darkest, value)
                }
            }
        }
        let ringMean = ring.reduce(0, +) / Double(ring.count)
        guard Double(brightest) - ringMean >= minimumContrast, brightest - darkest >= Float(minimumContrast) / 2 else {
            return nil
        }
        let halfway = (ringMean + Double(brightest)) / 2
        let lightRing = ring.reduce(0) { $0 + ($1 > halfway ? 1 : 0) }
        guard lightRing * 100 <= ring.count * 12 else { return nil }
        // The same features as the references.
        guard let seenFeatures = MarkerPicture.features(patch) else { return nil }
        smoothed = seenFeatures
        var best: Float = -2, second: Float = -2
        var bestIndex = -1
        let count = side * side
        smoothed.withUnsafeBufferPointer { seen in
            references.withUnsafeBufferPointer { references in
                for reference in 0..<(references.count / count) {
                    let base = reference * count
                    var sum: Float = 0
                    for i in 0..<count { sum += seen[i] * references[base + i] }
                    if sum > best {
                        second = best
                        best = sum
                        bestIndex = reference
                    } else if sum > second {
                        second = sum
                    }
                }
            }
        }
        guard bestIndex >= 0, best >= Self.minimumCorrelation, best - second >= Self.minimumMargin else { return nil }
        return Match(
            card: cardIndex[bestIndex / 4], quarterTurns: bestIndex % 4, correlation: Double(best),
            margin: Double(best - max(second, -1)))
    }
}
