import ArgumentParser
import CardBotSupport
import CardBotVision
import Foundation

/// The `--deck` option shared by every command that reads cards.
struct DeckOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The deck file (deck.json) to use.",
            discussion: "Without it: $CARDBOT_DECK, else Cards/deck.json of CardBot's resources ($CARDBOT_HOME, the installed share/cardbot, or the checkout; see cardbot paths).",
            valueName: "deck.json"))
    var deck: String?

    /// Finds and loads the deck, or prints why not and exits with status 2.
    func load() throws -> Deck {
        do {
            let path = try DeckLocator.locate(explicit: deck, environment: ProcessInfo.processInfo.environment)
            return try Deck.load(path)
        } catch let error as DeckError {
            StandardError.error(file: error.file, position: error.position, error.reason)
            throw ExitCode(2)
        }
    }

    /// The deck's card names by marker id: what levels and programs are checked against.
    func names() throws -> [Int: String] {
        try load().namesByMarker
    }
}
