import CardBotImaging
import Testing

@Suite("Drawing primitives")
struct DrawingTests {
    /// The number of pixels different from `background`.
    func inked(_ image: GrayImage, background: UInt8 = 0) -> Int {
        image.pixels.reduce(0) { $0 + ($1 != background ? 1 : 0) }
    }

    @Test("a rectangle on pixel boundaries fills exactly its pixels, anti-aliased or not", arguments: [false, true])
    func alignedRectangle(antialiased: Bool) {
        var image = GrayImage(width: 10, height: 10)
        image.fillPolygon(
            [ImagePoint(1.5, 2.5), ImagePoint(5.5, 2.5), ImagePoint(5.5, 6.5), ImagePoint(1.5, 6.5)], color: 200,
            antialiased: antialiased)
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2...5).contains(x) && (3...6).contains(y)
                #expect(image[x, y] == (inside ? 200 : 0), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("an edge through pixel centres half covers them")
    func halfCoveredEdge() {
        var image = GrayImage(width: 8, height: 8)
        image.fillPolygon([ImagePoint(3, -1), ImagePoint(9, -1), ImagePoint(9, 9), ImagePoint(3, 9)], color: 200)
        for y in 0..<8 {
            #expect(image[2, y] == 0)
            #expect(image[3, y] == 100)
            #expect(image[4, y] == 200)
        }
    }

