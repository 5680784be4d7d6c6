import ArgumentParser
import CardBotClassroom
import CardBotSupport
import CardBotVision
import Foundation

extension CardBotCommand.Cards {
    /// `cardbot cards list`: every card of the deck and the levels that use it.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every card: marker id, name, title, what it does, and the levels that use it.",
            discussion: """
                The levels are those of --levels (default: the curriculum, for the default deck) whose "cards" map the \
                card's marker id. With --json, one JSON object per card per line: marker, name, title, \
                description, kind, image, levels (level numbers).
                """)

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        @Option(help: ArgumentHelp("The folder of level files (default: the curriculum's, for the default deck).", valueName: "dir"))
        var levels: String?

        @Flag(help: "Print one JSON object per card per line.")
        var json = false

        func run() throws {
            let deck = try deckOptions.load()
            let usage = try CardsSupport.usage(levels: levels, defaultDeck: deckOptions.deck == nil)
            if json {
                for card in deck.cards {
                    StandardOutput.print(CardsSupport.jsonLine(card, levels: usage?.levels(using: card) ?? []))
                }
                return
            }
            let kinds = Set(deck.cards.map(\.kind))
            var what: [String] = []
            if let size = deck.gridSize { what.append("\(size)x\(size) code markers") }
            if kinds.contains(.picture) { what.append("picture markers") }
            StandardOutput.print("\(deck.name) (\(deck.file)): \(deck.cards.count) card\(deck.cards.count == 1 ? "" : "s"), \(what.joined(separator: " and "))")
            StandardOutput.print("")
            let cards = deck.cards.map { $0.localized(Messages.preferences) }
            let nameHeader = Messages.text("NAME")
            let titleHeader = Messages.text("TITLE")
            let nameWidth = max(nameHeader.count, cards.map(\.name.count).max() ?? 4)
            let titleWidth = min(32, max(titleHeader.count, cards.map(\.title.count).max() ?? 5))
            var header = "  ID  " + CardsSupport.pad(nameHeader, nameWidth) + "  " + CardsSupport.pad(titleHeader, titleWidth)
            if usage != nil { header += "  " + Messages.text("LEVELS") }
            StandardOutput.print(header)
            for card in cards {
                var line = CardsSupport.padLeft(String(card.marker), 4) + "  " + CardsSupport.pad(card.name, nameWidth) + "  "
                    + CardsSupport.pad(card.title, titleWidth)
                if let usage { line += "  " + CardUsage.numbers(usage.levels(using: card)) }
                StandardOutput.print(line.trailingSpacesRemoved)
                if !card.description.isEmpty { StandardOutput.print("      " + card.description) }
            }
            if let usage, !usage.problems.isEmpty {
                StandardError.print("cardbot: note: \(usage.problems.count) level file\(usage.problems.count == 1 ? "" : "s") in \(levels ?? ResourceHome.current.levels) could not be read and \(usage.problems.count == 1 ? "is" : "are") left out (run 'cardbot validate' to see why)")
            }
        }
    }
}

/// Shared by the `cards` subcommands.
enum CardsSupport {
    /// The level usage for `--levels`; without it, the curriculum's for the default deck (its levels name that
    /// deck's cards), else none. Exits 2 when a folder given does not exist.
    static func usage(levels: String?, defaultDeck: Bool) throws -> CardUsage? {
        var isDirectory: ObjCBool = false
        if let levels {
            guard FileManager.default.fileExists(atPath: levels, isDirectory: &isDirectory), isDirectory.boolValue else {
                StandardError.error(file: levels, "no such folder of level files")
                throw ExitCode(2)
            }
            return CardUsage(levelsDirectory: levels)
        }
        let curriculum = ResourceHome.current.levels
        guard defaultDeck, ProcessInfo.processInfo.environment[DeckLocator.environmentVariable] == nil,
            FileManager.default.fileExists(atPath: curriculum, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            return nil
        }
        return CardUsage(levelsDirectory: curriculum)
    }

    /// The card named `key` (or with marker id `key`) in `deck`, or exits 2 naming the deck's cards.
    static func card(_ key: String, in deck: Deck) throws -> DeckCard {
        if let card = deck.card(named: key) ?? Int(key).flatMap({ deck.card(marker: $0) }) { return card }
        let names = deck.cards.map(\.name)
        let shown = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", ..." : "")
        StandardError.error(file: deck.file, "no card named '\(key)'; the deck's cards are: \(shown)")
        throw ExitCode(2)
    }

    static func jsonLine(_ card: DeckCard, levels: [CardUsage.LevelRef]) -> String {
        let numbers = Array(Set(levels.map(\.number))).sorted()
        return """
            {"marker":\(card.marker),"name":\(DeckWriter.quotedJSON(card.name)),"title":\(DeckWriter.quotedJSON(card.title)),\
            "description":\(DeckWriter.quotedJSON(card.description)),"kind":"\(card.kind.rawValue)",\
            "image":\(DeckWriter.quotedJSON(card.image)),"levels":[\(numbers.map(String.init).joined(separator: ","))]}
            """
    }

    static func pad(_ text: String, _ width: Int) -> String {
        let clipped = text.count > width ? String(text.prefix(width - 1)) + "…" : text
        return clipped + String(repeating: " ", count: max(0, width - clipped.count))
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

extension String {
    var trailingSpacesRemoved: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
