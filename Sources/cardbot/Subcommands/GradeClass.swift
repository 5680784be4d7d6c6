import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotGradebook
import CardBotPictures
import CardBotSupport

extension CardBotCommand.Grade {
    /// `cardbot grade [class-folder] CLASS_DIR`: grades every recorded session of a class folder and writes class reports.
    struct Class: ParsableCommand {
        /// `cardbot grade class-folder`'s help (what a session, a student and a star are, the reports, the
        /// gradebook and the exit statuses), in the messages' language.
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "class-folder",
                abstract: Messages.text("Grade every recorded session of a class folder and write the class reports (the default)."),
                discussion: Manual.gradeClass)
        }

        @Argument(help: ArgumentHelp(Messages.text("The class folder: session folders below it, grouped by student or not."), valueName: "class-dir"))
        var classDirectory: String

        @OptionGroup var level: LevelOptions

        @Option(help: ArgumentHelp(Messages.text("Write a report: FILE.csv, FILE.json or FILE.html (repeatable)."), valueName: "file"))
        var out: [ReportFile] = []

        @OptionGroup var tracking: TrackingOptionGroup
        @OptionGroup var parallel: JobsOption

        @Option(
            name: .long,
            help: ArgumentHelp(
                Messages.text("Grade only part i of n of the class (sessions in path order, dealt out in turn), to spread a large class over machines."),
                valueName: "i/n"))
        var shard: Shard?

        @OptionGroup var gradebook: GradebookOptions
        @OptionGroup var anonymise: AnonymiseOption
        @Option(help: ArgumentHelp(Messages.text("The class's name in reports (default: the class folder's own name)."), valueName: "name"))
        var className: String?

        @Flag(name: .customLong("no-color"), help: ArgumentHelp(Messages.text("Never colour the table (colour is used only on a terminal, and never when NO_COLOR is set).")))
        var noColor = false

        @Flag(name: .long, help: ArgumentHelp(Messages.text("Print sessions, frames per second and peak memory on standard error at the end.")))
        var stats = false

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions
        @OptionGroup var imageLimits: ImageLimitOptions
        @OptionGroup var sampling: VideoSamplingOptions

        func run() throws {
            var classFolder = try ClassFolder.sessions(in: classDirectory)
            try ReportFile.check(
                out.map(\.path), inputs: gradebook.gradebook.map { [($0, Messages.text("the gradebook itself"))] } ?? [],
                guarding: classFolder.outputGuard + deckOptions.outputGuard)
            let book = try gradebook.open()
            if book != nil {
                let stable = classFolder.withStableIdentity()
                classFolder = stable.folder
                if let note = stable.note { StandardError.print(note) }
            }
            let deck = try deckOptions.load()
            let painter = book != nil || out.contains { $0.format == .html }
                ? ReportPainter(limits: imageLimits.limits, sampleFPS: sampling.sampleFPS) : nil
            var grader = Grader(
                deck: deck, levelsDirectory: level.levels.path, level: level.level, tracking: tracking.options(deck: deck),
                jobs: parallel.jobs, pictures: painter, shard: shard, limits: imageLimits.limits, store: book,
                sampleFPS: sampling.sampleFPS, className: className)
            try grader.prepare()
            let start = ContinuousClock.now
            let grade = ProgressBar.showing { grader.grade(classFolder, progress: $0) }
            let elapsed = ContinuousClock.now - start
            for warning in grade.warnings { StandardError.warning(file: warning.path, warning.text) }
            if let book { StandardError.print(try book.summary()) }
            try ReportOutput.show(anonymise.rule.map(grade.anonymised) ?? grade, files: out, noColor: noColor)
            if stats {
                StandardError.print(ProcessStats.line(sessions: grade.summary.sessions, frames: grade.summary.frames, elapsed: elapsed, jobs: parallel.jobs))
            }
            if grade.hasErrors { throw ExitCode.failure }
        }
    }
}
