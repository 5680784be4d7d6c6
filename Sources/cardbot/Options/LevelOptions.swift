import ArgumentParser
import CardBotLesson
import CardBotSupport

/// `--level L` and `--levels DIR`: which level to play.
struct LevelOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The level: a level file, or a level number looked up in --levels (for a session, default: its session.json's level).",
            valueName: "level"))
    var level: String?

    @Option(name: .long, help: ArgumentHelp("The directory of level files for level numbers.", valueName: "dir"))
    var levels: LevelsFolder = .curriculum

    /// Loads the level, printing its problems and exiting 2 when it is not valid.
    func load(deckNames: [Int: String]) throws -> Level {
        guard let level else {
            StandardError.error("give the level with --level (a level file or a level number)")
            throw ExitCode(2)
        }
        return try LevelArgument.load(level, levelsDirectory: levels.path, deckNames: deckNames)
    }
}

/// Loading a level named on the command line, with errors printed as the CLI prints them.
enum LevelArgument {
    static func load(_ argument: String, levelsDirectory: String, deckNames: [Int: String]) throws -> Level {
        do {
            return try LevelLoader.locate(argument, levelsDirectory: levelsDirectory, deckNames: deckNames)
        } catch {
            for diagnostic in error.diagnostics where diagnostic.severity == .error {
                if diagnostic.position == .none {
                    StandardError.error("\(diagnostic.file): \(diagnostic.message)")
                } else {
                    StandardError.print(diagnostic.description)
                }
            }
            throw ExitCode(2)
        }
    }
}
