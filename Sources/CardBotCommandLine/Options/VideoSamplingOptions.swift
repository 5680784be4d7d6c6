import ArgumentParser
import CardBotSession
import CardBotSupport

/// `--sample-fps`: how many frames of each second of video are read.
package struct VideoSamplingOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(
        name: .customLong("sample-fps"),
        help: ArgumentHelp(
            Messages.text("Frames of each second of video that are read for cards (default 5: a tap on the GO card hides it for 0.15 s or more, so it is seen; programs and attempts are timed in seconds, so the rate changes nothing else). Every frame is still decoded as the codec needs."),
            valueName: "n"))
    package var sampleFPS: Double = RecordedSession.defaultSampleFPS

    package func validate() throws {
        guard sampleFPS > 0, sampleFPS <= 240 else { throw ValidationError(Messages.text("--sample-fps must be above 0 and at most 240.")) }
    }
}
