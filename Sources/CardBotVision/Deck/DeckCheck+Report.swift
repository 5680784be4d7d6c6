import Foundation

extension DeckCheck {
    /// What `cards check` prints of the deck `name` at `path` (its `cards`, as checked): its codes and how many misread cells are
    /// corrected, each picture's nearest neighbour, then the verdict and every problem.
    public func report(name: String, path: String, cards: [DeckCard]) -> [String] {
        var lines: [String] = []
        let codes = cards.filter { $0.kind == .code }
        let pictures = cards.filter { $0.kind == .picture }
        lines.append("\(name) (\(path)): \(cards.count) card\(cards.count == 1 ? "" : "s")")
        if let first = codes.first?.code {
            var line = "  \(codes.count) code marker\(codes.count == 1 ? "" : "s") of \(first.size)x\(first.size) cells"
            if let distance = minimumCodeDistance {
                let budget = max(0, min((distance - 3) / 2, first.size * first.size / 8))
                line += "; the closest differ in \(distance) cell\(distance == 1 ? "" : "s")"
                if distance >= Deck.requiredDistance {
                    line += ", so up to \(budget) misread cell\(budget == 1 ? " is" : "s are") corrected"
                }
            }
            lines.append(line)
        }
        if !pictures.isEmpty {
            lines.append("  \(pictures.count) picture\(pictures.count == 1 ? "" : "s") (too alike at a correlation of \(Self.twoPlaces(Deck.maximumPictureSimilarity)) or more):")
            let width = pictures.map(\.name.count).max() ?? 4
            for neighbour in pictureNeighbours {
                var line = "    " + neighbour.card + String(repeating: " ", count: max(0, width - neighbour.card.count))
                if let nearest = neighbour.nearest {
                    line += "  nearest \(nearest) \(Self.twoPlaces(neighbour.correlation))"
                }
                line += ", itself turned \(Self.twoPlaces(neighbour.turnedCorrelation))"
                let alike = neighbour.correlation >= Deck.maximumPictureSimilarity
                    || neighbour.turnedCorrelation >= Deck.maximumPictureSimilarity
                lines.append(line + (alike ? "  TOO ALIKE" : ""))
            }
        }
        if problems.isEmpty {
            lines.append("ok: every card can be told apart")
        } else {
            lines.append("\(problems.count) problem\(problems.count == 1 ? "" : "s"):")
            lines += problems.map { "  " + $0.reason }
        }
        return lines
    }

    private static func twoPlaces(_ value: Double) -> String { String(format: "%.2f", value) }
}
