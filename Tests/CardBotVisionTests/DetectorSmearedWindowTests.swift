import CardBotGeometry
import CardBotImaging
@testable import CardBotVision
import Testing

/// The matching of smeared markers also matches the squares that are no card (a dark square with one light window),
/// which a card must lead (`DetectorClutterTests` has smeared black squares it refuses); smeared cards 17, one light
/// 2x2 block by the ring and so the card nearest those squares, are still read.
@Suite("Detector: smeared markers against squares that are no card")
struct DetectorSmearedWindowTests {
    /// The smears: `DetectorMotionBlurTests.smears` (36 to 42 px markers smeared about two cells) and smaller
    /// markers (24 to 30 px, cells of 4 to 5 px) smeared one and a half to two and a half cells.
    static let smears = DetectorMotionBlurTests.smears + [
        (24, 5, 8, 90), (26, -20, 10, 60), (28, 12, 9, 0), (30, 35, 12, 100), (27, -5, 11, 150),
    ]

    /// The matching's fit of the marker at `corners` in `image`, after the corner search when the plain fit is not
    /// clear, and whether the detector accepts it (as `MarkerDetector.readBlurred` does).
    static func accepted(_ image: GrayImage, corners: [ImagePoint]) -> (match: BlurredCodeMatcher.Match?, accepted: Bool) {
        image.pixels.withUnsafeBufferPointer { pixels in
            let sampler = GraySampler(pixels: pixels.baseAddress!, width: image.width, height: image.height)
            var matcher = BlurredCodeMatcher(book: CodeBook(deck: DeckTestSupport.defaultDeck))
            guard
                let blur = MotionBlurEstimate.settle(
                    Homography(unitSquareOnto: corners[0], corners[1], corners[2], corners[3])!, sampler: sampler,
                    cellsAcross: 6, minimumStep: 12, minimumSmear: 0.75),
                let placed = Homography(
                    unitSquareOnto: blur.corners[0], blur.corners[1], blur.corners[2], blur.corners[3]),
                let plain = matcher.match(placed, sampler: sampler, blur: blur)
            else { return (nil, false) }
            if plain.isClear(minimumContrast: 12) { return (plain, true) }
            guard plain.correlation >= BlurredCodeMatcher.searchFloor else { return (plain, false) }
            let (searched, _, _) = matcher.searchCorners(from: plain, corners: blur.corners, sampler: sampler, blur: blur)
            return (
                searched,
                searched.isClear(minimumContrast: 12) && searched.lead >= BlurredCodeMatcher.minimumSearchedLead
            )
        }
    }

    @Test("the squares that are no card are every one-window pattern but the deck's own codes")
    func decoysAreWindows() {
        let matcher = BlurredCodeMatcher(book: CodeBook(deck: DeckTestSupport.defaultDeck))
        // 100 rectangles of a 4x4 grid and the all-black square, less card 17's own 2x2 block in its four turns.
        #expect(BlurredCodeMatcher.windowCodes(gridSize: 4).count == 101)
        #expect(matcher.decoys.count == 97)
        let card17 = DeckTestSupport.defaultDeck.cards[17].code!.bits
        #expect(!matcher.decoys.contains(card17))
        // A black square with a light 2x2 centre, and the all-black one.
        #expect(matcher.decoys.contains(0b0000_0110_0110_0000))
        #expect(matcher.decoys.contains(0))
    }

    @Test("smeared cards 17 lead the squares that are no card, and are read")
    func card17Read() {
        for (number, smear) in Self.smears.enumerated() {
            let (image, corners) = DetectorMotionBlurTests.smearedCard(
                17, side: smear.side, degrees: smear.degrees, length: smear.length, smearDegrees: smear.smearDegrees)
            let result = Self.accepted(image, corners: corners)
            #expect(result.accepted && result.match?.card == 17, "smear \(number): \(String(describing: result.match))")
            #expect(
                (result.match?.decoyLead ?? 0) >= BlurredCodeMatcher.minimumDecoyLead,
                "smear \(number): \(String(describing: result.match))")
        }
    }
}
