import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotSupport

extension CardBotCommand.Cards {
    /// `cardbot cards list`: every card of the deck and the levels that use it.
    struct List: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("List every card: marker id, name, title, what it does, and the levels that use it."),
                discussion: Messages.text("""
                    The levels are those of --levels (default: the curriculum, for the default deck) whose "cards" map the \
                    card's marker id. With --json, one JSON object per card per line: marker, name, title, \
                    description, kind, image, levels (level numbers).
                    """))
        }

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        @Option(help: ArgumentHelp(Messages.text("The folder of level files (default: the curriculum's, for the default deck)."), valueName: "dir"))
        var levels: String?

        @Flag(help: ArgumentHelp(Messages.text("Print one JSON object per card per line.")))
        var json = false

        func run() throws {
            let list = try CardList(deck: try deckOptions.load(), levels: levels, defaultDeck: deckOptions.deck == nil)
            StandardOutput.print((json ? list.jsonLines : list.lines).joined(separator: "\n"))
            if !json, let note = list.note { StandardError.print(note) }
        }
    }
}
