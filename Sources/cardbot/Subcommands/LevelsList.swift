import ArgumentParser
import CardBotCommandLine
import CardBotLesson
import CardBotSupport

extension CardBotCommand.Levels {
    /// `cardbot levels [list]`: the levels of a directory in unlock order.
    struct List: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("List the levels in unlock order with their cards and the fewest cards that solve them."),
                discussion: Messages.text("""
                    EXIT STATUS
                      0   every level file is valid
                      2   the directory cannot be read, or some level file is not valid (it is
                          reported and left out)
                    """))
        }

        @Argument(help: ArgumentHelp(Messages.text("The directory of level files."), valueName: "dir"))
        var directory: LevelsFolder = .curriculum

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        func run() throws {
            let catalog = try LevelCatalog(directory: directory.path, deckNames: try deckOptions.names())
            let rows = catalog.levels.map { level in
                LevelTable.Row(level: level, fewest: SolutionReport.shortCount(Solver.solve(level)))
            }
            StandardOutput.print(LevelTable.lines(rows).joined(separator: "\n"))
            try catalog.requireNoProblems()
        }
    }
}
