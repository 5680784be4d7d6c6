import ArgumentParser
import CardBotCommandLine
import CardBotGradebook
import CardBotSupport

extension CardBotCommand.Roster {
    /// `cardbot roster import FILE... --gradebook FILE`: roster files into the gradebook, whole or not at all.
    struct Import: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "import",
                abstract: Messages.text("Import a roster (OneRoster 1.1 or Clever CSV files) into a gradebook."),
                discussion: Messages.text("""
                    Reads OneRoster 1.1 CSV (orgs.csv, users.csv, classes.csv, enrollments.csv) or Clever CSV \
                    (schools.csv, students.csv, sections.csv, enrollments.csv); a folder is read as the roster files \
                    in it. Students, classes and enrollments are added or updated by their ids. Every malformed row \
                    is reported as FILE:LINE: error: reason, and then nothing is imported.

                    EXIT STATUS
                      0   the roster was imported
                      2   bad input: a malformed roster file (nothing imported), or a gradebook
                          that is not a CardBot gradebook
                    """))
        }

        @Argument(help: ArgumentHelp(Messages.text("The roster's CSV files, or folders of them."), valueName: "file"))
        var files: [String]

        @Option(name: .long, help: ArgumentHelp(Messages.text("The gradebook the roster goes into (made when missing)."), valueName: "file.sqlite"))
        var gradebook: String

        @OptionGroup var languageOptions: LanguageOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError(Messages.text("give the roster's CSV files")) }
        }

        func run() throws {
            StandardOutput.print(try RosterImport.run(files, gradebook: gradebook, cardbotVersion: CardBotVersion.current))
        }
    }
}
