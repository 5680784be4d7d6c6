import ArgumentParser
import CardBotSupport
import Foundation

/// How `run` reads a recorded session: tracking in seconds, parallelism, and what it prints.
package struct SessionOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @OptionGroup package var tracking: TrackingOptionGroup

    @OptionGroup package var parallel: JobsOption

    @Flag(name: .long, help: ArgumentHelp(Messages.text("Print only the session summary.")))
    package var quiet = false

    @Flag(name: .long, help: ArgumentHelp(Messages.text("Print frames per second and peak memory on standard error at the end.")))
    package var stats = false

    @OptionGroup package var sampling: VideoSamplingOptions

    @Flag(
        name: .long,
        help: ArgumentHelp(Messages.text("Follow a live stream on standard input (give - as the input): run the program the moment the child taps the GO card; stop at the end of the stream or on Ctrl-C.")))
    package var live = false

    /// Frames decoded and read in parallel.
    package var jobs: Int { parallel.jobs }
}
