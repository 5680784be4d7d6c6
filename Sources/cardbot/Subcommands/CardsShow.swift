import ArgumentParser
import CardBotSupport
import CardBotClassroom
import CardBotVision

extension CardBotCommand.Cards {
    /// `cardbot cards show NAME`: one card, with its marker drawn in the terminal.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one card with its marker drawn in the terminal.",
            discussion: "The marker is drawn with block characters: █ is black ink, a space is white paper.")

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        @Option(help: ArgumentHelp("The folder of level files (default: ./Levels when it exists).", valueName: "dir"))
        var levels: String?

        @Argument(help: ArgumentHelp("The card's name or marker id.", valueName: "name"))
        var name: String

        func run() throws {
            let deck = try deckOptions.load()
            let card = try CardsSupport.card(name, in: deck).localized(Messages.preferences)
            let usage = try CardsSupport.usage(levels: levels, defaultDeck: deckOptions.deck == nil)
            StandardOutput.print("\(card.name) (marker \(card.marker)): \(card.title)")
            if !card.description.isEmpty { StandardOutput.print(card.description) }
            switch card.kind {
            case .code:
                let code = card.code!
                StandardOutput.print("Marker: \(code.size)x\(code.size) cells, \(code.bitString) (\(card.image))")
            case .picture:
                StandardOutput.print("Marker: a picture inside the black border (\(card.image))")
            }
            if let usage {
                let refs = usage.levels(using: card)
                if refs.isEmpty {
                    StandardOutput.print("Levels: none use marker \(card.marker)")
                } else {
                    let meanings = Set(refs.map(\.meaning))
                    let means = meanings.count == 1 && meanings.first != card.name ? " (as \(meanings.first!))" : ""
                    StandardOutput.print("Levels: \(CardUsage.numbers(refs))\(means)")
                }
            }
            StandardOutput.print("")
            for line in MarkerPreview.lines(for: card) { StandardOutput.print(line) }
        }
    }
}
