// The capture check's thresholds, measured: the reader's recall against each thing `cardbot check` judges, on the
// synthesizer's difficulty sets, with the one thing under test pushed past the set's range (release build):
//   swift run -c release --package-path Benchmarks capture-calibration [--count 16] [--seed 1] [--only size,blur,...]
// Each scene is one of `cardbot synth frames --difficulty D` (SceneGenerator, 1280x720, the same seeds), changed in
// one setting, rendered and JPEG-compressed at the scene's own quality, and read by the same detector and
// measures `check` uses (CaptureMeter). A card counts when its marker lies wholly in the frame (covered or not);
// it is read when a detection of its marker has its centre inside the card's true quad.
import CardBotGeometry
import CardBotImaging
import CardBotSynth
import CardBotVision
import Foundation

let arguments = CommandLine.arguments
func option(_ name: String, _ fallback: String) -> String {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
    return arguments[index + 1]
}
let count = Int(option("--count", "16")) ?? 16
let seed = UInt64(option("--seed", "1")) ?? 1
let only = Set(option("--only", "size,blur,dark,bright,noise,dimnoise,glare,tilt,edge").split(separator: ",").map(String.init))
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let deck = try Deck.load(root.appendingPathComponent("Cards/deck.json").path)
let faces: [CardFace] = deck.cards.filter { $0.name != Deck.goCardName && $0.code != nil }.enumerated().map { index, card in
    let code = card.code!
    return CardFace(
        id: card.marker, gridSize: code.size, isWhite: code.isWhite, title: card.title, accent: CardFace.accent(forIndex: index))
}
let renderer = FrameRenderer()
let meter = CaptureMeter(deck: deck)

/// One rendered, compressed and measured frame, with which of its countable cards were read.
struct Sample {
    var capture: FrameCapture
    /// Per countable card: its true quad, size, and whether it was read.
    var cards: [(quad: Quad, size: Double, read: Bool, tilt: Double, glare: Double)]
    var cut: Bool
    var gray: GrayImage
}

@MainActor func sample(_ difficulty: SynthDifficulty, index: Int, change: (inout SynthScene) -> Void) -> Sample {
    let generator = try! SceneGenerator(faces: faces, options: SceneOptions(difficulty: difficulty))
    var scene = generator.scene(seed: seed, index: index)
    change(&scene)
    let frame = renderer.render(scene)
    let bytes = try! JPEGCodec.encode(frame.rgb, quality: scene.effects.jpegQuality)
    let gray = try! bytes.withUnsafeBytes { try JPEGCodec.decodeGray($0).0 }
    let capture = meter.measure(gray)
    var cards: [(Quad, Double, Bool, Double, Double)] = []
    var cut = false
    let detections = meter.detector.detect(gray)
    for card in frame.truth.cards {
        guard card.corners.count == 4 else { cut = true; continue }
        if card.reason == .outside { cut = true; continue }
        let quad = Quad(card.corners)
        let read = detections.contains { $0.marker == card.id && quad.contains($0.quad.center) }
        cards.append((quad, quad.area.squareRoot(), read, CaptureMeter.tilt(of: quad), CaptureMeter.glare(on: quad, code: deck.card(marker: card.id)?.code, in: gray)))
    }
    return Sample(capture: capture, cards: cards, cut: cut, gray: gray)
}

func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}
func show(_ value: Double?, _ digits: Int = 2) -> String { value.map { String(format: "%.\(digits)f", $0) } ?? "-" }
func recall(_ cards: [Bool]) -> String {
    cards.isEmpty ? "-" : String(format: "%.3f (%d/%d)", Double(cards.filter { $0 }.count) / Double(cards.count), cards.filter { $0 }.count, cards.count)
}

/// Runs `levels` of one setting on `count` scenes of `difficulty` and prints recall per level.
@MainActor func sweep(_ title: String, _ difficulty: SynthDifficulty, _ levels: [Double], columns: String,
           change: @escaping (inout SynthScene, Double) -> Void, row: ([Sample]) -> String) {
    print("\n## \(title) (difficulty \(difficulty.rawValue), \(count) frames a level, seed \(seed))")
    print("level | \(columns)")
    for level in levels {
        let samples = (0..<count).map { index in sample(difficulty, index: index) { change(&$0, level) } }
        print("\(show(level)) | \(row(samples))")
    }
}

/// Per-card bins of a value: recall in each.
func bins(_ title: String, _ samples: [Sample], edges: [Double], value: (Quad, Double, Bool, Double, Double) -> Double) {
    print("\n### \(title): recall by bin")
    let all = samples.flatMap(\.cards)
    for i in 0..<(edges.count - 1) {
        let inBin = all.filter { let v = value($0.quad, $0.size, $0.read, $0.tilt, $0.glare); return v >= edges[i] && v < edges[i + 1] }
        print("[\(show(edges[i])), \(show(edges[i + 1]))) | \(recall(inBin.map(\.read)))")
    }
}

