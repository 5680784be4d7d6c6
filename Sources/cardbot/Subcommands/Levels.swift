import ArgumentParser
import CardBotSupport

extension CardBotCommand {
    /// `cardbot levels`: list the curriculum, or print level worksheets.
    struct Levels: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("List the levels in unlock order, or print a worksheet per level."),
                discussion: Messages.text("""
                    Without a subcommand, lists the levels (see 'cardbot levels list --help'). 'print' makes one \
                    A4 or Letter page per level: the map, what to do, the hint, the cards and the card limit.
                    """),
                subcommands: [List.self, PrintWorksheets.self],
                defaultSubcommand: List.self
            )
        }
    }
}
