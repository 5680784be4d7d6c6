import ArgumentParser
import CardBotSupport
import CardBotSynth

/// `synth session --video FILE` and how the video is encoded, as a phone would record it.
package struct SynthVideoOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(help: ArgumentHelp(Messages.text("Write the session as this video file instead of frame files."), valueName: "file"))
    package var video: String?

    @Option(name: .customLong("video-fps"), help: ArgumentHelp(Messages.text("Video frames per second (with --variable-rate, frames come 1/60 to 1/12 s apart instead).")))
    package var videoFPS: Int = 30

    @Option(help: ArgumentHelp(Messages.text("H.264 constant rate factor, 0 to 51 (lower is better; a phone records at about 23 to 28).")))
    package var crf: Int = 20

    @Flag(name: .customLong("variable-rate"), help: ArgumentHelp(Messages.text("Write the video at a variable frame rate, as phones do.")))
    package var variableRate = false

    @Option(help: ArgumentHelp(Messages.text("The video encoder (libx264, mpeg4, mjpeg, ...; default: the container's)."), valueName: "name"))
    package var codec: String?

    @Option(
        name: .customLong("display-rotation"),
        help: ArgumentHelp(
            Messages.text("Store the video's frames turned and write a display matrix that turns them back by this many degrees clockwise (0, 90, 180, 270), as a phone does for portrait videos."),
            valueName: "deg"))
    package var displayRotation: Int = 0

    package func validate() throws {
        if ![0, 90, 180, 270].contains(displayRotation) { throw ValidationError(Messages.text("--display-rotation must be 0, 90, 180 or 270.")) }
        if !(0...51).contains(crf) { throw ValidationError(Messages.text("--crf must be 0 to 51.")) }
        if !(1...240).contains(videoFPS) { throw ValidationError(Messages.text("--video-fps must be 1 to 240.")) }
    }

    /// The video to write, or nil for frame files.
    package var sessionVideo: SessionVideo? {
        video.map {
            SessionVideo(path: $0, videoFPS: videoFPS, variableRate: variableRate, codec: codec, rotation: displayRotation, crf: crf)
        }
    }
}