let markerMM = CardDesign.standard.markerSize
if only.contains("size") {
    for difficulty in [SynthDifficulty.easy, .hard] {
        var all: [Sample] = []
        sweep("card size", difficulty, [9, 11, 13, 15, 17, 19, 22, 26], columns: "recall | median true size | median measured size") {
            scene, target in
            scene.camera.distance = scene.camera.focalLength * markerMM * cos(scene.camera.tilt).squareRoot() / target
        } row: { samples in
            all += samples
            let measured = samples.flatMap { $0.capture.cards.map(\.size) }
            return "\(recall(samples.flatMap { $0.cards.map(\.read) })) | \(show(median(samples.flatMap { $0.cards.map(\.size) }))) | \(show(median(measured)))"
        }
        bins("card size (\(difficulty.rawValue))", all, edges: [6, 8, 10, 12, 14, 16, 18, 20, 22, 25, 30, 40]) { _, size, _, _, _ in size }
    }
}
if only.contains("blur") {
    sweep("motion blur", .motionBlur, [0, 3, 6, 9, 12, 15, 18, 22, 26], columns: "recall | median measured smear (cells) | median size | frames with a card") {
        scene, length in scene.effects.motionLength = length
    } row: { samples in
        let smears = samples.compactMap { frame in median(frame.capture.cards.compactMap(\.smear)) }
        return "\(recall(samples.flatMap { $0.cards.map(\.read) })) | \(show(median(smears))) | \(show(median(samples.flatMap { $0.cards.map(\.size) }))) | \(smears.count)"
    }
}
if only.contains("dark") {
    sweep("dark", .dim, [0.03, 0.05, 0.07, 0.1, 0.13, 0.17, 0.22, 0.3, 0.4], columns: "recall | median bright level | median noise") {
        scene, exposure in scene.lighting.exposure = exposure
    } row: { samples in
        "\(recall(samples.flatMap { $0.cards.map(\.read) })) | \(show(median(samples.map(\.capture.brightLevel)), 0)) | \(show(median(samples.map(\.capture.noise)), 1))"
    }
}
if only.contains("bright") {
    sweep("bright", .easy, [1, 1.3, 1.6, 2, 2.5, 3, 4, 6], columns: "recall | median saturated share | median bright level | median card glare") {
        scene, exposure in scene.lighting.exposure = exposure
    } row: { samples in
        "\(recall(samples.flatMap { $0.cards.map(\.read) })) | \(show(median(samples.map(\.capture.saturated)), 3)) | \(show(median(samples.map(\.capture.brightLevel)), 0)) | \(show(median(samples.flatMap { $0.capture.cards.map(\.glare) }), 3))"
    }
}
if only.contains("noise") {
    sweep("noise", .easy, [2, 5, 8, 12, 16, 20, 25, 30, 40], columns: "recall | median measured noise") {
        scene, noise in scene.effects.noise = noise
    } row: { samples in
        "\(recall(samples.flatMap { $0.cards.map(\.read) })) | \(show(median(samples.map(\.capture.noise)), 1))"
    }
}
if only.contains("dimnoise") {
    sweep("noise in a dim room (exposure 0.2)", .dim, [5, 10, 15, 20, 30, 40, 60], columns: "recall | median measured noise | median bright level") {
        scene, noise in
        scene.lighting.exposure = 0.2
        scene.effects.noise = noise
    } row: { samples in
        "\(recall(samples.flatMap { $0.cards.map(\.read) })) | \(show(median(samples.map(\.capture.noise)), 1)) | \(show(median(samples.map(\.capture.brightLevel)), 0))"
    }
}
if only.contains("glare") {
    var all: [Sample] = []
    sweep("glare", .glare, [1.6, 2.5, 4, 8], columns: "recall | median glare of cards") { scene, peak in
        if scene.lighting.highlight != nil { scene.lighting.highlight!.peak = peak }
    } row: { samples in
        all += samples
        return "\(recall(samples.flatMap { $0.cards.map(\.read) })) | \(show(median(samples.flatMap { $0.cards.map(\.glare) }), 3))"
    }
    bins("glare share of a card", all, edges: [0, 0.001, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2, 0.3, 1.01]) { _, _, _, _, glare in glare }
}
if only.contains("tilt") {
    var all: [Sample] = []
    sweep("tilt", .steep, [0, 30, 45, 55, 62, 68, 72, 76, 80], columns: "recall | median tilt of cards (true quads) | median measured tilt") {
        scene, degrees in scene.camera.tilt = degrees * Double.pi / 180
    } row: { samples in
        all += samples
        return "\(recall(samples.flatMap { $0.cards.map(\.read) })) | \(show(median(samples.flatMap { $0.cards.map(\.tilt) }), 1)) | \(show(median(samples.flatMap { $0.capture.cards.map(\.tilt) }), 1))"
    }
    bins("tilt (degrees, true quads)", all, edges: [0, 20, 40, 50, 60, 65, 70, 75, 80, 90]) { _, _, _, tilt, _ in tilt }
}
if only.contains("edge") {
    print("\n## cards cut by the frame edge (partly-outside and easy, \(count) frames each, seed \(seed))")
    let samples = (0..<count).flatMap { index in
        [sample(.partlyOutside, index: index) { _ in }, sample(.easy, index: index) { _ in }]
    }
    let cutFrames = samples.filter(\.cut), whole = samples.filter { !$0.cut }
    print("frames with a card cut: \(cutFrames.count), with every card whole: \(whole.count)")
    print("gap (marker sizes) | cut frames flagged | whole frames flagged")
    func gap(_ s: Sample) -> Double { s.capture.cards.map(\.edgeGap).min() ?? 0 }
    for threshold in [0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0] {
        let flaggedCut = cutFrames.filter { gap($0) < threshold }.count, flaggedWhole = whole.filter { gap($0) < threshold }.count
        print("\(show(threshold)) | \(flaggedCut)/\(cutFrames.count) | \(flaggedWhole)/\(whole.count)")
    }
}
