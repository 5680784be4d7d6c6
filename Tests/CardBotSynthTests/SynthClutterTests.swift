import CardBotGeometry
import CardBotImaging
@testable import CardBotSynth
import CardBotTestSupport
import CardBotVision
import Foundation
import Testing

/// The clutter beside the cards (worksheets, checkerboards, QR codes, dice, other games' markers, black squares):
/// never over a card, no card's code, and invisible to the truth.
@Suite("Synth: clutter")
struct SynthClutterTests {
    static let faces = SynthTestSupport.faces()

    static func generator() throws -> SceneGenerator {
        try SceneGenerator(faces: faces, options: SceneOptions(width: 640, height: 360, difficulty: .clutter))
    }

    /// A card's outline on the table, grown by `margin` mm.
    static func outline(_ card: SceneCard, design: CardDesign, margin: Double = 0) -> [TablePoint] {
        let hw = design.width / 2 + margin
        let hh = design.height / 2 + margin
        let c = cos(card.rotation)
        let s = sin(card.rotation)
        return [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { (x: Double, y: Double) -> TablePoint in
            TablePoint(card.center.x + c * x - s * y, card.center.y + s * x + c * y)
        }
    }

    @Test("no clutter lies on a card: every footprint is at least 5 mm clear of every card's outline")
    func clearOfCards() throws {
        let generator = try Self.generator()
        var checked = 0
        for index in 0..<60 {
            let scene = generator.scene(seed: 12, index: index)
            for item in scene.clutter {
                for card in scene.cards {
                    #expect(
                        SceneGenerator.separated(Self.outline(card, design: scene.design, margin: 5), item.footprint()),
                        "frame \(index): \(item.kind) at \(item.center) on card \(scene.faces[card.face].id)")
                    checked += 1
                }
                for other in scene.clutter where other != item {
                    #expect(
                        SceneGenerator.separated(other.footprint(), item.footprint()), "frame \(index): \(item.kind) on \(other.kind)")
                }
            }
        }
        #expect(checked > 500)
    }

    @Test("the clutter changes no marker's pixels and no truth")
    func markersUntouched() throws {
        let generator = try Self.generator()
        let renderer = FrameRenderer()
        var compared = 0
        for index in 0..<4 {
            let scene = generator.scene(seed: 13, index: index)
            var bare = scene
            bare.clutter = []
            let frame = renderer.render(scene)
            let without = renderer.render(bare)
            #expect(frame.truth == without.truth)
            #expect(frame.rgb != without.rgb, "frame \(index): the clutter is drawn")
            for card in frame.truth.cards where !card.hidden {
                // Every pixel whose centre lies inside the marker, shrunk a little towards its middle.
                let c = card.corners
                let middle = ImagePoint(c.map(\.x).reduce(0, +) / 4, c.map(\.y).reduce(0, +) / 4)
                let inner = c.map { ImagePoint(middle.x + ($0.x - middle.x) * 0.9, middle.y + ($0.y - middle.y) * 0.9) }
                var rasterizer = PolygonRasterizer()
                rasterizer.rasterize([inner], width: frame.gray.width, height: frame.gray.height, antialiased: false) {
                    y, x0, coverage in
                    for i in 0..<coverage.count where frame.gray[x0 + i, y] != without.gray[x0 + i, y] {
                        Issue.record("frame \(index), card \(card.id): pixel (\(x0 + i), \(y)) changed")
                    }
                    compared += coverage.count
                }
            }
        }
        #expect(compared > 5000)
    }

    /// `cells` (n x n, row by row) turned a quarter clockwise.
    static func turned(_ cells: [Bool], _ n: Int) -> [Bool] {
        (0..<(n * n)).map { index in cells[(n - 1 - index % n) * n + index / n] }
    }

    @Test("other games' 4x4 markers differ from every DICT_4X4_50 code and every face's code in 4 cells or more")
    func foreignMarkersAreForeign() throws {
        let generator = try Self.generator()
        let dictionary = ArUcoDictionary.dict4X4_50
        // Dark = true, as the clutter's cells.
        var codes = dictionary.codes.indices.map { dictionary.cells(of: $0)!.map { !$0 } }
        codes += Self.faces.map { face in (0..<16).map { face.marker[$0 % 4 + 1, $0 / 4 + 1] < 128 } }
        var markers = 0
        for index in 0..<150 {
            for item in generator.scene(seed: 14, index: index).clutter where item.kind == .foreignMarker {
                #expect(item.cells.count == item.columns * item.columns)
                #expect((4...6).contains(item.columns))
                guard item.columns == 4 else { continue }
                var cells = item.cells
                for _ in 0..<4 {
                    let nearest = codes.map { code in zip(code, cells).filter { $0 != $1 }.count }.min() ?? 16
                    #expect(nearest >= 4, "frame \(index): a foreign marker \(nearest) cells from a code")
                    cells = Self.turned(cells, 4)
                }
                markers += 1
            }
        }
        #expect(markers >= 10)
    }

    @Test("a QR code has its three finder squares: dark ring, light ring, dark 3x3 middle")
    func qrFinders() throws {
        let generator = try Self.generator()
        var codes = 0
        for index in 0..<60 {
            for item in generator.scene(seed: 15, index: index).clutter where item.kind == .qrCode {
                let n = item.columns
                for (top, left) in [(0, 0), (0, n - 7), (n - 7, 0)] {
                    for row in 0..<7 {
                        for column in 0..<7 {
                            let ring = max(abs(row - 3), abs(column - 3))
                            #expect(item.cells[(top + row) * n + left + column] == (ring != 2))
                        }
                    }
                }
                codes += 1
            }
        }
        #expect(codes >= 5)
    }
}
