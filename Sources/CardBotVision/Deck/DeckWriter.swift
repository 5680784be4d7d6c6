

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CardBotImaging
import CardBotSupport

/// Writes a deck: deck.json and one reference image per card (code markers drawn from their cells, pictures as
/// given), into a folder.
public enum DeckWriter {
    /// Pixels per cell of the code reference images written.
    public static let cellPixels = 20

    /// Writes `cards` as the deck `name` into `folder` (created if needed), each card's image at its `image` path.
    /// - Parameter replace: Overwrite an existing deck.json; without it an existing deck.json is an error.
    /// - Returns: The path of the deck.json written.
    /// - Throws: `DeckError` naming the file that could not be written, or the existing deck.json.
    @discardableResult
    public static func write(name: String, cards: [DeckCard], to folder: String, replace: Bool = false) throws -> String {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        let deckPath = base + "deck.json"
        if !replace && FileManager.default.fileExists(atPath: deckPath) {
            throw DeckError(.unreadable, file: deckPath, said: Messages.later("already exists; choose another folder or pass --force to replace it"))
        }
        for card in cards {
            let path = base + card.image
            let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw DeckError(.unreadable, file: directory, said: Messages.later("cannot create the folder"))
            }
            let image: GrayImage
            if let code = card.code {
                image = code.markerImage(cell: cellPixels)
            } else if let picture = card.picture {
                image = picture.image
            } else {
                continue
            }
            do {
                try ImageWriter.write(image, to: path)
            } catch let error as ImageError {
                throw DeckError(.unreadable, file: path, said: error.said)
            }
        }
        do {
            try FileBytes.writeAtomically(Array(json(name: name, cards: cards).utf8), to: deckPath)
        } catch let error as ImageError {
            throw DeckError(.unreadable, file: deckPath, said: error.said)
        }
        return deckPath
    }

    /// deck.json's text for the deck `name` with `cards`.
    public static func json(name: String, cards: [DeckCard]) -> String {
        var lines = ["{", "  \"format\": \(JSONText.quote(Deck.format)),", "  \"name\": \(JSONText.quote(name)),", "  \"cards\": ["]
        for (index, card) in cards.enumerated() {
            var fields = [
                "\"marker\": \(card.marker)", "\"name\": \(JSONText.quote(card.name))", "\"title\": \(JSONText.quote(card.title))",
                "\"description\": \(JSONText.quote(card.description))",
            ]
            if card.kind == .picture { fields.append("\"kind\": \"picture\"") }
            fields.append("\"image\": \(JSONText.quote(card.image))")
            lines.append("    {")
            lines.append(fields.map { "      " + $0 }.joined(separator: ",\n"))
            lines.append(index == cards.count - 1 ? "    }" : "    },")
        }
        lines += ["  ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// A JSON string literal of `text`.
    public static func quotedJSON(_ text: String) -> String { JSONText.quote(text) }
}
