import ArgumentParser
import CardBotCommandLine
import CardBotPictures
import CardBotSupport
import CardBotVision

extension CardBotCommand {
    /// `cardbot detect`: the cards in camera frames, in reading order.
    struct Detect: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Find the cards in camera frames and print them in reading order."),
                discussion: Messages.text("""
                    For each frame, prints its file and the card names in reading order: rows from top to bottom, \
                    each from left to right, in the cards' own directions (rows are separated by ' / '). \
                    An unreadable frame is reported and the others go on; the exit status is 2 if any frame \
                    could not be read. A frame with no cards is not an error.
                    """))
        }

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions
        @OptionGroup var imageLimits: ImageLimitOptions

        @Flag(help: ArgumentHelp(Messages.text("Print one JSON object per line per frame (file, width, height, cards, markers, sequence, ms).")))
        var json = false

        @Option(
            help: ArgumentHelp(
                Messages.text("Write a PNG per frame into this folder with each card outlined and labelled."), valueName: "dir"))
        var annotate: String?

        @Argument(help: ArgumentHelp(Messages.text("Frame files (PNG or JPEG)."), valueName: "image"))
        var images: [String] = []

        func validate() throws {
            if images.isEmpty { throw ValidationError(Messages.text("Give at least one image file.")) }
        }

        func run() throws {
            var job = try DetectJob(deck: try deckOptions.load(), limits: imageLimits.limits, annotate: annotate)
            var failed = false
            for path in images {
                let report = job.report(path, json: json)
                for line in report.errors { StandardError.print(line) }
                if let output = report.output { StandardOutput.print(output) }
                failed = failed || report.failed
            }
            // Every frame's problem is printed where it was met; the status says some frame failed.
            if failed { throw ExitCode(2) }
        }
    }
}
