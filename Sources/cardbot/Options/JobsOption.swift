import ArgumentParser
import Foundation

/// `--jobs N`: how many frames (or sessions) are read in parallel.
struct JobsOption: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Frames (or sessions) decoded and read in parallel (default: the core count).", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        if jobs < 1 || jobs > 256 { throw ValidationError("--jobs must be between 1 and 256") }
    }
}
