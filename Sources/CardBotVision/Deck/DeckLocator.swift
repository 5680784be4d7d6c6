import CardBotSupport

/// Finds the deck file a command should use.
///
/// In order: the path given with `--deck`; else `$CARDBOT_DECK` when set; else `Cards/deck.json` of CardBot's
/// resource home (``ResourceHome``: `$CARDBOT_HOME`, the installed `share/cardbot`, or the checkout).
public enum DeckLocator {
    /// The environment variable that names a deck file.
    public static let environmentVariable = "CARDBOT_DECK"

    /// The deck file to load.
    /// - Parameters:
    ///   - explicit: The `--deck` argument, if any; it is returned as is (loading reports it if missing).
    ///   - environment: The process environment.
    ///   - home: Where the shipped resources are.
    /// - Throws: `DeckError` (`.notFound`) naming the places looked at when no deck is found.
    public static func locate(
        explicit: String?, environment: [String: String], home: ResourceHome = .current
    ) throws -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty { return fromEnvironment }
        let candidate = home.deck
        if FileSystem.kind(candidate) == .regular { return candidate }
        let looked = home.path.map { [$0 + "/Cards/deck.json"] } ?? home.searched.map { $0 + "/Cards/deck.json" }
        throw DeckError(
            .notFound, file: "Cards/deck.json",
            said: Messages.later(
                "no deck found; pass --deck PATH, or set %1$s (a deck file) or %2$s (the folder CardBot's Levels, Cards and Locale are in) (looked in: %3$s)",
                .plain(environmentVariable), .plain(ResourceHome.environmentVariable), .plain(looked.joined(separator: ", "))))
    }
}
