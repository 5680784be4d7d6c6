@testable import CardBotVision
import Testing

/// How many mixed cells a local reading may have (`MarkerDetector.localMixFits`): the cells one straight edge of
/// light crosses where cells are wider than the blur's reach, half the inner cells where they are not.
@Suite("Detector: mixed cells of a local reading")
struct LocalMixTests {
    private static func reading(mixed: Int) -> CellReader.Reading {
        CellReader.Reading(bits: 0, weakestMargin: 0.5, contrast: 150, mixedCells: mixed, unexplainedMixedCells: 0)
    }

    @Test("cells of 4 px and more: up to the 7 cells a straight edge crosses in a 4x4 grid", arguments: [4.0, 7.3, 12.0])
    func wideCells(side: Double) {
        for mixed in 0...7 {
            #expect(MarkerDetector.localMixFits(Self.reading(mixed: mixed), cellsAcross: 6, cellSide: side), "\(mixed)")
        }
        for mixed in 8...16 {
            #expect(!MarkerDetector.localMixFits(Self.reading(mixed: mixed), cellsAcross: 6, cellSide: side), "\(mixed)")
        }
    }

    @Test("cells narrower than 4 px, which blur mixes: up to half the inner cells", arguments: [2.0, 3.9])
    func narrowCells(side: Double) {
        #expect(MarkerDetector.localMixFits(Self.reading(mixed: 8), cellsAcross: 6, cellSide: side))
        #expect(!MarkerDetector.localMixFits(Self.reading(mixed: 9), cellsAcross: 6, cellSide: side))
    }

    @Test("a 5x5 grid (cellsAcross 7): 9 cells for one edge, 12 for half of 25")
    func largerGrid() {
        #expect(MarkerDetector.localMixFits(Self.reading(mixed: 9), cellsAcross: 7, cellSide: 6))
        #expect(!MarkerDetector.localMixFits(Self.reading(mixed: 10), cellsAcross: 7, cellSide: 6))
        #expect(MarkerDetector.localMixFits(Self.reading(mixed: 12), cellsAcross: 7, cellSide: 3))
        #expect(!MarkerDetector.localMixFits(Self.reading(mixed: 13), cellsAcross: 7, cellSide: 3))
    }
}
