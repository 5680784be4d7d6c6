import CardBotGeometry
import CardBotSynth
import Foundation
import Testing

@testable import CardBotVision

/// Frames of at least `DetectorOptions.binnedSearchSide` rows searched on their copy binned 2x2, the markers found
/// refined and read on the frame itself.
@Suite("Detector: large frames searched binned")
struct DetectorBinnedSearchTests {
    @Test(
        "a 3840x2160 frame searched binned reads every card the full-size search reads, nothing wrong, corners as close",
        arguments: [SynthDifficulty.easy, .hard, .polka])
    func fourK(_ difficulty: SynthDifficulty) throws {
        // The same frames, rendered once, searched binned (the default) and at full size.
        let tallies = try DetectorTestSupport.run(
            difficulty: difficulty, count: 5, seed: 1, width: 3840, height: 2160,
            options: [DetectorOptions(), DetectorOptions(binnedSearchSide: 0)])
        let (binned, full) = (tallies[0], tallies[1])
        print("\(difficulty) 4K binned: \(binned.found) of \(binned.visible), corners \(binned.meanCornerError) px; full size: \(full.found), \(full.meanCornerError) px")
        #expect(binned.visible >= 20)
        #expect(binned.wrong == 0, "\(binned.failures.prefix(5))")
        #expect(binned.found >= full.found, "\(binned.failures.prefix(5))")
        #expect(binned.recall >= 0.97)
        #expect(binned.meanCornerError <= full.meanCornerError + 0.05)
    }

    @Test("the binned copy is each 2x2 block's rounded mean, an odd last row and column dropped", arguments: [
        (64, 48), (65, 49), (70, 31),
    ])
    func binning(width: Int, height: Int) {
        let pixels = CellThresholdsTests.frame(width: width, height: height, seed: UInt64(width + height))
        let copy = HalfResolution()
        pixels.withUnsafeBufferPointer { copy.make(binning: $0.baseAddress!, width: width, height: height) }
        #expect(copy.width == width / 2 && copy.height == height / 2)
        var mismatches = 0
        for y in 0..<(height / 2) {
            for x in 0..<(width / 2) {
                let sum = [(0, 0), (1, 0), (0, 1), (1, 1)].reduce(0) {
                    $0 + Int(pixels[(2 * y + $1.1) * width + 2 * x + $1.0])
                }
                if Int(copy.pixels[y * (width / 2) + x]) != (sum + 2) / 4 { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("a copy's pixel maps to the centre of the block of the frame it covers")
    func fullCoordinates() {
        #expect(HalfResolution.full(ImagePoint(x: 0, y: 0), scale: 2) == ImagePoint(x: 0.5, y: 0.5))
        #expect(HalfResolution.full(ImagePoint(x: 3, y: 1), scale: 4) == ImagePoint(x: 13.5, y: 5.5))
    }

    @Test("a quad grown by a margin has each side moved out by it, whatever its turn")
    func grown() {
        let square = [ImagePoint(x: 10, y: 10), ImagePoint(x: 30, y: 10), ImagePoint(x: 30, y: 30), ImagePoint(x: 10, y: 30)]
        let bigger = MarkerDetector.grown(square, by: 1)
        let expected = [ImagePoint(x: 9, y: 9), ImagePoint(x: 31, y: 9), ImagePoint(x: 31, y: 31), ImagePoint(x: 9, y: 31)]
        for (corner, want) in zip(bigger, expected) { #expect(corner.distance(to: want) < 1e-9) }
        // Turned the other way round and by 30 degrees: every side 2 px longer, the centre kept.
        let turned = square.reversed().map { p -> ImagePoint in
            let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
            return ImagePoint(x: c * p.x - s * p.y, y: s * p.x + c * p.y)
        }
        let grownTurned = MarkerDetector.grown(Array(turned), by: 1)
        for i in 0..<4 {
            #expect(abs(grownTurned[i].distance(to: grownTurned[(i + 1) % 4]) - 22) < 1e-9)
        }
        #expect(Quad(grownTurned).center.distance(to: Quad(Array(turned)).center) < 1e-9)
    }
}
