import ArgumentParser
import CardBotSupport

/// `--level L` and `--levels DIR`: which level to play.
struct LevelOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            Messages.text("The level: a level file, or a level number looked up in --levels (for a session, default: its session.json's level)."),
            valueName: "level"))
    var level: String?

    @Option(name: .long, help: ArgumentHelp(Messages.text("The directory of level files for level numbers."), valueName: "dir"))
    var levels: LevelsFolder = .curriculum

    /// The level given, where one is needed.
    /// - Throws: a ``Problem`` saying to give it, when it is missing.
    func required() throws -> String {
        guard let level else { throw Problem("give the level with --level (a level file or a level number)") }
        return level
    }
}
