import Testing

@testable import CardBotVision

/// The outer contour of one component of a padded binary image.
@Suite("Contour tracer")
struct ContourTracerTests {
    /// A padded binary image of `width` x `height` pixels (a background border of one pixel) with `dark` set.
    static func image(width: Int, height: Int, dark: (Int, Int) -> Bool) -> [UInt8] {
        var binary = [UInt8](repeating: 0, count: (width + 2) * (height + 2))
        for y in 0..<height {
            for x in 0..<width where dark(x, y) { binary[(y + 1) * (width + 2) + x + 1] = 1 }
        }
        return binary
    }

    static func trace(_ binary: [UInt8], width: Int, from start: (Int32, Int32), maximumLength: Int = 10_000)
        -> [[Int32]]?
    {
        let xs = ScratchBuffer<Int32>(), ys = ScratchBuffer<Int32>()
        let traced = binary.withUnsafeBufferPointer {
            ContourTracer.trace(
                binary: $0.baseAddress!, stride: width + 2, x: start.0, y: start.1, maximumLength: maximumLength,
                xs: xs, ys: ys)
        }
        return traced ? (0..<xs.count).map { [xs[$0], ys[$0]] } : nil
    }

    @Test("a filled rectangle's outline, clockwise from its top-left pixel, each border pixel once")
    func rectangle() throws {
        let binary = Self.image(width: 20, height: 12) { x, y in (3...10).contains(x) && (2...7).contains(y) }
        let points = try #require(Self.trace(binary, width: 20, from: (3, 2)))
        #expect(points.count == 2 * (8 + 6) - 4)
        #expect(points[0] == [3, 2])
        #expect(points[1] == [4, 2])
        #expect(points.contains([10, 7]))
        #expect(points.allSatisfy { $0[0] == 3 || $0[0] == 10 || $0[1] == 2 || $0[1] == 7 })
        // Clockwise on screen (y down): the shoelace sum is positive.
        var area = 0
        for i in points.indices {
            let (a, b) = (points[i], points[(i + 1) % points.count])
            area += Int(a[0]) * Int(b[1]) - Int(b[0]) * Int(a[1])
        }
        #expect(area > 0)
    }

    @Test("a ring is followed round its outside, and a diagonal step joins 8-connected pixels")
    func ringAndDiagonal() throws {
        let ring = Self.image(width: 16, height: 16) { x, y in
            (2...11).contains(x) && (2...11).contains(y) && !((5...8).contains(x) && (5...8).contains(y))
        }
        let outline = try #require(Self.trace(ring, width: 16, from: (2, 2)))
        #expect(outline.count == 36)
        #expect(outline.allSatisfy { $0[0] == 2 || $0[0] == 11 || $0[1] == 2 || $0[1] == 11 })
        let diagonal = Self.image(width: 8, height: 8) { x, y in x == y && x < 5 }
        let steps = try #require(Self.trace(diagonal, width: 8, from: (0, 0)))
        // Down the diagonal and back up it.
        #expect(steps.count == 8)
        #expect(steps[4] == [4, 4])
    }

    @Test("a single pixel and an outline longer than allowed are refused")
    func refusals() {
        let dot = Self.image(width: 5, height: 5) { x, y in x == 2 && y == 2 }
        #expect(Self.trace(dot, width: 5, from: (2, 2)) == nil)
        let large = Self.image(width: 40, height: 40) { x, y in (1...30).contains(x) && (1...30).contains(y) }
        #expect(Self.trace(large, width: 40, from: (1, 1), maximumLength: 50) == nil)
        #expect(Self.trace(large, width: 40, from: (1, 1))?.count == 116)
    }
}
