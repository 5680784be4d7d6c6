import ArgumentParser

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

    /// Runs with the raw command line, so that file names that are not UTF-8 survive (see `RawArguments`);
    /// `grade merge ...` goes to ``Grade/Merge`` (see there why).
    static func main() {
        let arguments = RawArguments.current()
        if arguments.count >= 2, arguments[0] == "grade", arguments[1] == "merge" {
            Grade.Merge.main(Array(arguments.dropFirst(2)))
        } else {
            main(arguments)
        }
    }
}
