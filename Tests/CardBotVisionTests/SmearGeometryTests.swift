import CardBotGeometry
import CardBotImaging
@testable import CardBotVision
import Testing

/// The matching of smeared markers keeps the geometry of its last two smears (`SmearGeometry`): a fit must come out
/// the same, to the last bit, whatever the matcher fitted before.
@Suite("Smear geometry kept between fits")
struct SmearGeometryTests {
    /// A fit's figures, to compare two fits exactly.
    static func figures(_ match: BlurredCodeMatcher.Match?) -> [Double] {
        guard let match else { return [] }
        return [
            Double(match.card), Double(match.quarterTurns), match.correlation, match.runnerUp, match.residual,
            match.contrast, Double(match.samples), match.decoy, match.downSign,
        ]
    }

    /// The smeared cards of `DetectorMotionBlurTests`, each fitted with both signs of its smear, with one of the
    /// signs only, and after a corner search: by `matcher`, or with `fresh`, each fit by a new matcher.
    static func fits(_ matcher: inout BlurredCodeMatcher, fresh: Bool = false, order: [Int]) -> [Int: [[Double]]] {
        let book = CodeBook(deck: DeckTestSupport.defaultDeck)
        let cases = DetectorMotionBlurTests.smearedCards()
        var result: [Int: [[Double]]] = [:]
        for number in order {
            let (_, _, image, corners) = cases[number]
            result[number] = image.pixels.withUnsafeBufferPointer { pixels in
                let sampler = GraySampler(pixels: pixels.baseAddress!, width: image.width, height: image.height)
                guard
                    let blur = MotionBlurEstimate.settle(
                        Homography(unitSquareOnto: corners[0], corners[1], corners[2], corners[3])!, sampler: sampler,
                        cellsAcross: 6, minimumStep: 12, minimumSmear: 0.75),
                    let placed = Homography(
                        unitSquareOnto: blur.corners[0], blur.corners[1], blur.corners[2], blur.corners[3])
                else { return [] }
                if fresh { matcher = BlurredCodeMatcher(book: book) }
                let both = matcher.match(placed, sampler: sampler, blur: blur)
                if fresh { matcher = BlurredCodeMatcher(book: book) }
                let oneSign = matcher.match(placed, sampler: sampler, blur: blur, downSign: -1)
                var searched: BlurredCodeMatcher.Match?
                if let both {
                    if fresh { matcher = BlurredCodeMatcher(book: book) }
                    searched = matcher.searchCorners(from: both, corners: blur.corners, sampler: sampler, blur: blur).match
                }
                return [figures(both), figures(oneSign), figures(searched)]
            }
        }
        return result
    }

    @Test("every smeared card fits the same with a new matcher for each fit and with one that fitted the others first")
    func fitsDoNotDependOnWhatCameBefore() {
        let book = CodeBook(deck: DeckTestSupport.defaultDeck)
        let count = DetectorMotionBlurTests.smearedCards().count
        var scratch = BlurredCodeMatcher(book: book)
        let fresh = Self.fits(&scratch, fresh: true, order: Array(0..<count))
        var shared = BlurredCodeMatcher(book: book)
        let forwards = Self.fits(&shared, order: Array(0..<count))
        let backwards = Self.fits(&shared, order: Array((0..<count).reversed()))
        #expect(fresh.count == count)
        for number in 0..<count {
            let expected = fresh[number]!
            // Every case is a smeared card: each of its three fits is there.
            #expect(expected.count == 3 && expected.allSatisfy { !$0.isEmpty }, "case \(number)")
            #expect(forwards[number] == expected, "case \(number), after the cases before it")
            #expect(backwards[number] == expected, "case \(number), after the cases after it")
        }
    }
}
