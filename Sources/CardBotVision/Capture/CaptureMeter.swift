import CardBotGeometry
import CardBotImaging
import Foundation

/// Measures frames for a capture check: finds the cards with the ordinary detector, then measures each card's
/// size, blur, tilt and glare and the frame's light and noise (``FrameCapture``).
///
/// Keeps the detector's buffers from frame to frame; not thread-safe: give each worker its own.
public final class CaptureMeter {
    /// The detector in use.
    public let detector: MarkerDetector
    /// The gray level from which a pixel counts as saturated.
    public static let saturatedLevel: UInt8 = 250

    /// Creates a meter for `deck`.
    public init(deck: Deck, options: DetectorOptions = DetectorOptions()) {
        detector = MarkerDetector(deck: deck, options: options)
    }

    /// Creates a meter that measures what `detector` finds (one already reading the frames, as a grader's).
    public init(detector: MarkerDetector) {
        self.detector = detector
    }

    /// The measures of `image`.
    public func measure(_ image: GrayImage) -> FrameCapture {
        measure(image, detections: detector.detect(image))
    }

    /// The measures of `image`, whose cards ``detector`` has just found: `detections` are its findings on this
    /// very frame (in any order), since the frame's noise is the detector's estimate from its last frame; where
    /// the detector searched a binned copy, it is estimated on the frame here, as the detector would.
    public func measure(_ image: GrayImage, detections: [Detection]) -> FrameCapture {
        let deck = detector.deck
        let noise =
            detector.lastFrameNoise
            ?? image.pixels.withUnsafeBufferPointer { pixels in
                pixels.baseAddress.map { NoiseEstimate.sigma($0, width: image.width, height: image.height) } ?? 0
            }
        let smeared = Self.smearMeasured(detections.count)
        let cards = detections.enumerated().map { index, detection in
            CardCapture(
                marker: detection.marker, name: detection.name, size: detection.quad.area.squareRoot(),
                smear: smeared.contains(index) ? detector.smear(of: detection, in: image) : nil,
                tilt: Self.tilt(of: detection.quad),
                glare: Self.glare(on: detection.quad, code: deck.card(marker: detection.marker)?.code, in: image), edgeGap: Self.edgeGap(of: detection.quad, image))
        }
        let levels = Self.levels(image)
        return FrameCapture(
            width: image.width, height: image.height, cards: cards, noise: noise, brightLevel: levels.bright,
            medianLevel: levels.median, saturated: levels.saturated,
            goSeen: detections.contains { $0.name == Deck.goCardName }, cardSpan: Self.span(detections, image))
    }

    /// The most cards of a frame whose smear is measured: the check judges the recording's typical smear (the
    /// median over its frames), and one card a frame, the middle one found, tells it as the median of all of them
    /// would, at a fraction of the cost (the smear is the dearest of the measures).
    public static let smearedCards = 1

    /// The indexes among `count` detections whose smear is measured: all of them, or ``smearedCards`` spread evenly
    /// over them (one: the middle one).
    static func smearMeasured(_ count: Int) -> Set<Int> {
        guard count > smearedCards else { return Set(0..<count) }
        guard smearedCards > 1 else { return [count / 2] }
        return Set((0..<smearedCards).map { $0 * (count - 1) / (smearedCards - 1) })
    }

    /// Points across each side of a black cell at which glare is looked for: a glare spot covers cells, and 2 x 2
    /// points a cell (112 on a card of the default deck) find its share to within a percent.
    static let glarePoints = 2

    /// The tilt of the plane a square marker lies on, in degrees, from the homography of the unit square onto its
    /// quad: near the marker's centre the view is affine, and an affine view of a square tilted by t from facing the
    /// camera shrinks one direction by cos t, so the ratio of the map's singular values there is cos t.
    public static func tilt(of quad: Quad) -> Double {
        let c = quad.corners
        guard let h = Homography(unitSquareOnto: c[0], c[1], c[2], c[3]) else { return 90 }
        let e = 0.01
        let right = h.map(0.5 + e, 0.5), left = h.map(0.5 - e, 0.5)
        let down = h.map(0.5, 0.5 + e), up = h.map(0.5, 0.5 - e)
        let a = (right.x - left.x) / (2 * e), b = (down.x - up.x) / (2 * e)
        let cc = (right.y - left.y) / (2 * e), d = (down.y - up.y) / (2 * e)
        // Singular values of [[a, b], [cc, d]].
        let sum = a * a + b * b + cc * cc + d * d
        let det = abs(a * d - b * cc)
        let root = max(0, sum * sum - 4 * det * det).squareRoot()
        let largest = ((sum + root) / 2).squareRoot(), smallest = (max(0, sum - root) / 2).squareRoot()
        guard largest > 1e-9 else { return 90 }
        return acos(min(1, smallest / largest)) * 180 / Double.pi
    }

