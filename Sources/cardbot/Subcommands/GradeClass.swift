import ArgumentParser
import CardBotClassroom
import CardBotGradebook
import CardBotPictures

extension CardBotCommand.Grade {
    /// `cardbot grade [class-folder] CLASS_DIR`: grades every recorded session of a class folder and writes class reports.
    struct Class: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "class-folder",
            abstract: "Grade every recorded session of a class folder and write the class reports (the default).",
            discussion: """
                Every folder below CLASS_DIR that holds frames or a session.json is one recorded session (a \
                session.json may name a video), and so is every video file in a folder without them. The \
                student is session.json's "student", else the parent folder's name when sessions are grouped by \
                student (class/maya/level-3/, class/maya/lesson.mp4), else the session folder's (or video's) name. \
                The level is session.json's "level", else --level. Videos are read at --sample-fps.

                Stars: 3 when solved with at most the fewest possible cards (where that is not known, at most \
                the level's maxCards), 2 when solved with more cards, 1 when a program was run but none solved \
                the level, 0 when no program could be read. A session that cannot be graded (no level, no \
                frames, a broken session.json) becomes a row with its error and never stops the class.

                The table of students by levels and the class summary go to standard output. Each --out FILE \
                writes a report in the format its extension names: .csv (one row per session), .json (sessions \
                and summary) or .html (one self-contained page with pictures; past 8 MiB of pictures, a class page \
                and a folder beside it with a page per student). Reports are written atomically, \
                and grading the same folder twice gives byte-identical reports.

                With --gradebook FILE.sqlite every session is also recorded in the term's gradebook, and a \
                session whose session.json and frames are unchanged since it was recorded (wherever its folder \
                now lies) is read from it instead of being graded again; --regrade grades every session anew. \
                `cardbot grade merge PART.sqlite... --gradebook ALL.sqlite` joins the gradebooks of --shard runs.

                EXIT STATUS
                  0   every session was graded (solved or not)
                  1   some session could not be graded (its error is in the reports)
                  2   bad input: no sessions, or a bad --level, deck, --out or gradebook
                  64  the command line is not valid (such as an unknown --out extension)
                """)

        @Argument(help: ArgumentHelp("The class folder: session folders below it, grouped by student or not.", valueName: "class-dir"))
        var classDirectory: String

        @OptionGroup var level: LevelOptions

        @Option(help: ArgumentHelp("Write a report: FILE.csv, FILE.json or FILE.html (repeatable).", valueName: "file"))
        var out: [ReportFile] = []

        @OptionGroup var tracking: TrackingOptionGroup
        @OptionGroup var parallel: JobsOption

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Grade only part i of n of the class (sessions in path order, dealt out in turn), to spread a large class over machines.",
                valueName: "i/n"))
        var shard: Shard?

        @OptionGroup var gradebook: GradebookOptions
        @Option(help: ArgumentHelp("The class's name in reports (default: the class folder's own name).", valueName: "name"))
        var className: String?

        @Flag(name: .customLong("no-color"), help: "Never colour the table (colour is used only on a terminal, and never when NO_COLOR is set).")
        var noColor = false

        @Flag(name: .long, help: "Print sessions, frames per second and peak memory on standard error at the end.")
        var stats = false

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions
        @OptionGroup var imageLimits: ImageLimitOptions
        @OptionGroup var sampling: VideoSamplingOptions

        func run() throws {
            let classFolder = try ClassFolder.sessions(in: classDirectory)
            try ReportFile.check(out.map(\.path), inputs: gradebook.gradebook.map { [($0, "the gradebook itself")] } ?? [])
            let book = try gradebook.open()
            let deck = try deckOptions.load()
            let painter = book != nil || out.contains { $0.format == .html }
                ? ReportPainter(limits: imageLimits.limits, sampleFPS: sampling.sampleFPS) : nil
            var grader = Grader(
                deck: deck, levelsDirectory: level.levels.path, level: level.level, tracking: tracking.options(deck: deck),
                jobs: parallel.jobs, pictures: painter, shard: shard, limits: imageLimits.limits, store: book)
            grader.sampleFPS = sampling.sampleFPS
            grader.className = className
            try grader.prepare()
            let start = ContinuousClock.now
            let grade = ProgressBar.showing { grader.grade(classFolder, progress: $0) }
            let elapsed = ContinuousClock.now - start
            if let book { StandardError.print(try book.summary()) }
            try ReportOutput.show(grade, files: out, noColor: noColor)
            if stats {
                let sessions = "\(grade.summary.sessions) sessions, "
                StandardError.print(ProcessStats.line(sessions, frames: grade.summary.frames, elapsed: elapsed, jobs: parallel.jobs))
            }
            if grade.hasErrors { throw ExitCode.failure }
        }
    }
}
