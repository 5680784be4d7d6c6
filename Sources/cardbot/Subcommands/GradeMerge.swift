import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotGradebook
import CardBotSupport

extension CardBotCommand.Grade {
    /// `cardbot grade merge`: joins the gradebooks of `--shard` runs into one and writes the class reports.
    struct Merge: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "merge",
                abstract: Messages.text("Join the gradebooks of a class graded in parts (--shard I/N) and write its reports."),
                discussion: Messages.text("""
                    Every session of each PART gradebook is added to --gradebook (made when missing); the parts are \
                    read only. Merging the same part twice changes nothing. The class table and each --out report \
                    are then those of grading the whole class in one run, byte for byte.

                    EXIT STATUS
                      0   every session was graded
                      1   some session could not be graded (its error is in the reports)
                      2   bad input: a part or the gradebook is not a CardBot gradebook, or a bad
                          --out or --class
                    """))
        }

        @Argument(help: ArgumentHelp(Messages.text("The gradebooks of the parts."), valueName: "part.sqlite"))
        var parts: [String]

        @Option(name: .long, help: ArgumentHelp(Messages.text("The gradebook the parts are merged into (made when missing)."), valueName: "file.sqlite"))
        var gradebook: String

        @Option(
            name: .long,
            help: ArgumentHelp(Messages.text("Write a report: FILE.csv, FILE.json or FILE.html (repeatable)."), valueName: "file"))
        var out: [ReportFile] = []

        @Option(
            name: .long,
            help: ArgumentHelp(Messages.text("The class to report, as given to cardbot grade (needed when the gradebook holds several)."), valueName: "class-dir"))
        var `class`: String?

        @Option(name: .long, help: ArgumentHelp(Messages.text("The level files the sessions played, for the misconceptions of the reports."), valueName: "dir"))
        var levels: LevelsFolder = .curriculum

        @Flag(name: .customLong("no-color"), help: ArgumentHelp(Messages.text("Never colour the table.")))
        var noColor = false

        @OptionGroup var anonymise: AnonymiseOption

        func validate() throws {
            if parts.isEmpty { throw ValidationError(Messages.text("give at least one part gradebook")) }
        }

        func run() throws {
            try ReportFile.check(
                out.map(\.path), inputs: [(gradebook, Messages.text("the gradebook itself"))] + parts.map { ($0, Messages.text("a part being merged")) })
            let grade = try Gradebook.merging(
                parts, into: gradebook, class: self.class, cardbotVersion: CardBotVersion.current, levelsDirectory: levels.path)
            try ReportOutput.show(anonymise.rule.map(grade.anonymised) ?? grade, files: out, noColor: noColor)
            if grade.hasErrors { throw ExitCode.failure }
        }
    }
}
