import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotGradebook
import CardBotSupport

extension CardBotCommand {
    /// `cardbot progress`: the term's progress from a gradebook, per student and per level.
    struct Progress: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("The term's progress from a gradebook: each student along the unlock chain, each level's solve rate."),
                discussion: Messages.text("""
                    Reads a gradebook made by `cardbot grade --gradebook` (read only). For each student: the levels \
                    solved (stars and the day solved), the next level in the unlock chain (a student's levels are the \
                    first level and those unlocked by the levels solved; see "unlocks" in the level files), the levels \
                    tried and not solved, and the attempts each level took. For each level: how many students solved \
                    it and the median attempts to solve, so a level that is too hard stands out.

                    The summary goes to standard output; each --out FILE writes .html (one self-contained page with \
                    the student-by-level grid and a chart per student), .csv (a row per student and level) or .json.

                    EXIT STATUS
                      0   the report was made
                      2   bad input: no gradebook, not a CardBot gradebook, a bad --levels or
                          --out
                    """))
        }

        @Argument(help: ArgumentHelp(Messages.text("The gradebook."), valueName: "file.sqlite"))
        var gradebook: String

        @Option(name: .long, help: ArgumentHelp(Messages.text("Only this student: a name, or a roster id."), valueName: "name"))
        var student: String?

        @Option(name: .long, help: ArgumentHelp(Messages.text("Only this class: the sessions graded in the class of this id (class.json), and those of its roster students on the days they were in it."), valueName: "class-id"))
        var `class`: String?

        @Option(name: .long, help: ArgumentHelp(Messages.text("Only the students of this roster school."), valueName: "school-id"))
        var school: String?

        @Option(name: .long, help: ArgumentHelp(Messages.text("The level files, for the unlock chain."), valueName: "dir"))
        var levels: LevelsFolder = .curriculum

        @Option(name: .long, help: ArgumentHelp(Messages.text("Write a report: FILE.html, FILE.csv or FILE.json (repeatable)."), valueName: "file"))
        var out: [ProgressFile] = []

        @OptionGroup var anonymise: AnonymiseOption
        @OptionGroup var languageOptions: LanguageOptions

        func run() throws {
            try ReportFile.check(out.map(\.path), inputs: [(gradebook, Messages.text("the gradebook itself"))])
            let progress = try TermProgress.recorded(
                in: gradebook, levelsDirectory: levels.path, student: student, rosterClass: self.class, school: school,
                anonymise: anonymise.rule)
            StandardOutput.print(ProgressFormat.lines(progress).joined(separator: "\n"))
            for file in out { try file.write(progress, title: progress.title(gradebook: gradebook, student: student)) }
        }
    }
}
