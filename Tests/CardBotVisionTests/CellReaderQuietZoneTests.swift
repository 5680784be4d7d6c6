import CardBotGeometry
import CardBotImaging
@testable import CardBotVision
import Testing

/// The step from a marker's border ring out to the paper around it, on its darkest side.
@Suite("Cell reader: the quiet zone around a marker")
struct CellReaderQuietZoneTests {
    /// A 4x4 marker of card 17's code, 10 px a cell, its outer corner at (40, 40) of a 140 x 140 frame on a table of
    /// gray `table`, with `margin` px of white paper (225) around it on every side but those in `bare`; black is
    /// 30. `shade` darkens the right half of the frame by that factor (a shadow's edge through the marker).
    static func frame(table: Double, margin: Int, bare: Set<Int> = [], shade: Double = 1) -> (GrayImage, [ImagePoint]) {
        let cell = 10, origin = 40, across = 6
        let code = DeckTestSupport.defaultDeck.cards[17].code!
        var pixels = [UInt8](repeating: 0, count: 140 * 140)
        for y in 0..<140 {
            for x in 0..<140 {
                let u = x - origin, v = y - origin
                let size = across * cell
                var value = table
                if u >= 0, v >= 0, u < size, v < size {
                    let column = u / cell, row = v / cell
                    let ring = row == 0 || column == 0 || row == across - 1 || column == across - 1
                    value = !ring && code.isWhite(row: row - 1, column: column - 1) ? 225 : 30
                } else if u >= -margin, v >= -margin, u < size + margin, v < size + margin {
                    // The paper: bare sides (0 top, 1 right, 2 bottom, 3 left) show the table instead.
                    let side = v < 0 ? 0 : (u >= size ? 1 : (v >= size ? 2 : 3))
                    value = bare.contains(side) ? table : 225
                }
                if x >= 70 { value *= shade }
                pixels[y * 140 + x] = UInt8(value.rounded())
            }
        }
        let corners = [
            ImagePoint(x: 39.5, y: 39.5), ImagePoint(x: 99.5, y: 39.5), ImagePoint(x: 99.5, y: 99.5),
            ImagePoint(x: 39.5, y: 99.5),
        ]
        return (GrayImage(width: 140, height: 140, pixels: pixels), corners)
    }

    /// The marker's quiet zone's step, against the contrast of its reading against one threshold.
    static func step(_ image: GrayImage, corners: [ImagePoint]) throws -> Double? {
        try image.pixels.withUnsafeBufferPointer { pixels in
            let sampler = GraySampler(pixels: pixels.baseAddress!, width: image.width, height: image.height)
            var reader = CellReader(gridSize: 4, minimumContrast: 12, borderErrorRate: 0.15)
            let read = reader.read(corners, sampler: sampler)
            let reading = try #require(read)
            return reader.quietZoneStep(sampler: sampler, contrast: reading.contrast)
        }
    }

    @Test("a card's paper steps out by most of the contrast, on a dark table and at a shadow's edge")
    func paperAround() throws {
        let (image, corners) = Self.frame(table: 60, margin: 10)
        let step = try #require(try Self.step(image, corners: corners))
        #expect(step > 0.9, "\(step)")
        // A shadow's edge through the marker darkens ring and paper alike on its side.
        let (shaded, shadedCorners) = Self.frame(table: 60, margin: 10, shade: 0.45)
        let shadedStep = try #require(try Self.step(shaded, corners: shadedCorners))
        #expect(shadedStep > 0.3, "\(shadedStep)")
        #expect(shadedStep >= MarkerDetector.hullQuietZoneLimit)
    }

    @Test("a card cut close keeps its quiet zone; dark around one side does not")
    func closeCutAndBare() throws {
        // A quarter of a cell of paper and then a mid-gray table.
        let (close, closeCorners) = Self.frame(table: 120, margin: 3)
        let closeStep = try #require(try Self.step(close, corners: closeCorners))
        #expect(closeStep >= MarkerDetector.hullQuietZoneLimit, "\(closeStep)")
        // A dark table right against the ring on one side: what clutter that a hull wrapped looks like.
        let (bare, bareCorners) = Self.frame(table: 35, margin: 10, bare: [1])
        let bareStep = try #require(try Self.step(bare, corners: bareCorners))
        #expect(bareStep < MarkerDetector.hullQuietZoneLimit, "\(bareStep)")
    }

    @Test("a side whose band leaves the frame is not measured")
    func frameEdge() throws {
        // The marker moved up to the frame's top edge, so that its top band lies above the frame: only the other
        // three sides count. (Read there, clamped to the frame, the band would be the ring's own black.)
        let (image, corners) = Self.frame(table: 60, margin: 10)
        let raised = corners.map { ImagePoint(x: $0.x, y: $0.y - 40) }
        var shifted = [UInt8](repeating: 0, count: 140 * 140)
        for y in 0..<140 {
            for x in 0..<140 { shifted[y * 140 + x] = image.pixels[min(139, y + 40) * 140 + x] }
        }
        let step = try #require(try Self.step(GrayImage(width: 140, height: 140, pixels: shifted), corners: raised))
        #expect(step > 0.9, "\(step)")
    }
}
