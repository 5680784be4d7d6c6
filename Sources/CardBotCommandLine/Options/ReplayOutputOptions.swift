import ArgumentParser
import CardBotAR
import CardBotPictures
import CardBotSupport
import Foundation

/// `--replay OUT` and its pacing and camera options: the AR replay of `run`.
package struct ReplayOutputOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            Messages.text("Write the AR replay: OUT.mp4 (H.264), OUT.gif, or DIR/ for one PNG per frame."),
            valueName: "out"))
    package var replay: ReplayTarget?

    @Option(
        name: .customLong("step-seconds"),
        help: ArgumentHelp(Messages.text("Seconds per robot step in the replay."), valueName: "s"))
    package var stepSeconds: Double = 0.5

    @Option(
        name: .customLong("camera-fov"),
        help: ArgumentHelp(
            Messages.text("The camera's horizontal field of view in degrees, for standing the robot and walls up from the table (phones and webcams: 60 to 70)."),
            valueName: "degrees"))
    package var cameraFOV: Double = CameraPose.defaultFieldOfView

    /// Accepted from older command lines and hidden: the replay is drawn in the cards' own widths (the table plane,
    /// the map's tiles, the robot and the walls), so the printed size cancels out of every picture; saying so beats
    /// an option that silently changes nothing.
    @Option(name: .customLong("card-size"), help: .hidden)
    package var cardSize: Length?

    package func validate() throws {
        guard ReplayOptions.stepSecondsRange.contains(stepSeconds) else {
            throw ValidationError(Messages.text("--step-seconds must be from 0.05 to 10, not %s.", stepSeconds))
        }
        guard CameraPose.fieldsOfView.contains(cameraFOV) else {
            throw ValidationError(Messages.text("--camera-fov must be from 20 to 150 degrees, not %s.", cameraFOV))
        }
        if cardSize != nil {
            StandardError.warning(
                file: "--card-size",
                Messages.text("the replay is drawn in the cards' own widths, so their printed size changes nothing; leave the option out"))
        }
    }

    /// The replay job `--replay` asks for, or nil without it.
    package var job: ReplayJob? {
        replay.map { ReplayJob(target: $0, options: options) }
    }

    /// The replay's options.
    package var options: ReplayOptions {
        ReplayOptions(fieldOfView: cameraFOV, stepSeconds: stepSeconds)
    }
}
