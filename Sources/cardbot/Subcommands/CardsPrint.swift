import ArgumentParser
import CardBotCommandLine
import CardBotPictures
import CardBotSupport
import Foundation

extension CardBotCommand.Cards {
    /// `cardbot cards print`: sheets of card faces to print and cut out.
    struct PrintSheets: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "print",
                abstract: Messages.text("Make sheets of cards to print and cut out (PDF, or one PNG per sheet)."),
                discussion: Messages.text("""
                    Every card face shows its marker, a pictogram of what it does, its title and its description, with light grey \
                    cutting lines and cut marks; several cards fit a sheet. FILE.pdf gets one page per sheet; \
                    FILE.png gets FILE-1.png, FILE-2.png, ... Print at 100% (no 'fit to page').
                    """))
        }

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        @Option(help: ArgumentHelp(Messages.text("The file to write: NAME.pdf, or NAME.png (NAME.svg) for NAME-1.png, NAME-2.png, ..."), valueName: "file"))
        var out: DocumentFile

        @Option(help: ArgumentHelp(Messages.text("The paper: a4 or letter."), valueName: "paper"))
        var paper = PaperSize.a4

        @Option(
            name: .customLong("card-size"),
            help: ArgumentHelp(Messages.text("The card's width, such as 60mm, 6cm or 2.5in (30 to 180 mm); the height is 1.375 times it."), valueName: "size"))
        var cardSize = Length(millimetres: 60)

        @Option(help: ArgumentHelp(Messages.text("Print only these cards: names or marker ids separated by commas."), valueName: "names"))
        var only: String?

        @Option(help: ArgumentHelp(Messages.text("Dots per inch."), valueName: "dpi"))
        var dpi: Int = 300

        func validate() throws {
            guard SheetLayout.cardWidths.contains(cardSize.millimetres) else {
                throw ValidationError(Messages.text("--card-size must be from 30mm to 180mm, not %s.", cardSize))
            }
            guard (72...1200).contains(dpi) else { throw ValidationError(Messages.text("--dpi must be from 72 to 1200.")) }
        }

        func run() throws {
            let cards = only.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            let job = CardSheetJob(
                paper: paper, cardWidth: cardSize, dpi: dpi, only: cards, preferences: languageOptions.preferences)
            let deck = try deckOptions.load()
            StandardOutput.print(try ProgressBar.showing { try job.write(deck, to: out, progress: $0) })
        }
    }
}
