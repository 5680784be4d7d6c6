import ArgumentParser
import CardBotCommandLine
import CardBotSupport
import Foundation

extension CardBotCommand {
    /// `cardbot paths`: where the curriculum, the deck and the message catalogs come from.
    struct Paths: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Show where CardBot finds its levels, deck and messages."),
                discussion: Messages.text("""
                    CardBot's resources are found as any installed program finds its data: $CARDBOT_HOME when set, \
                    else <prefix>/share/cardbot beside the executable's bin/ (make install, the Debian package), else \
                    the source checkout the executable was built in. --levels, --deck and --language (and \
                    $CARDBOT_DECK, $CARDBOT_LOCALE_DIR) override each one.
                    """))
        }

        func run() throws {
            StandardOutput.print("cardbot \(CardBotVersion.current)")
            for line in ResourceHome.current.report(environment: ProcessInfo.processInfo.environment) { StandardOutput.print(line) }
        }
    }
}
