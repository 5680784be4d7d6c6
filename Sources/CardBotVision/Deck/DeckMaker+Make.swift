import CardBotSupport
import Foundation

extension DeckMaker {
    /// Where the cards of a new deck come from.
    public enum Source: Sendable {
        /// A built-in ArUco dictionary, by name.
        case dictionary(String)
        /// A file of bit patterns.
        case patterns(String)
        /// Picture files, one card each.
        case pictures([String])

        /// The one source given, or nil when none or several are (`cards new-deck` takes exactly one).
        public init?(dictionary: String?, patterns: String?, pictures: [String]) {
            switch (dictionary, patterns, pictures.isEmpty) {
            case (let name?, nil, true): self = .dictionary(name)
            case (nil, let file?, true): self = .patterns(file)
            case (nil, nil, false): self = .pictures(pictures)
            default: return nil
            }
        }
    }

    /// `cards new-deck`: makes the cards of `source` (with marker `ids` and card `names` when given), writes
    /// deck.json and the marker images into `folder`, checks the deck by loading it, and returns the line that says
    /// what was made.
    /// - Throws: `DeckError` or a ``Problem`` naming what cannot be made, with what to change.
    public static func make(
        _ source: Source, ids: [Int]?, names: [String]?, name: String?, folder: String, replace: Bool
    ) throws -> String {
        let cards: [DeckCard]
        let from: String
        switch source {
        case .dictionary(let dictionary):
            guard let found = ArUcoDictionary.named(dictionary) else {
                let known = ArUcoDictionary.all.map(\.name).joined(separator: ", ")
                throw Problem(Messages.text("unknown dictionary '%1$s'; CardBot has %2$s", TerminalText.truncated(dictionary, width: 40), known))
            }
            cards = try Self.cards(dictionary: found, ids: ids, names: names)
            from = found.name
        case .patterns(let patterns):
            cards = try Self.cards(patternsFile: patterns, ids: ids, names: names)
            from = (patterns as NSString).lastPathComponent
        case .pictures(let pictures):
            var made = try Self.cards(pictureFiles: pictures, firstId: ids?.first ?? 0, names: names)
            if let ids {
                guard ids.count == made.count else {
                    throw Problem(
                        Messages.text("%1$s pictures but %2$s ids were given with --ids; give one id per picture", made.count, ids.count))
                }
                for index in made.indices {
                    made[index].marker = ids[index]
                    made[index].image = "pictures/\(ids[index])-\(made[index].name).png"
                }
            }
            try check(made, source: pictures[0], hint: Messages.later("change those pictures"))
            cards = made
            from = Messages.plural("%s picture", "%s pictures", count: pictures.count, pictures.count)
        }
        let path = try DeckWriter.write(name: name ?? Self.deckName(source, from: from), cards: cards, to: folder, replace: replace)
        let deck = try Deck.load(path)
        var detail: [String] = []
        if let size = deck.gridSize {
            let budget = deck.errorBudget
            detail.append(
                Messages.plural(
                    "%1$sx%1$s cells, markers differ in at least %2$s cells, up to %3$s misread cell corrected",
                    "%1$sx%1$s cells, markers differ in at least %2$s cells, up to %3$s misread cells corrected", count: budget, size,
                    deck.minimumDistance, budget))
        }
        if deck.hasPictures { detail.append(Messages.text("picture markers")) }
        return Messages.plural(
            "%1$s: %2$s card from %3$s (%4$s)", "%1$s: %2$s cards from %3$s (%4$s)", count: cards.count, path, cards.count, from,
            detail.joined(separator: "; "))
    }

    /// The name a new deck gets when none is given: the dictionary's or file's, in English, as deck.json keeps it
    /// ("DICT_4X4_50 deck", "3 pictures deck").
    private static func deckName(_ source: Source, from: String) -> String {
        if case .pictures(let pictures) = source { return "\(pictures.count) picture\(pictures.count == 1 ? "" : "s") deck" }
        return "\(from) deck"
    }
}
