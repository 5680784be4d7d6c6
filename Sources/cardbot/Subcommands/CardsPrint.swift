import ArgumentParser
import CardBotPictures
import CardBotImaging
import CardBotPrint
import CardBotSupport
import CardBotVision
import Foundation

extension CardBotCommand.Cards {
    /// `cardbot cards print`: sheets of card faces to print and cut out.
    struct PrintSheets: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "print",
            abstract: "Make sheets of cards to print and cut out (PDF, or one PNG per sheet).",
            discussion: """
                Every card face shows its marker, a pictogram of what it does, its title and its description, with light grey \
                cutting lines and cut marks; several cards fit a sheet. FILE.pdf gets one page per sheet; \
                FILE.png gets FILE-1.png, FILE-2.png, ... Print at 100% (no 'fit to page').
                """)

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        @Option(help: ArgumentHelp("The file to write: NAME.pdf, or NAME.png (NAME.svg) for NAME-1.png, NAME-2.png, ...", valueName: "file"))
        var out: String

        @Option(help: ArgumentHelp("The paper: a4 or letter.", valueName: "paper"))
        var paper: String = "a4"

        @Option(
            name: .customLong("card-size"),
            help: ArgumentHelp("The card's width, such as 60mm, 6cm or 2.5in (30 to 180 mm); the height is 1.375 times it.", valueName: "size"))
        var cardSize: String = "60mm"

        @Option(help: ArgumentHelp("Print only these cards: names or marker ids separated by commas.", valueName: "names"))
        var only: String?

        @Option(help: ArgumentHelp("Dots per inch.", valueName: "dpi"))
        var dpi: Int = 300

        func validate() throws {
            guard PaperSize(rawValue: paper.lowercased()) != nil else {
                throw ValidationError("--paper must be a4 or letter, not '\(paper)'.")
            }
            guard let width = Self.millimetres(cardSize) else {
                throw ValidationError("--card-size must be a length such as 60mm, 6cm or 2.5in, not '\(cardSize)'.")
            }
            guard SheetLayout.cardWidths.contains(width) else {
                throw ValidationError("--card-size must be from 30mm to 180mm, not \(cardSize).")
            }
            guard (72...1200).contains(dpi) else { throw ValidationError("--dpi must be from 72 to 1200.") }
            let lower = out.lowercased()
            guard lower.hasSuffix(".pdf") || lower.hasSuffix(".png") || lower.hasSuffix(".svg") else {
                throw ValidationError("--out must end in .pdf, .png or .svg, not '\(out)'.")
            }
        }

        func run() throws {
            let deck = try deckOptions.load()
            let paper = PaperSize(rawValue: self.paper.lowercased())!
            let width = Self.millimetres(cardSize)!
            guard let layout = SheetLayout(paper: paper, cardWidth: width) else {
                StandardError.error("a \(cardSize) card does not fit on \(paper.rawValue) paper; choose a smaller --card-size")
                throw ExitCode(2)
            }
            var cards = deck.cards
            if let only {
                var chosen: [DeckCard] = []
                for key in only.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) where !key.isEmpty {
                    let card = try CardsSupport.card(key, in: deck)
                    if !chosen.contains(where: { $0.marker == card.marker }) { chosen.append(card) }
                }
                cards = chosen
            }
            cards = cards.map { $0.localized(languageOptions.preferences) }
            guard !cards.isEmpty else {
                StandardError.error("--only names no cards")
                throw ExitCode(2)
            }
            let printer = CardSheetPrinter(layout: layout, dpi: dpi, deckName: deck.name)
            let count = printer.sheetCount(cards: cards.count)
            var written: [String] = []
            do {
                if out.lowercased().hasSuffix(".pdf") {
                    try FileBytes.writeAtomically(try printer.pdf(of: cards), to: out)
                    written.append(out)
                } else if out.lowercased().hasSuffix(".svg") {
                    let stem = String(out.dropLast(4))
                    for sheet in 0..<count {
                        let path = count == 1 ? out : "\(stem)-\(sheet + 1).svg"
                        try FileBytes.writeAtomically(try printer.svg(ofSheet: sheet, of: cards), to: path)
                        written.append(path)
                    }
                } else {
                    let stem = String(out.dropLast(4))
                    for sheet in 0..<count {
                        let path = "\(stem)-\(sheet + 1).png"
                        try ImageWriter.write(printer.renderSheet(sheet, of: cards), to: path)
                        written.append(path)
                    }
                }
            } catch let error as ImageError {
                StandardError.error(file: error.file, error.reason)
                throw ExitCode(2)
            } catch let error as CanvasError {
                StandardError.error(file: out, error.description)
                throw ExitCode(2)
            }
            let size = "\(Self.format(layout.cardWidth)) x \(Self.format(layout.cardHeight)) mm"
            let cardCount = Messages.plural("%s card", "%s cards", count: cards.count, cards.count)
            let paperName = paper == .a4 ? "A4" : "Letter"
            let sheets = Messages.plural("%1$s %2$s sheet", "%1$s %2$s sheets", count: count, count, paperName)
            StandardOutput.print(
                Messages.text(
                    "%1$s: %2$s on %3$s (%4$s a sheet, %5$s, %6$s dpi)", written.joined(separator: ", "), cardCount, sheets,
                    layout.cardsPerSheet, size, dpi))
        }

        /// A length in millimetres from text such as `60mm`, `6cm`, `2.5in` or `60` (millimetres).
        static func millimetres(_ text: String) -> Double? {
            let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
            for (suffix, factor) in [("mm", 1.0), ("cm", 10.0), ("in", 25.4), ("", 1.0)] where lower.hasSuffix(suffix) {
                if let value = Double(lower.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), value.isFinite {
                    return value * factor
                }
            }
            return nil
        }

        static func format(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
        }
    }
}
