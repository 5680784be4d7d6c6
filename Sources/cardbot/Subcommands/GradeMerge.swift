import ArgumentParser
import CardBotClassroom
import CardBotGradebook
import CardBotSupport
import Foundation

extension CardBotCommand.Grade {
    /// `cardbot grade merge`: joins the gradebooks of `--shard` runs into one and writes the class reports.
    ///
    /// `grade` takes a class folder as its first argument, which the argument parser cannot combine with
    /// subcommands, so ``CardBotCommand/main()`` hands `grade merge ...` to this command itself.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cardbot grade merge",
            abstract: "Join the gradebooks of a class graded in parts (--shard I/N) and write its reports.",
            discussion: """
                Every session of each PART gradebook is added to --gradebook (made when missing); the parts are \
                read only. Merging the same part twice changes nothing. The class table and each --out report \
                are then those of grading the whole class in one run, byte for byte.

                EXIT STATUS
                  0   every session was graded
                  1   some session could not be graded (its error is in the reports)
                  2   bad input: a part or the gradebook is not a CardBot gradebook, or a bad --out or --class
                """)

        @Argument(help: ArgumentHelp("The gradebooks of the parts.", valueName: "part.sqlite"))
        var parts: [String]

        @Option(name: .long, help: ArgumentHelp("The gradebook the parts are merged into (made when missing).", valueName: "file.sqlite"))
        var gradebook: String

        @Option(
            name: .long,
            help: ArgumentHelp("Write a report: FILE.csv, FILE.json or FILE.html (repeatable).", valueName: "file"))
        var out: [String] = []

        @Option(
            name: .long,
            help: ArgumentHelp("The class to report, as given to cardbot grade (needed when the gradebook holds several).", valueName: "class-dir"))
        var `class`: String?

        @Flag(name: .customLong("no-color"), help: "Never colour the table.")
        var noColor = false

        func validate() throws {
            if parts.isEmpty { throw ValidationError("give at least one part gradebook") }
            for path in out where ReportFormat(path: path) == nil {
                throw ValidationError("--out \(path): unknown report format; name the file .csv, .json or .html")
            }
        }

        func run() throws {
            try ReportOutput.checkFolders(out)
            try ReportOutput.checkNotInputs(
                out, inputs: [(gradebook, "the gradebook itself")] + parts.map { ($0, "a part being merged") })
            let grade = try ReportOutput.reporting { () throws -> ClassGrade in
                // Every part is checked before the gradebook is made: a refused part leaves nothing behind.
                for part in parts { try Gradebook.checkPart(part) }
                let book = try Gradebook(path: gradebook, cardbotVersion: CardBotVersion.current)
                for part in parts { try book.merge(part) }
                let classes = try book.classes()
                let chosen: (key: String, name: String)
                if let wanted = self.class {
                    let absolute = FileSystem.absolute(wanted)
                    guard let found = classes.first(where: { $0.key == wanted || $0.name == wanted || $0.key == absolute })
                    else {
                        throw GradebookError(
                            file: gradebook,
                            reason: "has no class '\(wanted)'; it has \(classes.map { "'\($0.name)'" }.joined(separator: ", "))")
                    }
                    chosen = found
                } else if classes.count == 1 {
                    chosen = classes[0]
                } else if classes.isEmpty {
                    throw GradebookError(file: gradebook, reason: "holds no sessions after the merge")
                } else {
                    throw GradebookError(
                        file: gradebook,
                        reason: "holds \(classes.count) classes (\(classes.map { "'\($0.name)'" }.joined(separator: ", "))); "
                            + "name the one to report with --class")
                }
                return try book.classGrade(chosen.key, name: chosen.name)
            }
            try ReportOutput.show(grade, formats: out.map { ($0, ReportFormat(path: $0)!) }, noColor: noColor)
            if grade.hasErrors { throw ExitCode.failure }
        }
    }
}
