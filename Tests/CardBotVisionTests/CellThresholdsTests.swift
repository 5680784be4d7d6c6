import Foundation
import Testing

@testable import CardBotVision

/// The local threshold on cells of 2x2 pixels, against a direct computation, and the dark components it leaves.
@Suite("Cell thresholds and dark components")
struct CellThresholdsTests {
    /// A seeded frame of smooth light with dark blobs and noise: levels from 0 to 255, as a table under a lamp.
    static func frame(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let light = 60 + 150 * Double(x + y) / Double(width + height)
                let blob = (x / 9 + y / 7) % 5 == 0 ? -50.0 : 0
                let value = light + blob + Double(next() % 41 - 20)
                pixels[y * width + x] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        return pixels
    }

    /// The level of cell (i, j) computed directly: the pixels of the clipped square of cells summed one by one.
    static func directLevel(
        _ pixels: [UInt8], width: Int, height: Int, i: Int, j: Int, window: Int, offset: Int, share: Int
    ) -> Double {
        let radius = max(1, (window + 1) / 4)
        let cellsWide = width / 2, cellsHigh = height / 2
        var sum = 0, count = 0
        for cj in max(0, j - radius)...min(cellsHigh - 1, j + radius) {
            for ci in max(0, i - radius)...min(cellsWide - 1, i + radius) {
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    sum += Int(pixels[(2 * cj + dy) * width + 2 * ci + dx])
                    count += 1
                }
            }
        }
        let mean = Double(sum) / Double(count)
        return max(0, min(255, mean * Double(64 - share) / 64 - Double(offset)))
    }

    @Test("every cell's level is the ceiling of its window's mean less the offset and share", arguments: [
        (width: 64, height: 48, window: 15, offset: 3, share: 3),
        (width: 97, height: 61, window: 7, offset: 9, share: 0),
        (width: 120, height: 80, window: 31, offset: 5, share: 6),
    ])
    func levelsMatchDirectSums(width: Int, height: Int, window: Int, offset: Int, share: Int) {
        let pixels = Self.frame(width: width, height: height, seed: UInt64(width))
        let thresholds = CellThresholds()
        pixels.withUnsafeBufferPointer {
            thresholds.compute(
                $0.baseAddress!, width: width, height: height, window: window, offset: offset, share: share)
        }
        #expect(thresholds.cellsWide == width / 2 && thresholds.cellsHigh == height / 2)
        var checked = 0, mismatches: [String] = []
        for j in 0..<height / 2 {
            for i in 0..<width / 2 {
                let exact = Self.directLevel(
                    pixels, width: width, height: height, i: i, j: j, window: window, offset: offset, share: share)
                let level = Int(thresholds.row(2 * j)[2 * i])
                if thresholds.row(2 * j + 1)[2 * i + 1] != thresholds.row(2 * j)[2 * i] {
                    mismatches.append("cell (\(i), \(j)): its four pixels' levels differ")
                }
                // Single precision may round a value within a hair of a whole number either way.
                let nearWhole = abs(exact - exact.rounded()) < 1e-4
                if level != Int(exact.rounded(.up)) && !(nearWhole && abs(Double(level) - exact) <= 1) {
                    mismatches.append("cell (\(i), \(j)): \(level), expected \(exact.rounded(.up)) from \(exact)")
                }
                checked += 1
            }
        }
        #expect(checked == (width / 2) * (height / 2))
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("an odd last row and column take the last cells' levels")
    func oddEdgesShareTheLastCells() {
        let width = 9, height = 7
        let pixels = Self.frame(width: width, height: height, seed: 5)
        let thresholds = CellThresholds()
        pixels.withUnsafeBufferPointer {
            thresholds.compute($0.baseAddress!, width: width, height: height, window: 7, offset: 3, share: 3)
        }
        // Row 6 is the seventh: it shares the row of cells 5 and 6 belong to.
        #expect(thresholds.row(height - 1) == thresholds.row(height - 2))
        #expect(thresholds.row(0) != thresholds.row(height - 1))
        // Column 8 is the ninth: it takes cell 3's level, as columns 6 and 7 do.
        for y in 0..<height {
            let row = thresholds.row(y)
            #expect(row[width - 1] == row[width - 2] && row[width - 2] == row[width - 3], "row \(y)")
        }
        #expect((0..<height).contains { thresholds.row($0)[width - 1] != thresholds.row($0)[0] })
    }

    @Test("a dark ring on light paper is one component, its hole and the paper none")
    func ringIsOneComponent() {
        let width = 80, height = 60
        var pixels = [UInt8](repeating: 200, count: width * height)
        // A black ring 4 px thick, outer square x 20...43, y 10...33, on light paper.
        for y in 10...33 {
            for x in 20...43 where x < 24 || x > 39 || y < 14 || y > 29 { pixels[y * width + x] = 30 }
        }
        let components = DarkComponents()
        pixels.withUnsafeBufferPointer {
            components.label($0.baseAddress!, width: width, height: height, window: 15, offset: 3, share: 3)
        }
        #expect(components.components.count == 1)
        let ring = components.components[0]
        #expect((ring.minX, ring.maxX, ring.minY, ring.maxY) == (20, 43, 10, 33))
        #expect((ring.startX, ring.startY) == (20, 10))
        #expect(ring.area == 24 * 24 - 16 * 16)
    }

    @Test("a frame under 2x2 pixels has no dark pixel")
    func tinyFrame() {
        let components = DarkComponents()
        let pixels: [UInt8] = [0, 255]
        pixels.withUnsafeBufferPointer {
            components.label($0.baseAddress!, width: 2, height: 1, window: 15, offset: 3, share: 3)
        }
        #expect(components.components.count == 0)
        #expect((0..<(4 * 3)).allSatisfy { components.binary[$0] == 0 })
    }
}
