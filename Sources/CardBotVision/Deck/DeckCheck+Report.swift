import CardBotSupport
import Foundation

extension DeckCheck {
    /// What `cards check` prints of the deck `name` at `path` (its `cards`, as checked): its codes and how many misread cells are
    /// corrected, each picture's nearest neighbour, then the verdict and every problem, in the reader's language.
    public func report(name: String, path: String, cards: [DeckCard]) -> [String] {
        var lines: [String] = []
        let codes = cards.filter { $0.kind == .code }
        let pictures = cards.filter { $0.kind == .picture }
        lines.append(Messages.plural("%1$s (%2$s): %3$s card", "%1$s (%2$s): %3$s cards", count: cards.count, name, path, cards.count))
        if let first = codes.first?.code {
            var line =
                "  " + Messages.plural("%1$s code marker of %2$sx%2$s cells", "%1$s code markers of %2$sx%2$s cells", count: codes.count, codes.count, first.size)
            if let distance = minimumCodeDistance {
                let budget = max(0, min((distance - 3) / 2, first.size * first.size / 8))
                line += Messages.plural("; the closest differ in %s cell", "; the closest differ in %s cells", count: distance, distance)
                if distance >= Deck.requiredDistance {
                    line += Messages.plural(", so up to %s misread cell is corrected", ", so up to %s misread cells are corrected", count: budget, budget)
                }
            }
            lines.append(line)
        }
        if !pictures.isEmpty {
            lines.append(
                "  " + Messages.plural(
                    "%1$s picture (too alike at a correlation of %2$s or more):", "%1$s pictures (too alike at a correlation of %2$s or more):",
                    count: pictures.count, pictures.count, Self.twoPlaces(Deck.maximumPictureSimilarity)))
            let width = pictures.map(\.name.count).max() ?? 4
            for neighbour in pictureNeighbours {
                var line = "    " + neighbour.card + String(repeating: " ", count: max(0, width - neighbour.card.count))
                if let nearest = neighbour.nearest {
                    line += "  " + Messages.text("nearest %1$s %2$s", nearest, Self.twoPlaces(neighbour.correlation))
                }
                line += Messages.text(", itself turned %s", Self.twoPlaces(neighbour.turnedCorrelation))
                let alike = neighbour.correlation >= Deck.maximumPictureSimilarity
                    || neighbour.turnedCorrelation >= Deck.maximumPictureSimilarity
                lines.append(line + (alike ? "  " + Messages.text("TOO ALIKE") : ""))
            }
        }
        if problems.isEmpty {
            lines.append(Messages.text("ok: every card can be told apart"))
        } else {
            lines.append(Messages.plural("%s problem:", "%s problems:", count: problems.count, problems.count))
            lines += problems.map { "  " + $0.said.localized }
        }
        return lines
    }

    /// `value` with two decimals and the reader's decimal mark ("0.93", "0,93").
    private static func twoPlaces(_ value: Double) -> String { Messages.decimal(String(format: "%.2f", value)) }
}
