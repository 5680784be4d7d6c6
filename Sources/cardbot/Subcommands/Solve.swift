import ArgumentParser
import CardBotCommandLine
import CardBotLesson
import CardBotSupport

extension CardBotCommand {
    /// `cardbot solve`: the program with the fewest cards for a level.
    struct Solve: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Print the program with the fewest cards that solves a level."),
                discussion: Messages.text("""
                    Loops, ifs and functions (define-a, call-a, define-b, call-b) are included; only the level's cards \
                    are used. The answer says whether its card count is proven minimal or only the best found within \
                    the bound and the search budget. The bound is --max-cards, else the level's maxCards, else the \
                    shortest program of step cards only (which proves the level solvable).

                    EXIT STATUS
                      0   a program was found
                      1   no program was found within the bound
                      2   the level is not valid
                    """))
        }

        @Argument(help: ArgumentHelp(Messages.text("A level file, or a level number looked up in --levels."), valueName: "level"))
        var level: String

        @Option(name: .long, help: ArgumentHelp(Messages.text("The directory of level files for level numbers."), valueName: "dir"))
        var levels: LevelsFolder = .curriculum

        @Option(name: .customLong("max-cards"), help: ArgumentHelp(Messages.text("Search programs of at most this many cards (default: the level's maxCards, else the shortest straight program).")))
        var maxCards: Int?

        @Option(name: .long, help: ArgumentHelp(Messages.text("The most partial programs to look at before giving up proving.")))
        var budget: Int = SolverOptions.defaultNodeBudget

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        func validate() throws {
            if let maxCards, !(1...LevelLimits.maximumMaxCards).contains(maxCards) {
                throw ValidationError(Messages.text("--max-cards must be between 1 and %s", LevelLimits.maximumMaxCards))
            }
            if budget < 1 { throw ValidationError(Messages.text("--budget must be at least 1")) }
        }

        func run() throws {
            let level = try LevelLoader.locate(self.level, levelsDirectory: levels.path, deckNames: try deckOptions.names())
            let solution = Solver.solve(level, options: SolverOptions(maxCards: maxCards, nodeBudget: budget))
            StandardOutput.print(SolutionReport.lines(solution, level: level).joined(separator: "\n"))
            if solution.program == nil { throw ExitCode.failure }
        }
    }
}
