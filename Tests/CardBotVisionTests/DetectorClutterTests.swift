import CardBotImaging
import CardBotVision
import Testing

/// Whole frames of `Benchmarks/clutter_bench.py` (cluttered cloths drawn by OpenCV, not by CardBot's synthesizer)
/// on which clutter once read as a card, and the frame whose real card a rule against those must still read.
@Suite("Detector: clutter that read as cards")
struct DetectorClutterTests {
    @Test(
        "no card is read but the frame's own, and the card a rule was checked against is read",
        arguments: [
            // A worksheet's text lines over its map grid, 37 x 12 px, that a convex hull wrapped: card 17 (seed 21).
            ("floral-1016.jpg", [2, 4, 5], [2, 4, 5]),
            // A worksheet's map grid, three light grid lines across the hull's ring: card 17 (seed 21).
            ("stripes-0765.jpg", [7, 13], [7, 13]),
            // A 5x5 marker of another family on a striped cloth, read locally with 9 mixed cells: card 2 (seed 21).
            ("stripes-1092.jpg", [2, 6, 9], [2, 6, 9]),
            // A 12 px card 9 touching a polka dot, read locally with 6 mixed cells (seed 23). Card 14, as small and
            // touching a dot as well, is not read, and was not before these rules.
            ("polka-1485.jpg", [5, 9, 12, 14], [9]),
        ])
    func frame(file: String, onTable: [Int], mustRead: [Int]) throws {
        var reader = ImageReader()
        let image = try reader.readGray(DeckTestSupport.packageRoot + "/Tests/CardBotVisionTests/Resources/clutter/" + file)
        let read = MarkerDetector(deck: DeckTestSupport.defaultDeck).detect(image).map(\.marker)
        #expect(read.filter { !onTable.contains($0) } == [])
        #expect(Set(mustRead).isSubset(of: read))
        #expect(read.count == Set(read).count)
    }
}
