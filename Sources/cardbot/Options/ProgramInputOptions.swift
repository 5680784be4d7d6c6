import ArgumentParser

/// Where `run` gets its program. Today: typed with `--program`. A camera session (frames read by vision)
/// will be a second input mode next to it.
struct ProgramInputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The program: card names or marker ids, separated by spaces or commas, e.g. \"forward left repeat-2 forward\".",
            valueName: "cards"))
    var program: String?

    /// The input mode chosen.
    enum Mode {
        case typed(String)
    }

    /// The mode, or a usage error when none was given.
    func mode() throws -> Mode {
        guard let program else {
            throw ValidationError("give the program to run with --program \"forward left ...\"")
        }
        return .typed(program)
    }

    func validate() throws {
        _ = try mode()
    }
}
