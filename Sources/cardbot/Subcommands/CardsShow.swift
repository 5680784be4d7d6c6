import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotSupport

extension CardBotCommand.Cards {
    /// `cardbot cards show NAME`: one card, with its marker drawn in the terminal.
    struct Show: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Show one card with its marker drawn in the terminal."),
                discussion: Messages.text("The marker is drawn with block characters: █ is black ink, a space is white paper."))
        }

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        @Option(help: ArgumentHelp(Messages.text("The folder of level files (default: ./Levels when it exists)."), valueName: "dir"))
        var levels: String?

        @Argument(help: ArgumentHelp(Messages.text("The card's name or marker id."), valueName: "name"))
        var name: String

        func run() throws {
            let list = try CardList(deck: try deckOptions.load(), levels: levels, defaultDeck: deckOptions.deck == nil)
            StandardOutput.print(try list.card(name).joined(separator: "\n"))
        }
    }
}
