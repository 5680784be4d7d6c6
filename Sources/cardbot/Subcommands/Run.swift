import ArgumentParser
import CardBotLesson

extension CardBotCommand {
    /// `cardbot run`: runs a program on a level and prints every step.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a program on a level and print every step.",
            discussion: """
                The program is typed with --program as card names or marker ids (mapped through the level's \
                cards), separated by spaces or commas. The level is a level file, or a level number looked up \
                in --levels.

                EXIT STATUS
                  0   the robot reached the goal with every gem
                  1   the run failed (any reason other than goal)
                  2   bad input: the level file or the program is not valid
                  64  the command line is not valid
                """)

        @OptionGroup var level: LevelOptions
        @OptionGroup var input: ProgramInputOptions
        @OptionGroup var output: RunOutputOptions

        func run() throws {
            let level = try self.level.load()
            let program: CardProgram
            switch try input.mode() {
            case .typed(let text):
                program = try Self.typedProgram(text, level: level)
            }
            let trace = Robot.run(program, on: level)
            let optimal = Solver.solve(level).optimalCardCount
            let lines: [String]
            if output.json {
                lines = TraceJSONLines.lines(for: trace, optimal: optimal)
            } else {
                let report = RunReport(showMap: output.map, color: TerminalColor.enabled(disabled: output.noColor))
                lines = report.lines(for: trace, level: level, optimal: optimal)
            }
            print(lines.joined(separator: "\n"))
            if !trace.success { throw ExitCode.failure }
        }

        /// Reads a typed program against the level's cards; bad cards exit 2 with the card's position.
        static func typedProgram(_ text: String, level: Level) throws -> CardProgram {
            let mapping = CardMapping(level: level, deckNames: DefaultDeckNames.byMarkerID)
            do {
                return try CardProgram(try mapping.cards(text: text))
            } catch let error as CardMappingError {
                StandardError.error("--program: \(error.message)")
            } catch let error as ProgramError {
                StandardError.error("--program: \(error.message)")
            }
            throw ExitCode(2)
        }
    }
}
