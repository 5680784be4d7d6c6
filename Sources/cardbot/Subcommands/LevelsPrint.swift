import ArgumentParser
import CardBotCommandLine
import CardBotLesson
import CardBotPictures
import CardBotSupport

extension CardBotCommand.Levels {
    /// `cardbot levels print`: a worksheet page per level.
    struct PrintWorksheets: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "print",
                abstract: Messages.text("Print a worksheet per level (PDF, or one PNG or SVG per level)."),
                discussion: Messages.text("""
                    Each page has the level's number, name and description, the map (walls, water, gems, the goal, \
                    the robot on the start facing its way) with a key, the hint, the cards available (pictograms and \
                    titles from the deck) and the card limit. Without LEVEL arguments, every level of --levels in \
                    unlock order. FILE.pdf gets one page per level; FILE.png (or .svg) gets FILE-1.png, FILE-2.png, ...
                    """))
        }

        @Argument(help: ArgumentHelp(Messages.text("Level files or level numbers (default: every level of --levels)."), valueName: "level"))
        var levelArguments: [String] = []

        @Option(name: .long, help: ArgumentHelp(Messages.text("The directory of level files for level numbers."), valueName: "dir"))
        var levels: LevelsFolder = .curriculum

        @Option(help: ArgumentHelp(Messages.text("The file to write: NAME.pdf, or NAME.png (NAME.svg) for NAME-1.png, ..."), valueName: "file"))
        var out: DocumentFile

        @Option(help: ArgumentHelp(Messages.text("The paper: a4 or letter."), valueName: "paper"))
        var paper = PaperSize.a4

        @Option(help: ArgumentHelp(Messages.text("Dots per inch of PNG pages."), valueName: "dpi"))
        var dpi: Int = 150

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        func validate() throws {
            guard (72...600).contains(dpi) else { throw ValidationError(Messages.text("--dpi must be from 72 to 600.")) }
        }

        func run() throws {
            let deck = try deckOptions.load()
            let chosen = try LevelLoader.levels(levelArguments, directory: levels.path, deckNames: deck.namesByMarker)
            let job = WorksheetJob(paper: paper, dpi: dpi, preferences: languageOptions.preferences)
            StandardOutput.print(try ProgressBar.showing { try job.write(chosen, deck: deck, to: out, progress: $0) })
        }
    }
}
