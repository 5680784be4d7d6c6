import CardBotSupport
import CardBotVision
import Foundation

/// `cards list` and `cards show`: a deck's cards with the levels that use them, for people or as JSON Lines.
public struct CardList: Sendable {
    /// The deck.
    public var deck: Deck
    /// Which levels use which card; nil when no levels are known.
    public var usage: CardUsage?
    /// The folder of the levels in `usage`.
    public var levelsDirectory: String?

    /// The list of `deck` with the usage of the levels in `levels`; without it, the curriculum's for the default
    /// deck (its levels name that deck's cards), else none.
    /// - Throws: a ``Problem`` when `levels` is not a folder.
    public init(deck: Deck, levels: String?, defaultDeck: Bool) throws {
        self.deck = deck
        if let levels {
            guard FileSystem.kind(levels) == .directory else { throw Problem(file: levels, Messages.text("no such folder of level files")) }
            usage = CardUsage(levelsDirectory: levels)
            levelsDirectory = levels
        } else if defaultDeck, ProcessInfo.processInfo.environment[DeckLocator.environmentVariable] == nil,
            FileSystem.kind(ResourceHome.current.levels) == .directory
        {
            usage = CardUsage(levelsDirectory: ResourceHome.current.levels)
            levelsDirectory = ResourceHome.current.levels
        }
    }

    /// One JSON object per card: marker, name, title, description, kind, image, levels (level numbers).
    public var jsonLines: [String] {
        deck.cards.map { card in
            let numbers = Array(Set((usage?.levels(using: card) ?? []).map(\.number))).sorted()
            return """
                {"marker":\(card.marker),"name":\(DeckWriter.quotedJSON(card.name)),"title":\(DeckWriter.quotedJSON(card.title)),\
                "description":\(DeckWriter.quotedJSON(card.description)),"kind":"\(card.kind.rawValue)",\
                "image":\(DeckWriter.quotedJSON(card.image)),"levels":[\(numbers.map(String.init).joined(separator: ","))]}
                """
        }
    }

    /// The deck's line, then a table of the cards (id, name, title, levels) in the current language, each card's
    /// description under it.
    public var lines: [String] {
        var what: [String] = []
        if let size = deck.gridSize { what.append(Messages.text("%1$sx%1$s code markers", size)) }
        if deck.cards.contains(where: { $0.kind == .picture }) { what.append(Messages.text("picture markers")) }
        let count = Messages.plural("%s card", "%s cards", count: deck.cards.count, deck.cards.count)
        let kinds = what.count == 2 ? Messages.text("%1$s and %2$s", what[0], what[1]) : what.joined()
        var lines = [Messages.text("%1$s (%2$s): %3$s, %4$s", deck.name, deck.file, count, kinds), ""]
        let cards = deck.cards.map { $0.localized(Messages.preferences) }
        let nameHeader = Messages.text("NAME")
        let titleHeader = Messages.text("TITLE")
        let nameWidth = max(nameHeader.count, cards.map(\.name.count).max() ?? 4)
        let titleWidth = min(32, max(titleHeader.count, cards.map(\.title.count).max() ?? 5))
        var header = "  ID  " + Self.pad(nameHeader, nameWidth) + "  " + Self.pad(titleHeader, titleWidth)
        if usage != nil { header += "  " + Messages.text("LEVELS") }
        lines.append(header)
        for card in cards {
            var line = Self.padLeft(String(card.marker), 4) + "  " + Self.pad(card.name, nameWidth) + "  "
                + Self.pad(card.title, titleWidth)
            if let usage { line += "  " + CardUsage.numbers(usage.levels(using: card)) }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
            if !card.description.isEmpty { lines.append("      " + card.description) }
        }
        return lines
    }

    /// What `cards show` prints of the card named `key` (or with marker id `key`): name, marker, title,
    /// description, the marker's code and the levels that use it, then a preview of the marker.
    /// - Throws: a ``Problem`` listing the deck's cards when there is no such card.
    public func card(_ key: String) throws -> [String] {
        let card = try deck.card(key: key).localized(Messages.preferences)
        var lines = ["\(card.name) (marker \(card.marker)): \(card.title)"]
        if !card.description.isEmpty { lines.append(card.description) }
        if let code = card.code {
            lines.append("Marker: \(code.size)x\(code.size) cells, \(code.bitString) (\(card.image))")
        } else {
            lines.append("Marker: a picture inside the black border (\(card.image))")
        }
        if let usage {
            let refs = usage.levels(using: card)
            let meanings = Set(refs.map(\.meaning))
            let means = meanings.count == 1 && meanings.first != card.name ? " (as \(meanings.first!))" : ""
            lines.append(refs.isEmpty ? "Levels: none use marker \(card.marker)" : "Levels: \(CardUsage.numbers(refs))\(means)")
        }
        return lines + [""] + MarkerPreview.lines(for: card)
    }

    /// A note on level files that could not be read and were left out, or nil when all were read.
    public var note: String? {
        guard let usage, !usage.problems.isEmpty else { return nil }
        let count = usage.problems.count
        return "cardbot: note: "
            + Messages.plural(
                "%1$d level file in %2$s could not be read and is left out (run 'cardbot validate' to see why)",
                "%1$d level files in %2$s could not be read and are left out (run 'cardbot validate' to see why)",
                count: count, count, levelsDirectory ?? "")
    }

    /// `text` clipped with an ellipsis or padded with spaces to `width` characters.
    public static func pad(_ text: String, _ width: Int) -> String {
        let clipped = text.count > width ? String(text.prefix(width - 1)) + "…" : text
        return clipped + String(repeating: " ", count: max(0, width - clipped.count))
    }

    /// `text` right-aligned in `width` characters.
    public static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
