import ArgumentParser
import CardBotCommandLine
import CardBotGradebook
import CardBotSupport

extension CardBotCommand.Grade {
    /// `cardbot grade export --gradebook FILE --format oneroster-results|csv --out PATH`: results for another gradebook.
    struct Export: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "export",
                abstract: Messages.text("Export a gradebook's results: OneRoster 1.1 results or a generic CSV."),
                discussion: Messages.text("""
                    oneroster-results writes lineItems.csv (one line item per level of each roster class), \
                    results.csv (each student's best stars, 0 to 3) and manifest.csv into the folder --out; csv writes \
                    one file, a row per student, roster class and level. A session counts in the class its student \
                    was enrolled in on its day. Files are written atomically; the gradebook is only read.

                    EXIT STATUS
                      0   the files were written
                      2   bad input: no gradebook, or --out cannot be written
                    """))
        }

        @Option(name: .long, help: ArgumentHelp(Messages.text("The gradebook (read only)."), valueName: "file.sqlite"))
        var gradebook: String

        @Option(name: .long, help: ArgumentHelp(Messages.text("oneroster-results or csv."), valueName: "format"))
        var format: ExportFormat

        @Option(name: .long, help: ArgumentHelp(Messages.text("The folder (oneroster-results) or file (csv) to write."), valueName: "path"))
        var out: String

        @OptionGroup var anonymise: AnonymiseOption
        @OptionGroup var languageOptions: LanguageOptions

        func run() throws {
            let written = try GradeExport.write(format, gradebook: gradebook, to: out, anonymise: anonymise.rule)
            StandardOutput.print(GradeExport.summary(written.files, leftOut: written.leftOut))
        }
    }
}