    @Test(
        "anti-aliased coverage adds up to the polygon's area",
        arguments: [
            [ImagePoint(3.2, 4.7), ImagePoint(40.9, 10.1), ImagePoint(17.3, 35.6)],
            [ImagePoint(10.5, 3.3), ImagePoint(30.25, 12.8), ImagePoint(25.1, 38.2), ImagePoint(4.4, 21.7)],
            [ImagePoint(5, 5), ImagePoint(40, 5), ImagePoint(40, 40), ImagePoint(30, 12), ImagePoint(5, 40)],
        ])
    func coverageIsArea(polygon: [ImagePoint]) {
        var image = GrayImage(width: 48, height: 48)
        image.fillPolygon(polygon, color: 255)
        var area = 0.0
        for index in polygon.indices {
            let a = polygon[index]
            let b = polygon[(index + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        area = abs(area) / 2
        let covered = Double(image.pixels.reduce(0) { $0 + Int($1) }) / 255
        // Each edge pixel rounds to the nearest grey level; the sub-scanlines are exact to 1/16 of a row.
        #expect(abs(covered - area) < 0.01 * area, "covered \(covered), area \(area)")
    }

    @Test("a horizontal line of thickness 3 fills three rows and its length plus the caps")
    func thickLine() {
        var image = GrayImage(width: 20, height: 12)
        image.drawLine(from: ImagePoint(4, 5), to: ImagePoint(12, 5), color: 255, thickness: 3, antialiased: false)
        for y in 0..<12 {
            for x in 0..<20 {
                let inside = (4...6).contains(y) && (3...13).contains(x)
                #expect(image[x, y] == (inside ? 255 : 0), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("a diagonal line covers the pixels along it and nothing far from it")
    func diagonalLine() {
        var image = GrayImage(width: 30, height: 30)
        image.drawLine(from: ImagePoint(2, 2), to: ImagePoint(27, 27), color: 255, thickness: 2)
        for t in stride(from: 3, through: 26, by: 1) {
            #expect(image[t, t] == 255)
            #expect(image[t, min(29, t + 4)] == 0)
            #expect(image[min(29, t + 4), t] == 0)
        }
    }

    @Test("a stroked square outlines its edges and leaves inside and outside untouched")
    func strokedSquare() {
        var image = GrayImage(width: 30, height: 30)
        let square = [ImagePoint(5.3, 5.3), ImagePoint(24.3, 5.3), ImagePoint(24.3, 24.3), ImagePoint(5.3, 24.3)]
        image.strokePolygon(square, color: 255, thickness: 2, antialiased: false)
        // Bands from 4.3 to 6.3 around each edge: pixel centres 5 and 6 (and 24, 25 on the far sides).
        for t in 6...24 {
            #expect(image[t, 5] == 255 && image[t, 6] == 255)
            #expect(image[t, 24] == 255 && image[t, 25] == 255)
            #expect(image[5, t] == 255 && image[6, t] == 255)
            #expect(image[24, t] == 255 && image[25, t] == 255)
        }
        // Mitred corners are filled, the middle and the far outside are not.
        #expect(image[5, 5] == 255)
        #expect(image[25, 25] == 255)
        #expect(image[15, 15] == 0)
        #expect(image[8, 15] == 0)
        #expect(image[4, 4] == 0)
        #expect(image[28, 15] == 0)
    }

    @Test("a stroke with anti-aliasing never blends a pixel twice where pieces overlap")
    func strokeOverlapsOnce() {
        var image = GrayImage(width: 40, height: 40)
        let triangle = [ImagePoint(5.3, 30.2), ImagePoint(20.1, 4.6), ImagePoint(34.7, 31.9)]
        image.strokePolygon(triangle, color: 200, thickness: 3)
        #expect(image.pixels.max() == 200)
        #expect(image[20, 25] == 0)
    }

    @Test("a filled circle has the area of the disc", arguments: [3.0, 7.5, 15.2])
    func circleArea(radius: Double) {
        var image = GrayImage(width: 40, height: 40)
        let center = ImagePoint(19.3, 20.1)
        image.fillCircle(center: center, radius: radius, color: 255)
        let covered = Double(image.pixels.reduce(0) { $0 + Int($1) }) / 255
        let area = Double.pi * radius * radius
        #expect(abs(covered - area) < 0.01 * area + 0.5)
        #expect(image[19, 20] == 255)
        #expect(image[Int(center.x + radius + 1.5), 20] == 0)
    }

    @Test("a ring drawn with even-odd leaves its hole empty")
    func ring() {
        var image = GrayImage(width: 40, height: 40)
        image.strokeCircle(center: ImagePoint(20, 20), radius: 10, color: 255, thickness: 2)
        #expect(image[20, 20] == 0)
        #expect(image[30, 20] == 255)
        #expect(image[20, 10] == 255)
        #expect(image[20, 35] == 0)
    }

    @Test("rectangles are clipped to the image, even when entirely outside")
    func clipping() {
        var image = GrayImage(width: 10, height: 10)
        image.fillRectangle(x: -5, y: -5, width: 8, height: 8, color: 9)
        image.fillRectangle(x: 20, y: 20, width: 5, height: 5, color: 9)
        image.fillPolygon([ImagePoint(-50, -50), ImagePoint(-40, -50), ImagePoint(-45, -30)], color: 9)
        image.drawLine(from: ImagePoint(-100, 5), to: ImagePoint(100, 5), color: 7, thickness: 1, antialiased: false)
        #expect(inked(image) == 9 + 10)
        #expect(image[0, 0] == 9 && image[2, 2] == 9 && image[3, 3] == 0)
        #expect((0..<10).allSatisfy { image[$0, 5] == 7 })
    }

    @Test("RGB images take the same shapes in colour")
    func rgbShapes() {
        var image = RGBImage(width: 12, height: 12, fill: RGB(10, 20, 30))
        image.fillPolygon(
            [ImagePoint(1.5, 1.5), ImagePoint(4.5, 1.5), ImagePoint(4.5, 4.5), ImagePoint(1.5, 4.5)],
            color: RGB(200, 100, 50))
        #expect(image[2, 2] == RGB(200, 100, 50))
        #expect(image[4, 4] == RGB(200, 100, 50))
        #expect(image[5, 5] == RGB(10, 20, 30))
        image.fillCircle(center: ImagePoint(8, 8), radius: 2, color: RGB(0, 255, 0))
        #expect(image[8, 8] == RGB(0, 255, 0))
    }
}
