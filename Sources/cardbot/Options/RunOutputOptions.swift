import ArgumentParser
import CardBotSupport

/// How `run` prints: words (default), words with a map after every step, or JSON Lines.
struct RunOutputOptions: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(Messages.text("Draw the level with the robot after every step.")))
    var map = false

    @Flag(name: .customLong("no-color"), help: ArgumentHelp(Messages.text("Never colour the map (colour is used only on a terminal, and never when NO_COLOR is set).")))
    var noColor = false

    @Flag(name: .long, help: ArgumentHelp(Messages.text("Print JSON Lines: one object per step, then a result object.")))
    var json = false

    func validate() throws {
        if json && map { throw ValidationError(Messages.text("--map draws for people and cannot be combined with --json")) }
    }
}
