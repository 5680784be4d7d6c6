import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotSession
import CardBotSupport
import CardBotTracking

extension CardBotCommand {
    /// `cardbot run`: runs a program on a level and prints every step; the program is typed, or read
    /// by the camera from a recorded session.
    struct Run: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Run a program on a level and print every step."),
                discussion: Manual.run)
        }

        @OptionGroup var level: LevelOptions
        @OptionGroup var input: ProgramInputOptions
        @OptionGroup var output: RunOutputOptions
        @OptionGroup var session: SessionOptions
        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions
        @OptionGroup var imageLimits: ImageLimitOptions
        @OptionGroup var replay: ReplayOutputOptions

        func validate() throws {
            let stream: Bool
            if case .recording(let inputs) = try input.mode() { stream = inputs == ["-"] } else { stream = false }
            if session.live && !stream {
                throw ValidationError(Messages.text("--live reads a stream from standard input: give - as the input"))
            } else if stream && !session.live {
                throw ValidationError(Messages.text("- reads a live stream from standard input: add --live"))
            }
            if session.live && replay.replay != nil {
                throw ValidationError(Messages.text("--replay cannot follow a live stream: record it, then replay the recording"))
            }
        }

        func run() throws {
            let deck = try deckOptions.load()
            let job = SessionJob(
                deck: deck, tracking: session.tracking.options(deck: deck), jobs: session.jobs, limits: imageLimits.limits,
                sampleFPS: session.sampling.sampleFPS)
            switch try input.mode() {
            case .typed(let text):
                try runTyped(text, job: job)
            case .recording(let inputs):
                let recording = try RecordedSession.open(inputs: inputs)
                if recording.source == .stream { try runLive(recording, job: job) } else { try runSession(recording, job: job) }
            }
        }
    }
}
