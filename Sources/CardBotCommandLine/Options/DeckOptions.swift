import ArgumentParser
import CardBotSupport
import CardBotVision
import Foundation

/// The `--deck` option shared by every command that reads cards.
package struct DeckOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            Messages.text("The deck file (deck.json) to use."),
            discussion: Messages.text("Without it: $CARDBOT_DECK, else Cards/deck.json of CardBot's resources ($CARDBOT_HOME, the installed share/cardbot, or the checkout; see cardbot paths)."),
            valueName: "deck.json"))
    package var deck: String?

    /// Finds and loads the deck.
    /// - Throws: `DeckError` naming the file when there is no deck or it is not valid.
    package func load() throws -> Deck {
        try Deck.load(try DeckLocator.locate(explicit: deck, environment: ProcessInfo.processInfo.environment))
    }

    /// What an output must not be (``OutputGuard``): the deck file, when one is found.
    package var outputGuard: [OutputGuard.Input] {
        guard let file = try? DeckLocator.locate(explicit: deck, environment: ProcessInfo.processInfo.environment) else { return [] }
        return [.file(file, what: Messages.text("the deck file"))]
    }

    /// The deck's card names by marker id: what levels and programs are checked against.
    package func names() throws -> [Int: String] {
        try load().namesByMarker
    }
}
