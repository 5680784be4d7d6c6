import ArgumentParser
import CardBotCommandLine
import CardBotSupport
import CardBotVision
import Foundation

extension CardBotCommand.Cards {
    /// `cardbot cards check`: whether every card of a deck can be told apart, listing every problem.
    struct Check: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Check that every card of a deck can be told apart; say which markers or pictures are too alike."),
                discussion: Messages.text("""
                    Lists every problem (not just the first, as loading does): code markers that read the same \
                    turned or differ in too few cells, pictures that look too alike (or like themselves turned), \
                    and in a mixed deck, pictures that read like a code card. For pictures it also prints each \
                    one's most similar other picture.

                    EXIT STATUS
                      0   every card can be told apart
                      1   some cards are too alike (listed)
                      2   the deck or an image cannot be read
                    """))
        }

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        func run() throws {
            let path = try DeckLocator.locate(explicit: deckOptions.deck, environment: ProcessInfo.processInfo.environment)
            let read = try Deck.readCards(path)
            let check = DeckCheck(cards: read.cards)
            StandardOutput.print(check.report(name: read.name, path: path, cards: read.cards).joined(separator: "\n"))
            if !check.problems.isEmpty { throw ExitCode.failure }
        }
    }
}
