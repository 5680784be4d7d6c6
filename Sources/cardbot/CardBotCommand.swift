import ArgumentParser
import CardBotCommandLine
import CardBotSupport
import Foundation

/// The root of the `cardbot` command: each subcommand lives in its own file under `Subcommands/`.
@main
struct CardBotCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "cardbot",
            abstract: Messages.text("Programming cards on a table, read by a camera, run by a robot."),
            discussion: Messages.text("""
                Children lay printed programming cards in a row; CardBot reads them from camera frames, \
                runs the program on a robot in a tile-map level, and prints every step.
                """),
            version: CardBotVersion.current,
            subcommands: [
                Run.self, Grade.self, Progress.self, Check.self, Roster.self, Detect.self, Validate.self, Solve.self, Levels.self,
                Cards.self, Synth.self,
                Paths.self,
            ]
        )
    }

    /// Runs with the raw command line, so that file names that are not UTF-8 survive (see `RawArguments`).
    ///
    /// The language is chosen first (``StartupLanguage``), so that help and usage errors speak it too. The one
    /// place errors are printed: a ``DiagnosticError`` thrown by any layer is printed here, once, in the compiler's
    /// shape, and ends the process with its exit status; command-line mistakes, help and `ExitCode`s are the
    /// argument parser's, in the messages' language.
    static func main() {
        let arguments = RawArguments.current()
        StartupLanguage.choose(for: arguments)
        do {
            var command = try parseAsRoot(StartupLanguage.forParsing(arguments))
            try command.run()
        } catch let error as DiagnosticError {
            StandardError.exit(with: error)
        } catch {
            exit(translating: error)
        }
    }
}
