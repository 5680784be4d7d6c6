import CardBotImaging
import CardBotSynth
import CardBotVision

/// Synthesized frames with ground truth, and how well a detector did on them.
enum DetectorTestSupport {
    /// A whole cluttered frame of `Benchmarks/clutter_bench.py` kept in `Resources/clutter`, in gray.
    static func clutterFrame(_ file: String) throws -> GrayImage {
        var reader = ImageReader()
        return try reader.readGray(DeckTestSupport.packageRoot + "/Tests/CardBotVisionTests/Resources/clutter/" + file)
    }

    /// The mean of `value` over 4x4 sample positions across pixel (`x`, `y`), whose top-left corner is at (x, y): the
    /// light a camera's pixel gathers over its area.
    static func pixelMean(x: Int, y: Int, _ value: (Double, Double) -> Double) -> Double {
        var sum = 0.0
        for sy in 0..<4 {
            for sx in 0..<4 { sum += value(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) }
        }
        return sum / 16
    }

    /// A deck's program cards as synthesizer faces (code cells, or the picture inside its border); the GO card is
    /// no program card, so scenes never lay it in a row.
    static func faces(of deck: Deck) -> [CardFace] {
        deck.cards.filter { $0.name != Deck.goCardName }.enumerated().map { index, card in
            if let code = card.code {
                return CardFace(
                    id: card.marker, gridSize: code.size, isWhite: code.isWhite, title: card.title,
                    accent: CardFace.accent(forIndex: index))
            }
            return CardFace(
                id: card.marker, marker: card.markerImage(side: 96), title: card.title,
                accent: CardFace.accent(forIndex: index))
        }
    }

    /// The gray frame as the detector sees it after the camera's JPEG compression, and its truth.
    static func frame(_ scene: SynthScene, renderer: FrameRenderer) throws -> (GrayImage, FrameTruth) {
        let frame = renderer.render(scene)
        let bytes = try JPEGCodec.encode(frame.rgb, quality: scene.effects.jpegQuality)
        return (try ImageReader.decodeGray(bytes), frame.truth)
    }

    /// Tallies of a detector's results against the truth.
    struct Tally {
        var frames = 0
        var visible = 0
        var found = 0
        var wrong = 0
        /// Frames with every visible card found, nothing wrong and the reading order exactly right.
        var exact = 0
        var cornerErrors: [Double] = []
        var failures: [String] = []

        var recall: Double { visible == 0 ? 1 : Double(found) / Double(visible) }
        var exactRate: Double { frames == 0 ? 1 : Double(exact) / Double(frames) }
        var meanCornerError: Double { cornerErrors.isEmpty ? 0 : cornerErrors.reduce(0, +) / Double(cornerErrors.count) }

        /// Scores one frame's detections (in reading order) against its truth.
        mutating func add(_ detections: [Detection], truth: FrameTruth, label: String) {
            frames += 1
            var matched = Set<Int>()
            var frameWrong = 0
            for detection in detections {
                let center = detection.quad.center
                let place = truth.cards.indices.first { index in
                    truth.cards[index].corners.count == 4 && Quad(truth.cards[index].corners).contains(center)
                }
                guard let place, truth.cards[place].id == detection.marker else {
                    frameWrong += 1
                    failures.append("\(label): wrong card \(detection.marker) at \(center)")
                    continue
                }
                matched.insert(place)
                if !truth.cards[place].hidden {
                    for (corner, expected) in zip(detection.corners, truth.cards[place].corners) {
                        cornerErrors.append(corner.distance(to: expected))
                    }
                }
            }
            let visibleCards = truth.cards.indices.filter { !truth.cards[$0].hidden }
            let frameFound = visibleCards.filter { matched.contains($0) }.count
            visible += visibleCards.count
            found += frameFound
            wrong += frameWrong
            // Truth lists cards in reading order; a partly covered card read all the same is no fault.
            let expected = truth.cards.indices.filter { !truth.cards[$0].hidden || matched.contains($0) }
                .map { truth.cards[$0].id }
            let read = detections.map(\.marker)
            if frameFound == visibleCards.count && frameWrong == 0 && read == expected {
                exact += 1
            } else {
                failures.append("\(label): read \(read), expected \(expected) (visible \(truth.visible))")
            }
        }
    }

    /// Renders `count` frames of `difficulty` and scores the detector on them.
    static func run(
        difficulty: SynthDifficulty, count: Int, seed: UInt64, width: Int = 1280, height: Int = 720,
        options: DetectorOptions = DetectorOptions()
    ) throws -> Tally {
        try run(difficulty: difficulty, count: count, seed: seed, width: width, height: height, options: [options])[0]
    }

    /// Renders `count` frames of `difficulty` once and scores a detector with each of `options` on them, in order.
    static func run(
        difficulty: SynthDifficulty, count: Int, seed: UInt64, width: Int = 1280, height: Int = 720,
        options: [DetectorOptions]
    ) throws -> [Tally] {
        let deck = DeckTestSupport.defaultDeck
        let generator = try SceneGenerator(
            faces: faces(of: deck), options: SceneOptions(width: width, height: height, difficulty: difficulty))
        let renderer = FrameRenderer()
        let detectors = options.map { MarkerDetector(deck: deck, options: $0) }
        var tallies = Array(repeating: Tally(), count: detectors.count)
        for index in 0..<count {
            let (image, truth) = try frame(generator.scene(seed: seed, index: index), renderer: renderer)
            for (slot, detector) in detectors.enumerated() {
                tallies[slot].add(
                    ReadingOrder.sequence(detector.detect(image)), truth: truth, label: "\(difficulty) #\(index)")
            }
        }
        return tallies
    }
}
