import ArgumentParser
import CardBotVideo

/// `--sample-fps`: how many frames of each second of video are read.
struct VideoSamplingOptions: ParsableArguments {
    @Option(
        name: .customLong("sample-fps"),
        help: ArgumentHelp(
            "Frames of each second of video that are read for cards (default 5: with --stable-frames 3 a program counts after 0.6 s of stillness, and a hand passing over the cards in under 0.4 s never changes it). Every frame is still decoded as the codec needs.",
            valueName: "n"))
    var sampleFPS: Double = VideoFrameSource.defaultSampleFPS

    func validate() throws {
        guard sampleFPS > 0, sampleFPS <= 240 else { throw ValidationError("--sample-fps must be above 0 and at most 240.") }
    }
}
