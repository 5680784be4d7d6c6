import ArgumentParser
import CardBotCommandLine
import CardBotGradebook
import CardBotSupport

extension CardBotCommand.Roster {
    /// `cardbot roster match CLASS_DIR --gradebook FILE [--class ID] [--write]`: which roster student each session is by.
    struct Match: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "match",
                abstract: Messages.text("Show which roster student each session of a class folder is by; --write writes the ids into session.json."),
                discussion: Messages.text("""
                    A session's studentId in session.json decides. Else its name (session.json's student, else its \
                    folder's name) is looked up in the roster: the full name first, then a user name or id, then the \
                    given name alone. A name that fits several students, or none, is reported and never guessed. \
                    --write adds "studentId" to the session.json of each session matched by name, keeping the rest \
                    of the file, and with --class makes the class folder's class.json name that roster class.

                    EXIT STATUS
                      0   every session is tied to a roster student
                      1   some session is not (ambiguous or unknown names, ids not in the roster)
                      2   bad input: no class folder, no roster in the gradebook, an unknown --class
                    """))
        }

        @Argument(help: ArgumentHelp(Messages.text("The class folder."), valueName: "class-dir"))
        var classDir: String

        @Option(name: .long, help: ArgumentHelp(Messages.text("The gradebook holding the roster (read only)."), valueName: "file.sqlite"))
        var gradebook: String

        @Option(name: .long, help: ArgumentHelp(Messages.text("Look only among the students of this roster class."), valueName: "class-id"))
        var `class`: String?

        @Flag(name: .long, help: ArgumentHelp(Messages.text("Write the ids of sessions matched by name into their session.json.")))
        var write = false

        @OptionGroup var languageOptions: LanguageOptions

        func run() throws {
            let matches = try RosterMatching.run(classFolder: classDir, gradebook: gradebook, rosterClass: self.class, write: write)
            if write, let rosterClass = self.class, let note = try RosterMatching.tieClass(classDir, to: rosterClass) {
                StandardError.print(note)
            }
            StandardOutput.print(RosterMatchTable.lines(matches).joined(separator: "\n"))
            if matches.contains(where: { !$0.isMatched }) { throw ExitCode.failure }
        }
    }
}
