import ArgumentParser
import CardBotCommandLine
import CardBotSupport

extension CardBotCommand {
    /// `cardbot roster`: the school's roster (OneRoster 1.1 or Clever CSV) in the gradebook, and sessions tied to
    /// its students by id.
    struct Roster: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Rosters: students by their school's ids, from OneRoster or Clever CSV files."),
                discussion: Messages.text("""
                    'import' reads a roster's CSV files into a gradebook; 'match' shows which roster student each \
                    session of a class folder is by, and with --write writes the ids into session.json.
                    """),
                subcommands: [Import.self, Match.self])
        }
    }
}
