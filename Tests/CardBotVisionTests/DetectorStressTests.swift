import CardBotImaging
import CardBotSynth
import CardBotVision
import Testing

/// Each of the synthesizer's stress conditions (what a classroom camera meets: motion blur, a dim room, a steep
/// view, shadow edges, glare, faded toner, close-cut cards, cards half out of view, pastel paper on a busy cloth,
/// printed tablecloths of dots, checks, flowers and stripes, other square things beside the cards, the smallest
/// markers in soft focus or strongly compressed) on a small fixed set: a recall floor below what the detector
/// reaches there, and never a wrong card. The figures against OpenCV and AprilTag live in
/// Benchmarks/vision_bench.py, not here.
@Suite("Detector: stress conditions")
struct DetectorStressTests {
    /// The least share of visible cards to find, per condition, on 16 frames of seed 31.
    static let floors: [(SynthDifficulty, Double)] = [
        (.motionBlur, 0.84), (.dim, 0.95), (.steep, 0.97), (.shadowEdge, 0.95), (.glare, 0.92), (.faded, 0.97),
        (.closeCut, 0.97), (.partlyOutside, 0.97), (.pastel, 0.97), (.polka, 0.97), (.gingham, 0.97), (.floral, 0.97),
        (.stripes, 0.97), (.clutter, 0.97), (.smallBlurred, 0.9), (.smallJPEG, 0.95),
    ]

    @Test("every stress condition has a floor here")
    func everyConditionCovered() {
        #expect(Set(Self.floors.map(\.0)) == Set(SynthDifficulty.stressConditions))
    }

    @Test("stress condition: recall floor and no wrong card", arguments: floors)
    func condition(_ difficulty: SynthDifficulty, floor: Double) throws {
        let tally = try DetectorTestSupport.run(difficulty: difficulty, count: 16, seed: 31)
        print("\(difficulty.rawValue): recall \(tally.recall) of \(tally.visible), wrong \(tally.wrong), exact \(tally.exactRate)")
        #expect(tally.visible > 40)
        #expect(tally.wrong == 0, "\(tally.failures.prefix(5))")
        #expect(tally.recall >= floor, "\(tally.failures.prefix(5))")
    }

    @Test(
        "DICT_6X6_250 markers smeared by motion blur or seen steeply are never read as cards (blur-explained mixed cells)",
        arguments: [SynthDifficulty.motionBlur, .steep])
    func foreignUnderStress(_ difficulty: SynthDifficulty) throws {
        let generator = try SceneGenerator(
            faces: DetectorForeignMarkerTests.foreignFaces(),
            options: SceneOptions(width: 960, height: 540, cards: 8, difficulty: difficulty))
        let renderer = FrameRenderer()
        let detector = MarkerDetector(deck: DeckTestSupport.defaultDeck)
        var markers = 0
        var wrong: [String] = []
        for index in 0..<30 {
            let (image, truth) = try DetectorTestSupport.frame(generator.scene(seed: 32, index: index), renderer: renderer)
            markers += truth.visible.count
            for detection in detector.detect(image) { wrong.append("frame \(index): read \(detection.name)") }
        }
        #expect(markers > 150)
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
