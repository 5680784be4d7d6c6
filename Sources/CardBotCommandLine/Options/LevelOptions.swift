import ArgumentParser
import CardBotSupport

/// `--level L` and `--levels DIR`: which level to play.
package struct LevelOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            Messages.text("The level: a level file, or a level number looked up in --levels (for a session, default: its session.json's level)."),
            valueName: "level"))
    package var level: String?

    @Option(name: .long, help: ArgumentHelp(Messages.text("The directory of level files for level numbers."), valueName: "dir"))
    package var levels: LevelsFolder = .curriculum

    /// The level given, where one is needed.
    /// - Throws: a ``Problem`` saying to give it, when it is missing.
    package func required() throws -> String {
        guard let level else { throw Problem(Messages.text("give the level with --level (a level file or a level number)")) }
        return level
    }
}
