import ArgumentParser
import CardBotCommandLine
import CardBotLesson
import CardBotSupport

extension CardBotCommand {
    /// `cardbot validate`: checks level files and directories.
    struct Validate: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Check level files and directories of them."),
                discussion: Messages.text("""
                    Every problem is printed as FILE:LINE:COLUMN: error: message, as compilers print them: malformed \
                    JSON, missing, mistyped or unknown fields, the map (characters, row lengths, one start, one goal), \
                    card names and marker ids, a goal or gem no program can reach, no program within maxCards that \
                    solves the level, and across a directory: unlocks of missing levels, duplicate numbers, cycles.

                    EXIT STATUS
                      0   every file is valid (warnings allowed)
                      1   some file has an error
                      64  the command line is not valid
                    """))
        }

        @Argument(help: ArgumentHelp(Messages.text("Level files or directories of them."), valueName: "file-or-dir"))
        var paths: [String]

        @Flag(name: .long, help: ArgumentHelp(Messages.text("Print JSON Lines: one object per problem, one per file, then a summary.")))
        var json = false

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        func validate() throws {
            if paths.isEmpty { throw ValidationError(Messages.text("name at least one level file or directory, e.g. cardbot validate Levels")) }
        }

        func run() throws {
            let report = LevelValidator(deckNames: try deckOptions.names()).validate(paths: paths)
            if json {
                StandardOutput.print(ValidationJSONLines.lines(report).joined(separator: "\n"))
            } else {
                for diagnostic in report.diagnostics { StandardError.print(diagnostic.description) }
                for file in report.files where file.isValid {
                    StandardOutput.print(ValidationSummary.fileLine(file))
                }
                StandardOutput.print(ValidationSummary.totalLine(report))
            }
            if !report.isValid { throw ExitCode.failure }
        }
    }
}
