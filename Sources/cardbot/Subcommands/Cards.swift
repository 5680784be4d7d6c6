import ArgumentParser
import CardBotSupport

extension CardBotCommand {
    /// `cardbot cards`: browse, print, make and check decks of cards.
    struct Cards: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Browse, print, make and check decks of cards."),
                discussion: Messages.text("""
                    Without a subcommand, lists every card of the deck (see 'cardbot cards list --help'). \
                    'print' makes sheets to print and cut out; 'new-deck' makes a deck from an ArUco dictionary, \
                    a patterns file or pictures; 'check' says which markers are too alike to tell apart.
                    """),
                subcommands: [List.self, Show.self, PrintSheets.self, NewDeck.self, Check.self],
                defaultSubcommand: List.self
            )
        }
    }
}
