import CardBotImaging
import CardBotTestSupport
import CardBotVision
import Foundation

/// Decks written to temporary folders, and the paths of the committed decks.
enum DeckTestSupport {
    /// The repository root (the folder holding Package.swift).
    static let packageRoot: String = PackageRoot.url.path

    /// The default deck, Cards/deck.json.
    static var defaultDeckPath: String { packageRoot + "/Cards/deck.json" }

    /// The DICT_6X6_250 test deck (ids 0 to 16) for the real photos.
    static var sixBySixDeckPath: String { packageRoot + "/Tests/CardBotVisionTests/Resources/deck-6x6/deck.json" }

    /// A folder of real photos.
    static var realPhotos: String { packageRoot + "/Tests/CardBotVisionTests/Resources/real-photos" }

    /// The default deck, loaded once.
    static let defaultDeck: Deck = {
        do { return try Deck.load(defaultDeckPath) } catch { fatalError("the default deck does not load: \(error)") }
    }()

    /// The image of a marker: a black border one cell wide around the code's cells, `cell` pixels per cell,
    /// with `margin` white pixels around it.
    static func markerImage(_ code: MarkerCode, cell: Int = 10, margin: Int = 0) -> GrayImage {
        let side = (code.size + 2) * cell + 2 * margin
        var image = GrayImage(width: side, height: side, fill: 255)
        for row in 0..<(code.size + 2) {
            for column in 0..<(code.size + 2) {
                let inner = row > 0 && column > 0 && row <= code.size && column <= code.size
                let white = inner && code.isWhite(row: row - 1, column: column - 1)
                if white { continue }
                for y in 0..<cell {
                    for x in 0..<cell { image[margin + column * cell + x, margin + row * cell + y] = 0 }
                }
            }
        }
        return image
    }

    /// One card of a deck to write.
    struct Entry {
        var marker: Int
        var name: String
        var code: MarkerCode?
        var image: GrayImage?

        init(_ marker: Int, _ name: String, code: MarkerCode) {
            self.marker = marker
            self.name = name
            self.code = code
        }

        init(_ marker: Int, _ name: String, image: GrayImage?) {
            self.marker = marker
            self.name = name
            self.image = image
        }
    }

    /// Writes a deck.json and its marker images into a new temporary folder; returns deck.json's path.
    static func writeDeck(_ entries: [Entry], format: String = Deck.format) throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("cardbot-deck-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("markers"), withIntermediateDirectories: true)
        var cards: [String] = []
        for entry in entries {
            let relative = "markers/\(entry.marker)-\(entry.name).png"
            if let image = entry.image ?? entry.code.map({ markerImage($0) }) {
                try ImageWriter.write(image, to: folder.appendingPathComponent(relative).path)
            }
            cards.append(
                """
                {"marker": \(entry.marker), "name": "\(entry.name)", "title": "\(entry.name)", \
                "description": "A test card.", "image": "\(relative)"}
                """)
        }
        let json = "{\"format\": \"\(format)\", \"name\": \"test\", \"cards\": [\(cards.joined(separator: ", "))]}"
        let path = folder.appendingPathComponent("deck.json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Removes the temporary folder that `writeDeck` or `writeDeckJSON` made for the deck at `path`.
    static func removeFolder(of path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    /// Writes `text` as a deck.json in a new temporary folder; returns its path.
    static func writeDeckJSON(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("cardbot-deck-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("deck.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A code from rows of `#` (black) and `.` (white).
    static func code(_ rows: [String]) -> MarkerCode {
        MarkerCode(size: rows.count, cells: rows.flatMap { $0.map { $0 == "." } })
    }
}
