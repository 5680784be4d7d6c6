import CardBotGeometry
import CardBotImaging
import CardBotSynth
import CardBotVision
import Testing

/// The matching of smeared markers and its corner searches are bounded per frame: the candidates with the most light
/// inside are matched first and the best fits searched first, the rest are left unread, and the reading says so.
@Suite("Detector: the budgets of the matching of smeared markers")
struct DetectorSearchBudgetTests {
    /// Motion-blur frame 8 of seed 1 at 1280x720 (the benchmark's `motion-blur/frame-0008.jpg`): one of its two
    /// cards 17 is read only after its corners are searched.
    static func frame() throws -> (GrayImage, FrameTruth) {
        let generator = try SceneGenerator(
            faces: DetectorTestSupport.faces(of: DeckTestSupport.defaultDeck),
            options: SceneOptions(width: 1280, height: 720, difficulty: .motionBlur))
        return try DetectorTestSupport.frame(generator.scene(seed: 1, index: 7), renderer: FrameRenderer())
    }

    /// The cards found at their own places, and the detections that are wrong.
    static func tally(_ found: [Detection], truth: FrameTruth) -> (right: Int, wrong: Int) {
        var right = 0, wrong = 0
        for detection in found {
            let center = detection.quad.center
            if truth.cards.contains(where: { Quad($0.corners).contains(center) && $0.id == detection.marker }) {
                right += 1
            } else {
                wrong += 1
            }
        }
        return (right, wrong)
    }

    @Test("a card that only a corner search reads is read within the default budget, and lost without searches")
    func searchedCard() throws {
        let (image, truth) = try Self.frame()
        let detector = MarkerDetector(deck: DeckTestSupport.defaultDeck)
        let found = detector.detect(image)
        #expect(detector.skippedSearches == 0)
        let withSearches = Self.tally(found, truth: truth)
        #expect(withSearches.wrong == 0)
        #expect(found.filter { $0.marker == 17 }.count == 2, "\(found.map(\.marker))")

        let unsearched = MarkerDetector(
            deck: DeckTestSupport.defaultDeck, options: DetectorOptions(cornerSearchBudget: 0))
        let fewer = unsearched.detect(image)
        #expect(unsearched.skippedSearches >= 1)
        let withoutSearches = Self.tally(fewer, truth: truth)
        #expect(withoutSearches.wrong == 0)
        #expect(withoutSearches.right == withSearches.right - 1, "\(fewer.map(\.marker))")
        // The count is per frame: a frame without smeared shapes skips none.
        _ = unsearched.detect(GrayImage(width: 64, height: 64, fill: 200))
        #expect(unsearched.skippedSearches == 0)
    }

    @Test("a smeared gingham cloth's candidates beyond the budget are left unread, and its cards are still read")
    func smearedCloth() throws {
        // 1280x720, seed 31 of `clutter_bench.py --motion-blur`: cards 12 and 7 on the table, and about a hundred quads
        // with light inside that no cell reading took, none a card (177 with a mean per pixel for the threshold; with
        // the means on cells of 2x2 pixels, 87 are left beyond the budget).
        let image = try DetectorTestSupport.clutterFrame("smeared-gingham-0633.jpg")
        let detector = MarkerDetector(deck: DeckTestSupport.defaultDeck)
        let found = detector.detect(image).map(\.marker)
        #expect(found.sorted() == [7, 12], "\(found)")
        #expect(detector.skippedSearches > 50, "\(detector.skippedSearches)")

        let unbounded = MarkerDetector(
            deck: DeckTestSupport.defaultDeck,
            options: DetectorOptions(cornerSearchBudget: 1000, smearMatchingBudget: 1000))
        #expect(unbounded.detect(image).map(\.marker).sorted() == [7, 12])
        #expect(unbounded.skippedSearches == 0)
    }

    @Test("a card that only the matching of smeared markers reads is lost when the frame's matchings are spent")
    func matchedCard() throws {
        let (image, truth) = try Self.frame()
        let full = Self.tally(MarkerDetector(deck: DeckTestSupport.defaultDeck).detect(image), truth: truth)
        let unmatched = MarkerDetector(
            deck: DeckTestSupport.defaultDeck, options: DetectorOptions(smearMatchingBudget: 0))
        let without = Self.tally(unmatched.detect(image), truth: truth)
        #expect(unmatched.skippedSearches >= 1)
        #expect(without.wrong == 0)
        #expect(without.right < full.right, "\(without.right) of \(full.right)")
    }

    @Test("a frame whose budget ran out says so: a warning and searchesSkipped in its JSON")
    func readingSaysSo() throws {
        let (image, _) = try Self.frame()
        let full = FrameAnalyzer(deck: DeckTestSupport.defaultDeck).analyze(image, file: "frame-0008.jpg")
        #expect(full.skippedSearches == 0)
        #expect(full.warnings.isEmpty)
        #expect(!full.jsonLine.contains("searchesSkipped"))
        // A frame handed over in memory was not decoded here: no decodeMs.
        #expect(!full.jsonLine.contains("decodeMs"))

        let cut = FrameAnalyzer(deck: DeckTestSupport.defaultDeck, options: DetectorOptions(cornerSearchBudget: 0))
            .analyze(image, file: "frame-0008.jpg")
        #expect(cut.skippedSearches >= 1)
        #expect(cut.jsonLine.contains(",\"searchesSkipped\":\(cut.skippedSearches),\"ms\":"), "\(cut.jsonLine)")
        #expect(cut.warnings.count == 1)
        #expect(cut.warnings.first?.contains("not searched") == true, "\(cut.warnings)")
    }
}
