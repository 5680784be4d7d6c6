import ArgumentParser
import CardBotGradebook
import CardBotSupport

/// `--gradebook FILE.sqlite` and `--regrade`: the term's gradebook that `grade` records every session in.
struct GradebookOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            Messages.text("Record every session in this gradebook (made when missing); unchanged sessions are read from it."),
            valueName: "file.sqlite"))
    var gradebook: String?

    @Flag(name: .long, help: ArgumentHelp(Messages.text("With --gradebook: grade every session again, even those it holds unchanged.")))
    var regrade = false

    func validate() throws {
        if regrade && gradebook == nil { throw ValidationError(Messages.text("--regrade needs --gradebook")) }
    }

    /// The gradebook, opened (and made when missing), or nil without `--gradebook`.
    /// - Throws: `GradebookError` when the file is not a CardBot gradebook.
    func open() throws -> Gradebook? {
        let book = try gradebook.map { try Gradebook(path: $0, cardbotVersion: CardBotVersion.current) }
        book?.regradeAll = regrade
        return book
    }
}
