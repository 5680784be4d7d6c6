import ArgumentParser
import CardBotSupport

/// Where `run` gets its program: typed with `--program`, or read by the camera from a recorded
/// session folder or from single frames.
struct ProgramInputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The program: card names or marker ids, separated by spaces or commas, e.g. \"forward left repeat-2 forward\".",
            valueName: "cards"))
    var program: String?

    @Argument(
        help: ArgumentHelp(
            "A recorded session folder (frames and an optional session.json), or single frame files.",
            valueName: "session-or-frames"))
    var inputs: [String] = []

    /// The input mode chosen.
    enum Mode {
        /// A typed program.
        case typed(String)
        /// A recorded session folder.
        case session(String)
        /// Single frame files, in the order given.
        case frames([String])
    }

    /// The mode, or a usage error when none or both were given.
    func mode() throws -> Mode {
        if let program {
            guard inputs.isEmpty else {
                throw ValidationError("give either --program or a session folder / frames, not both")
            }
            return .typed(program)
        }
        guard !inputs.isEmpty else {
            throw ValidationError(
                "give the program with --program \"forward left ...\", or a session folder or frames to read it from")
        }
        if inputs.count == 1, FileSystem.kind(inputs[0]) == .directory {
            return .session(inputs[0])
        }
        return .frames(inputs)
    }

    func validate() throws {
        _ = try mode()
    }
}
