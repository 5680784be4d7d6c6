import ArgumentParser
import CardBotPictures
import CardBotClassroom
import CardBotGradebook
import CardBotLesson
import CardBotSession
import CardBotSupport
import Foundation

extension CardBotCommand {
    /// `cardbot grade`: grades every recorded session of a class folder and writes class reports.
    struct Grade: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Grade a class's recorded sessions: who solved which level, how well, in how many attempts.",
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
                  2   bad input: no class folder or sessions, a bad --level, deck, --out or gradebook
                  64  the command line is not valid (such as an unknown --out extension)
                """)

        @Argument(help: ArgumentHelp("The class folder: session folders below it, grouped by student or not.", valueName: "class-dir"))
        var classDirectory: String

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The level for sessions whose session.json names none: a level file, or a level number in --levels.",
                valueName: "level"))
        var level: String?

        @Option(name: .long, help: ArgumentHelp("The directory of level files for level numbers.", valueName: "dir"))
        var levels: LevelsFolder = .curriculum

        @Option(
            name: .long,
            help: ArgumentHelp("Write a report: FILE.csv, FILE.json or FILE.html (repeatable).", valueName: "file"))
        var out: [String] = []

        @OptionGroup var tracking: TrackingOptionGroup

        @Option(name: .long, help: ArgumentHelp("Sessions (or frames) read in parallel (default: the core count).", valueName: "n"))
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Grade only part i of n of the class (sessions in path order, dealt out in turn), to spread a large class over machines.",
                valueName: "i/n"))
        var shard: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Record every session in this gradebook (made when missing); unchanged sessions are read from it.",
                valueName: "file.sqlite"))
        var gradebook: String?

        @Flag(name: .long, help: "With --gradebook: grade every session again, even those it holds unchanged.")
        var regrade = false

        @Flag(name: .customLong("no-color"), help: "Never colour the table (colour is used only on a terminal, and never when NO_COLOR is set).")
        var noColor = false

        @Flag(name: .long, help: "Print sessions, frames per second and peak memory on standard error at the end.")
        var stats = false

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions
        @OptionGroup var imageLimits: ImageLimitOptions
        @OptionGroup var sampling: VideoSamplingOptions

        func validate() throws {
            if jobs < 1 || jobs > 256 { throw ValidationError("--jobs must be between 1 and 256") }
            if let shard, Shard(shard) == nil {
                throw ValidationError("--shard must be i/n with 1 <= i <= n, for example 2/4 (got '\(shard)')")
            }
            for path in out where ReportFormat(path: path) == nil {
                throw ValidationError("--out \(path): unknown report format; name the file .csv, .json or .html")
            }
            if regrade && gradebook == nil { throw ValidationError("--regrade needs --gradebook") }
        }

        func run() throws {
            let classFolder: ClassFolder
            do {
                classFolder = try ClassFolder.discover(classDirectory)
            } catch let error as SessionError {
                StandardError.error(file: error.file, position: error.position, error.reason)
                throw ExitCode(2)
            }
            guard !classFolder.entries.isEmpty else {
                StandardError.error(
                    "\(classDirectory): no sessions: no folder below it holds frames (.png, .jpg or .jpeg), a video or a session.json")
                throw ExitCode(2)
            }
            try ReportOutput.checkFolders(out)
            try ReportOutput.checkNotInputs(out, inputs: gradebook.map { [($0, "the gradebook itself")] } ?? [])
            let book = try gradebook.map { path in
                try ReportOutput.reporting { try Gradebook(path: path, cardbotVersion: CardBotVersion.current) }
            }
            book?.regradeAll = regrade
            let deck = try deckOptions.load()
            // A curriculum that cannot be found fails every session alike: say it once, with the fix.
            if level.map({ Int($0) != nil }) ?? true, FileSystem.kind(levels.path) != .directory {
                StandardError.error(file: levels.path, LevelLoader.unlisted(levels.path))
                throw ExitCode(2)
            }
            if let level {
                let deckNames = deck.namesByMarker
                _ = try LevelArgument.load(level, levelsDirectory: levels.path, deckNames: deckNames)
            }
            let formats = out.map { ($0, ReportFormat(path: $0)!) }
            var grader = Grader(
                deck: deck, levelsDirectory: levels.path, level: level, tracking: tracking.options(deck: deck), jobs: jobs,
                pictures: book != nil || formats.contains { $0.1 == .html }
                    ? ReportPainter(deck: deck, limits: imageLimits.limits, sampleFPS: sampling.sampleFPS) : nil,
                shard: shard.flatMap(Shard.init), limits: imageLimits.limits, store: book)
            grader.sampleFPS = sampling.sampleFPS
            let bar = ProgressBar.onTerminal()
            let clock = ContinuousClock()
            let start = clock.now
            var report: (@Sendable (GradeProgress) -> Void)? = nil
            if let bar { report = { progress in bar.show(progress) } }
            let grade = grader.grade(classFolder, progress: report)
            bar?.finish()
            let elapsed = clock.now - start
            if let book {
                if let failure = book.firstError {
                    StandardError.error(failure.description)
                    throw ExitCode(2)
                }
                let (reused, recorded, failed) = book.activity
                StandardError.print(
                    "gradebook \(book.path): \(reused) unchanged \(reused == 1 ? "session" : "sessions") read from it, "
                        + "\(recorded) graded and recorded" + (failed > 0 ? ", \(failed) not graded (recorded with the error)" : ""))
            }
            try ReportOutput.show(grade, formats: formats, noColor: noColor)
            if stats {
                let seconds = elapsed.seconds
                let frames = grade.summary.frames
                StandardError.print(
                    String(
                        format: "stats: %d sessions, %d frames in %.2f s, %.1f frames/s with %d jobs; peak memory %.1f MiB",
                        grade.summary.sessions, frames, seconds, seconds > 0 ? Double(frames) / seconds : 0, jobs,
                        Double(ProcessStats.peakResidentBytes) / 1_048_576))
            }
            if grade.hasErrors { throw ExitCode.failure }
        }
    }
}
