import ArgumentParser
import CardBotSupport

/// Where `run` gets its program: typed with `--program`, or read by the camera from a recorded
/// session folder or from single frames.
package struct ProgramInputOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            Messages.text("The program: card names or marker ids, separated by spaces or commas, e.g. \"forward left repeat-2 forward\"."),
            valueName: "cards"))
    package var program: String?

    @Argument(
        help: ArgumentHelp(
            Messages.text("A recorded session folder (frames or one video, and an optional session.json), a video file, single frame files, or - for a live stream on standard input (with --live)."),
            valueName: "session-or-frames"))
    package var inputs: [String] = []

    /// The input mode chosen.
    package enum Mode {
        /// A typed program.
        case typed(String)
        /// A recording: a session folder, a video file, single frame files, or `-` for a live stream.
        case recording([String])
    }

    /// The mode, or a usage error when none or both were given.
    package func mode() throws -> Mode {
        if let program {
            guard inputs.isEmpty else {
                // The argument parser checks this before it names an unknown option, so `--leve 3` lands here
                // with 3 as an input: say what was taken for one.
                if let stray = inputs.first(where: { FileSystem.kind($0) == .missing }) {
                    throw ValidationError(
                        Messages.text("'%s' was taken for a session folder or frame, but there is none, and --program was given: is the option before it misspelled?", stray))
                }
                throw ValidationError(Messages.text("give either --program or a session folder / frames, not both"))
            }
            return .typed(program)
        }
        guard !inputs.isEmpty else {
            throw ValidationError(
                Messages.text("give the program with --program \"forward left ...\", or a session folder or frames to read it from"))
        }
        return .recording(inputs)
    }

    package func validate() throws {
        _ = try mode()
    }
}
