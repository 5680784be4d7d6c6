import ArgumentParser
import CardBotSupport
import CardBotVision
import Foundation

extension CardBotCommand.Cards {
    /// `cardbot cards check`: whether every card of a deck can be told apart, listing every problem.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check that every card of a deck can be told apart; say which markers or pictures are too alike.",
            discussion: """
                Lists every problem (not just the first, as loading does): code markers that read the same \
                turned or differ in too few cells, pictures that look too alike (or like themselves turned), \
                and in a mixed deck, pictures that read like a code card. For pictures it also prints each \
                one's most similar other picture.

                EXIT STATUS
                  0   every card can be told apart
                  1   some cards are too alike (listed)
                  2   the deck or an image cannot be read
                """)

        @OptionGroup var deckOptions: DeckOptions

        func run() throws {
            let path: String
            let read: (name: String, cards: [DeckCard])
            do {
                path = try DeckLocator.locate(explicit: deckOptions.deck, environment: ProcessInfo.processInfo.environment)
                read = try Deck.readCards(path)
            } catch let error as DeckError {
                StandardError.error(file: error.file, position: error.position, error.reason)
                throw ExitCode(2)
            }
            let check = DeckCheck(cards: read.cards)
            let codes = read.cards.filter { $0.kind == .code }
            let pictures = read.cards.filter { $0.kind == .picture }
            StandardOutput.print("\(read.name) (\(path)): \(read.cards.count) card\(read.cards.count == 1 ? "" : "s")")
            if let first = codes.first?.code {
                var line = "  \(codes.count) code marker\(codes.count == 1 ? "" : "s") of \(first.size)x\(first.size) cells"
                if let distance = check.minimumCodeDistance {
                    let budget = max(0, min((distance - 3) / 2, first.size * first.size / 8))
                    line += "; the closest differ in \(distance) cell\(distance == 1 ? "" : "s")"
                    if distance >= Deck.requiredDistance {
                        line += ", so up to \(budget) misread cell\(budget == 1 ? " is" : "s are") corrected"
                    }
                }
                StandardOutput.print(line)
            }
            if !pictures.isEmpty {
                StandardOutput.print("  \(pictures.count) picture\(pictures.count == 1 ? "" : "s") (too alike at a correlation of \(Self.format(Deck.maximumPictureSimilarity)) or more):")
                let width = pictures.map(\.name.count).max() ?? 4
                for neighbour in check.pictureNeighbours {
                    var line = "    " + CardsSupport.pad(neighbour.card, width)
                    if let nearest = neighbour.nearest {
                        line += "  nearest \(nearest) \(Self.format(neighbour.correlation))"
                    }
                    line += ", itself turned \(Self.format(neighbour.turnedCorrelation))"
                    let alike = neighbour.correlation >= Deck.maximumPictureSimilarity
                        || neighbour.turnedCorrelation >= Deck.maximumPictureSimilarity
                    StandardOutput.print(line + (alike ? "  TOO ALIKE" : ""))
                }
            }
            if check.problems.isEmpty {
                StandardOutput.print("ok: every card can be told apart")
                return
            }
            StandardOutput.print("\(check.problems.count) problem\(check.problems.count == 1 ? "" : "s"):")
            for problem in check.problems { StandardOutput.print("  " + problem.reason) }
            throw ExitCode.failure
        }

        static func format(_ value: Double) -> String { String(format: "%.2f", value) }
    }
}
