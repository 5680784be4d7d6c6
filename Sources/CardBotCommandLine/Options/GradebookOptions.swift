import ArgumentParser
import CardBotGradebook
import CardBotSupport

/// `--gradebook FILE.sqlite` and `--regrade`: the term's gradebook that `grade` records every session in.
package struct GradebookOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            Messages.text("Record every session in this gradebook (made when missing); unchanged sessions are read from it."),
            valueName: "file.sqlite"))
    package var gradebook: String?

    @Flag(name: .long, help: ArgumentHelp(Messages.text("With --gradebook: grade every session again, even those it holds unchanged.")))
    package var regrade = false

    package func validate() throws {
        if regrade && gradebook == nil { throw ValidationError(Messages.text("--regrade needs --gradebook")) }
    }

    /// The gradebook, opened (and made when missing), or nil without `--gradebook`.
    /// - Throws: `GradebookError` when the file is not a CardBot gradebook.
    package func open() throws -> Gradebook? {
        let book = try gradebook.map { try Gradebook(path: $0, cardbotVersion: CardBotVersion.current) }
        book?.regradeAll = regrade
        return book
    }
}
