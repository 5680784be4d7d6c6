import ArgumentParser
import CardBotSupport

/// How `run` prints: words (default), words with a map after every step, or JSON Lines.
package struct RunOutputOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Flag(name: .long, help: ArgumentHelp(Messages.text("Draw the level with the robot after every step.")))
    package var map = false

    @Flag(name: .customLong("no-color"), help: ArgumentHelp(Messages.text("Never colour the map (colour is used only on a terminal, and never when NO_COLOR is set).")))
    package var noColor = false

    @Flag(name: .long, help: ArgumentHelp(Messages.text("Print JSON Lines: one object per step, then a result object.")))
    package var json = false

    package func validate() throws {
        if json && map { throw ValidationError(Messages.text("--map draws for people and cannot be combined with --json")) }
    }
}
