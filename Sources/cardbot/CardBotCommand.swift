import ArgumentParser
import CardBotSupport
import Foundation

/// The root of the `cardbot` command: each subcommand lives in its own file under `Subcommands/`.
@main
struct CardBotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardbot",
        abstract: "Programming cards on a table, read by a camera, run by a robot.",
        discussion: """
            Children lay printed programming cards in a row; CardBot reads them from camera frames, \
            runs the program on a robot in a tile-map level, and prints every step.
            """,
        version: CardBotVersion.current,
        subcommands: [
            Run.self, Grade.self, Progress.self, Detect.self, Validate.self, Solve.self, Levels.self, Cards.self, Synth.self,
            Paths.self,
        ]
    )

    /// Runs with the raw command line, so that file names that are not UTF-8 survive (see `RawArguments`).
    ///
    /// The one place errors are printed: a ``DiagnosticError`` thrown by any layer is printed here, once, in the
    /// compiler's shape, and ends the process with its exit status; command-line mistakes and `ExitCode`s are the
    /// argument parser's.
    static func main() {
        do {
            var command = try parseAsRoot(RawArguments.current())
            try command.run()
        } catch let error as DiagnosticError {
            exit(with: error)
        } catch {
            exit(withError: error)
        }
    }

    /// Prints `error`'s problems, each once, and ends the process with its exit status.
    static func exit(with error: DiagnosticError) -> Never {
        for problem in error.problems { StandardError.print(problem.line) }
        Foundation.exit(error.exitStatus)
    }
}
