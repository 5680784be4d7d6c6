import ArgumentParser
import Foundation

/// How `run` reads a recorded session: tracking in seconds, parallelism, and what it prints.
struct SessionOptions: ParsableArguments {
    @OptionGroup var tracking: TrackingOptionGroup

    @Option(name: .long, help: ArgumentHelp("Frames decoded and read in parallel (default: the core count).", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .long, help: "Print only the session summary.")
    var quiet = false

    @Flag(name: .long, help: "Print frames per second and peak memory on standard error at the end.")
    var stats = false

    @OptionGroup var sampling: VideoSamplingOptions

    @Flag(
        name: .long,
        help: "Follow a live stream on standard input (give - as the input): run the program the moment the child taps the GO card; stop at the end of the stream or on Ctrl-C.")
    var live = false

    func validate() throws {
        if jobs < 1 || jobs > 256 { throw ValidationError("--jobs must be between 1 and 256") }
    }
}
