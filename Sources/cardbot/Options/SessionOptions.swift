import ArgumentParser
import CardBotSupport
import Foundation

/// How `run` reads a recorded session: tracking in seconds, parallelism, and what it prints.
struct SessionOptions: ParsableArguments {
    @OptionGroup var tracking: TrackingOptionGroup

    @OptionGroup var parallel: JobsOption

    @Flag(name: .long, help: ArgumentHelp(Messages.text("Print only the session summary.")))
    var quiet = false

    @Flag(name: .long, help: ArgumentHelp(Messages.text("Print frames per second and peak memory on standard error at the end.")))
    var stats = false

    @OptionGroup var sampling: VideoSamplingOptions

    @Flag(
        name: .long,
        help: ArgumentHelp(Messages.text("Follow a live stream on standard input (give - as the input): run the program the moment the child taps the GO card; stop at the end of the stream or on Ctrl-C.")))
    var live = false

    /// Frames decoded and read in parallel.
    var jobs: Int { parallel.jobs }
}
