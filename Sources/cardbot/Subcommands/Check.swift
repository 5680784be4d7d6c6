import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotSession
import CardBotSupport
import CardBotTracking

extension CardBotCommand {
    /// `cardbot check`: whether this camera setup will read the cards, said before the lesson.
    struct Check: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Check before the lesson whether this camera setup will read the cards."),
                discussion: Messages.text("""
                    Reads a frame, a few frames, a session folder, a video, or with --live a stream on standard \
                    input (its first 5 seconds), and judges the cards' size in pixels, blur, light, noise, glare on \
                    the cards, how much of the table is in view, the camera's tilt and whether a GO card is seen, \
                    with one line of advice for each problem. The limits were measured on synthesized frames \
                    (see docs/capture.md).

                    EXIT STATUS
                      0   the setup reads the cards well (warnings may be given)
                      1   the setup will not read the cards well
                      2   bad input: no such recording, or no frame of it could be read
                      64  the command line is not valid
                    """))
        }

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions
        @OptionGroup var imageLimits: ImageLimitOptions
        @OptionGroup var parallel: JobsOption
        @OptionGroup var sampling: VideoSamplingOptions

        @Flag(help: ArgumentHelp(Messages.text("Print the findings as one JSON object (see docs/formats.md).")))
        var json = false

        @Flag(help: ArgumentHelp(Messages.text("Check a live stream on standard input (give - as the input).")))
        var live = false

        @Argument(help: ArgumentHelp(Messages.text("A frame, frame files, a session folder, a video file, or - with --live."), valueName: "recording"))
        var inputs: [String] = []

        func validate() throws {
            if inputs.isEmpty { throw ValidationError(Messages.text("Give a frame, a session folder or a video to check.")) }
            if live != (inputs == ["-"]) {
                throw ValidationError(Messages.text("--live reads a stream from standard input: give - as the input, and - only with --live"))
            }
        }

        func run() throws {
            let recording = try RecordedSession.open(inputs: inputs)
            let check = CaptureCheck(deck: try deckOptions.load(), limits: imageLimits.limits, jobs: parallel.jobs, sampleFPS: sampling.sampleFPS)
            let report = try check.check(recording, name: inputs.count <= 3 ? inputs.joined(separator: " ") : "\(inputs[0]) ... \(inputs[inputs.count - 1])")
            for frame in report.unreadable {
                StandardError.warning(file: recording.file(ofFrame: frame.name), Messages.text("%s; frame skipped", frame.shownReason))
            }
            StandardOutput.print(json ? report.json : report.lines.joined(separator: "\n"))
            if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
        }
    }
}