    /// The share of the marker's black cells (its border ring, and the black cells of a code) that is saturated:
    /// a glare spot, since printed black stays well below white however bright the paper is lit. `code` is the
    /// card's pattern in its upright order (nil for a picture card: the ring alone is looked at); `quad` is in the
    /// card's upright order too. Each cell is sampled at ``glarePoints`` x ``glarePoints`` points.
    public static func glare(on quad: Quad, code: MarkerCode?, in image: GrayImage) -> Double {
        let c = quad.corners
        guard let h = Homography(unitSquareOnto: c[0], c[1], c[2], c[3]), image.width >= 2, image.height >= 2 else { return 0 }
        let inner = code?.size ?? 0
        let cells = code.map { $0.size + 2 } ?? Int((1 / MarkerPicture.borderFraction).rounded())
        var black = 0, saturated = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            let sampler = GraySampler(pixels: pixels.baseAddress!, width: image.width, height: image.height)
            for row in 0..<cells {
                for column in 0..<cells {
                    let ring = row == 0 || column == 0 || row == cells - 1 || column == cells - 1
                    if !ring {
                        guard let code, inner > 0, !code.isWhite(row: row - 1, column: column - 1) else { continue }
                    }
                    for sy in 0..<glarePoints {
                        for sx in 0..<glarePoints {
                            let u = (Double(column) + (Double(sx) + 0.5) / Double(glarePoints)) / Double(cells)
                            let v = (Double(row) + (Double(sy) + 0.5) / Double(glarePoints)) / Double(cells)
                            let p = h.map(u, v)
                            guard sampler.contains(p.x, p.y, margin: 0) else { continue }
                            black += 1
                            if sampler.value(p.x, p.y) >= Double(saturatedLevel) - 10 { saturated += 1 }
                        }
                    }
                }
            }
        }
        return black > 0 ? Double(saturated) / Double(black) : 0
    }

    /// The share of the frame spanned by the box around every detection's quad.
    static func span(_ detections: [Detection], _ image: GrayImage) -> Double {
        let points = detections.flatMap(\.quad.corners)
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(),
            let maxY = points.map(\.y).max()
        else { return 0 }
        let width = min(Double(image.width), maxX) - max(0, minX), height = min(Double(image.height), maxY) - max(0, minY)
        return max(0, width) * max(0, height) / Double(max(1, image.width * image.height))
    }

    /// The gap from the quad to the nearest frame edge, in marker sizes.
    static func edgeGap(of quad: Quad, _ image: GrayImage) -> Double {
        let size = max(1, quad.area.squareRoot())
        var gap = Double.infinity
        for p in quad.corners {
            gap = min(gap, p.x, p.y, Double(image.width - 1) - p.x, Double(image.height - 1) - p.y)
        }
        return max(0, gap) / size
    }

    /// The frame's bright (99th percentile) and median gray levels and its share of saturated pixels, from a grid
    /// of pixels every ``levelStep(width:height:)`` columns and rows.
    static func levels(_ image: GrayImage) -> (bright: Double, median: Double, saturated: Double) {
        let step = levelStep(width: image.width, height: image.height)
        // Four histograms filled in turn and added up: neighbouring pixels of a flat area fall in the same bin, and
        // one histogram would make each count wait for the one before.
        var partial = [Int](repeating: 0, count: 4 * 256)
        var total = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            partial.withUnsafeMutableBufferPointer { partial in
                guard let pixels = pixels.baseAddress, let partial = partial.baseAddress else { return }
                let width = image.width
                var y = 0
                while y < image.height {
                    let row = pixels + y * width
                    var x = 0
                    while x + 3 * step < width {
                        partial[Int(row[x])] += 1
                        partial[256 + Int(row[x + step])] += 1
                        partial[512 + Int(row[x + 2 * step])] += 1
                        partial[768 + Int(row[x + 3 * step])] += 1
                        x += 4 * step
                    }
                    while x < width {
                        partial[Int(row[x])] += 1
                        x += step
                    }
                    total += (width + step - 1) / step
                    y += step
                }
            }
        }
        var counts = [Int](repeating: 0, count: 256)
        for value in 0..<256 {
            let low: Int = partial[value] + partial[256 + value]
            counts[value] = low + partial[512 + value] + partial[768 + value]
        }
        guard total > 0 else { return (0, 0, 0) }
        func level(reached share: Double) -> Double {
            var seen = 0
            for value in stride(from: 255, through: 0, by: -1) {
                seen += counts[value]
                if Double(seen) >= share * Double(total) { return Double(value) }
            }
            return 0
        }
        let saturated = counts[Int(saturatedLevel)...].reduce(0, +)
        return (level(reached: 0.01), level(reached: 0.5), Double(saturated) / Double(total))
    }

    /// The columns and rows between the pixels the levels are counted from: every second one, or fewer in a large
    /// frame, so that about 30,000 pixels or more are counted (a 1280 x 720 frame: every fifth, 36,864; the 1%
    /// brightest of them are still 368 pixels).
    static func levelStep(width: Int, height: Int) -> Int {
        max(2, Int((Double(max(0, width) * max(0, height)) / 30_000).squareRoot()))
    }
}
