import ArgumentParser
import CardBotSupport
import Foundation

/// `--jobs N`: how many frames (or sessions) are read in parallel.
package struct JobsOption: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(
        name: .customLong("jobs"), help: ArgumentHelp(Messages.text("Frames (or sessions) decoded and read in parallel (default: the core count)."), valueName: "n"))
    package var count: Int?

    package func validate() throws {
        if let count, count < 1 || count > 256 { throw ValidationError(Messages.text("--jobs must be between 1 and 256")) }
    }

    /// The number asked for, else the core count (said in the help rather than as a default, which would be this
    /// machine's).
    package var jobs: Int { count ?? ProcessInfo.processInfo.activeProcessorCount }
}
