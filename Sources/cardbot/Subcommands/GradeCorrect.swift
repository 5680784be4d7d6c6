import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotSupport
import CardBotTracking

extension CardBotCommand.Grade {
    /// `cardbot grade correct`: a teacher's correction of what CardBot read in one attempt of a session.
    struct Correct: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "correct",
                abstract: Messages.text("Correct what CardBot read in one attempt of a session."),
                discussion: Messages.text("""
                    Writes the correction into the session folder's corrections.json (made when missing): the cards \
                    the child really laid (--program), or that the attempt was not one (--not-an-attempt); --remove \
                    takes the correction back. --add-attempt TIME adds an attempt CardBot missed (a tap it did not \
                    see), with the cards on the table then or those --program names. run and grade then use it and \
                    show who corrected it and what CardBot had read; a gradebook grades the session again. Deleting \
                    corrections.json returns to the reading.
                    """))
        }

        @Argument(help: ArgumentHelp(Messages.text("The session folder."), valueName: "session-dir"))
        var session: String

        // Unconditional: `--attempt -1` is a number to refuse with its reason, not a missing value.
        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp(Messages.text("The attempt, numbered as cardbot run SESSION shows it."), valueName: "n"))
        var attempt: Int?

        @Option(
            name: .customLong("add-attempt"),
            help: ArgumentHelp(Messages.text("Add an attempt CardBot missed, run at this time of the recording (42.5, 0:42 or 1:02.5)."), valueName: "time"))
        var addAttempt: ClockTime?

        @Option(name: .long, help: ArgumentHelp(Messages.text("The cards the child laid, as card names (\"forward jump forward\")."), valueName: "cards"))
        var program: String?

        @Flag(name: .customLong("not-an-attempt"), help: ArgumentHelp(Messages.text("The attempt was not one: the child did not mean to run it.")))
        var notAnAttempt = false

        @Flag(name: .long, help: ArgumentHelp(Messages.text("Take the attempt's correction back.")))
        var remove = false

        @Option(name: .long, help: ArgumentHelp(Messages.text("Who corrects (kept in corrections.json and the gradebook)."), valueName: "name"))
        var by: String?

        @OptionGroup var level: LevelOptions
        @OptionGroup var tracking: TrackingOptionGroup
        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions
        @OptionGroup var imageLimits: ImageLimitOptions
        @OptionGroup var sampling: VideoSamplingOptions

        func validate() throws {
            if let attempt, attempt < 1 {
                throw ValidationError(Messages.text("attempt numbers start at 1 (see them with cardbot run %s)", session))
            }
            if (attempt == nil) == (addAttempt == nil) {
                throw ValidationError(Messages.text("give either --attempt N (an attempt CardBot read) or --add-attempt TIME (one it missed)"))
            }
            if addAttempt != nil {
                if notAnAttempt { throw ValidationError(Messages.text("--not-an-attempt corrects an attempt CardBot read: use --add-attempt TIME --remove to take an added one out")) }
                if remove && program != nil { throw ValidationError(Messages.text("give either --program or --remove, not both")) }
            } else if [program != nil, notAnAttempt, remove].filter({ $0 }).count != 1 {
                throw ValidationError(Messages.text("give one of --program, --not-an-attempt and --remove"))
            }
        }

        func run() throws {
            let deck = try deckOptions.load()
            let job = SessionJob(
                deck: deck, tracking: tracking.options(deck: deck), jobs: 2, limits: imageLimits.limits, sampleFPS: sampling.sampleFPS)
            let change: SessionCorrector.Change = program.map { .program($0) } ?? (remove ? .remove : .notAnAttempt)
            let corrector = SessionCorrector(job: job, levelsDirectory: level.levels.path)
            if let addAttempt {
                StandardOutput.print(
                    try corrector.add(session, at: addAttempt.seconds, program: program, remove: remove, by: by, level: level.level))
            } else if let attempt {
                StandardOutput.print(try corrector.correct(session, attempt: attempt, change: change, by: by, level: level.level))
            }
        }
    }
}
