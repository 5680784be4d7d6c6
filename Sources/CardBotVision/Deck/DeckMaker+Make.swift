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
                throw Problem("unknown dictionary '\(dictionary)'; CardBot has \(known)")
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
                    throw Problem("\(made.count) pictures but \(ids.count) ids were given with --ids; give one id per picture")
                }
                for index in made.indices {
                    made[index].marker = ids[index]
                    made[index].image = "pictures/\(ids[index])-\(made[index].name).png"
                }
            }
            try check(made, source: pictures[0], hint: "change those pictures")
            cards = made
            from = "\(pictures.count) picture\(pictures.count == 1 ? "" : "s")"
        }
        let path = try DeckWriter.write(name: name ?? "\(from) deck", cards: cards, to: folder, replace: replace)
        let deck = try Deck.load(path)
        var detail: [String] = []
        if let size = deck.gridSize {
            let budget = deck.errorBudget
            detail.append(
                "\(size)x\(size) cells, markers differ in at least \(deck.minimumDistance) cells, up to \(budget) misread cell\(budget == 1 ? "" : "s") corrected")
        }
        if deck.hasPictures { detail.append("picture markers") }
        return "\(path): \(cards.count) card\(cards.count == 1 ? "" : "s") from \(from) (\(detail.joined(separator: "; ")))"
    }
}
