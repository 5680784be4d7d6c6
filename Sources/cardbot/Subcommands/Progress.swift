import ArgumentParser
import CardBotGradebook
import CardBotLesson
import CardBotSupport
import Foundation

extension CardBotCommand {
    /// `cardbot progress`: the term's progress from a gradebook, per student and per level.
    struct Progress: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The term's progress from a gradebook: each student along the unlock chain, each level's solve rate.",
            discussion: """
                Reads a gradebook made by `cardbot grade --gradebook` (read only). For each student: the levels \
                solved (stars and the day solved), the next level in the unlock chain (a student's levels are the \
                first level and those unlocked by the levels solved; see "unlocks" in the level files), the levels \
                tried and not solved, and the attempts each level took. For each level: how many students solved \
                it and the median attempts to solve, so a level that is too hard stands out.

                The summary goes to standard output; each --out FILE writes .html (one self-contained page with \
                the student-by-level grid and a chart per student), .csv (a row per student and level) or .json.

                EXIT STATUS
                  0   the report was made
                  2   bad input: no gradebook, not a CardBot gradebook, a bad --levels or --out
                """)

        @Argument(help: ArgumentHelp("The gradebook.", valueName: "file.sqlite"))
        var gradebook: String

        @Option(name: .long, help: ArgumentHelp("Only this student.", valueName: "name"))
        var student: String?

        @Option(name: .long, help: ArgumentHelp("The level files, for the unlock chain.", valueName: "dir"))
        var levels: LevelsFolder = .curriculum

        @Option(name: .long, help: ArgumentHelp("Write a report: FILE.html, FILE.csv or FILE.json (repeatable).", valueName: "file"))
        var out: [String] = []

        @OptionGroup var languageOptions: LanguageOptions

        func validate() throws {
            for path in out where ProgressFormat(path: path) == nil {
                throw ValidationError("--out \(path): unknown report format; name the file .html, .csv or .json")
            }
        }

        func run() throws {
            try ReportOutput.checkFolders(out)
            let sessions = try ReportOutput.reporting { try ProgressSession.all(inGradebook: gradebook) }
            let catalog: LevelCatalog
            do {
                catalog = try LevelCatalog(directory: levels.path)
            } catch {
                StandardError.error("\(levels.path): \(error)")
                throw ExitCode(2)
            }
            if let student, !sessions.contains(where: { $0.student == student }) {
                StandardError.error("\(gradebook): no sessions of student '\(student)'")
                throw ExitCode(2)
            }
            let progress = TermProgress(sessions: sessions, catalog: catalog.levels, student: student)
            let title = student.map { "\($0) in \(gradebook)" } ?? gradebook
            StandardOutput.print(ProgressFormat.lines(progress).joined(separator: "\n"))
            for path in out {
                try ReportOutput.reporting { try ProgressFormat(path: path)!.write(progress, title: title, to: path) }
            }
        }
    }
}
