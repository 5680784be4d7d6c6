@testable import CardBotPictures
import CardBotLesson
import CardBotPrint
import CardBotTestSupport
import CardBotVision
import Testing

/// A worksheet's map reads on paper: a long, low map is folded into bands so its tiles stay large, and the key
/// names only what the map has.
@Suite struct WorksheetMapTests {
    static let deck = try! Deck.load(PackageRoot.path("Cards/deck.json"))

    static func level(_ number: Int) throws -> Level {
        try LevelLoader.levels([String(number)], directory: PackageRoot.path("Levels"), deckNames: deck.namesByMarker)[0]
    }

    @Test("level 17's 37-tile tunnel folds into bands of tiles at least 8 mm; every column is drawn once")
    func longTunnelFolds() throws {
        let map = try Self.level(17).map
        let whole = 180 / Double(map.width)
        #expect(whole < MapFolding.foldBelow, "the tunnel whole would have \(whole) mm tiles")
        let fold = MapFolding(map: map, width: 180, height: 140)
        #expect(fold.bands >= 2)
        #expect(fold.cell >= 8, "\(fold.cell) mm tiles")
        #expect(fold.totalHeight <= 140 + 1e-9)
        #expect(fold.bandWidth <= 180 - 8 + 1e-9)
        let drawn = (0..<fold.bands).flatMap { Array(fold.columns(ofBand: $0)) }
        #expect(drawn == Array(0..<map.width))
    }

    @Test("maps that are not long and low are drawn whole", arguments: [1, 3, 9, 16, 20])
    func wholeMaps(number: Int) throws {
        let map = try Self.level(number).map
        let fold = MapFolding(map: map, width: 180, height: 140)
        #expect(fold.bands == 1, "level \(number)")
        #expect(fold.columns(ofBand: 0) == 0..<map.width)
    }

    @Test("the key lists water and gems only on levels that have them")
    func keyMatchesTheMap() throws {
        for number in 1...20 {
            let level = try Self.level(number)
            let canvas = Canvas(paperWidthMM: 210, heightMM: 297, dpi: 20)
            LevelWorksheet(paper: .a4).draw(level, cardTitles: [:], on: canvas)
            let texts = Set(canvas.drawnText.map(\.text))
            #expect(texts.contains("water") == level.map.tiles.contains(.water), "level \(number)")
            #expect(texts.contains("gem") == !level.map.gems.isEmpty, "level \(number)")
            #expect(texts.isSuperset(of: ["goal", "robot at the start"]), "level \(number)")
        }
    }
}
