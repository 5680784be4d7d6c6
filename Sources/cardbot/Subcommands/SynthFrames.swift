import ArgumentParser
import CardBotCommandLine
import CardBotSupport
import CardBotSynth
import Foundation

extension CardBotCommand.Synth {
    /// `cardbot synth frames`: a numbered set of frames and their truth.json.
    struct Frames: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Write N synthesized frames and their ground truth (truth.json) into a folder."),
                discussion: Messages.text("""
                    Frames are named frame-0001.jpg, frame-0002.jpg, ... Frame i depends only on the seed and i. \
                    truth.json lists, per frame, the marker ids of the visible cards in reading order and, per card, \
                    its id, its four marker corners (top-left, top-right, bottom-right, bottom-left, in pixels, the \
                    centre of pixel (x, y) at (x, y)) and whether it is hidden (and why).
                    """))
        }

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        @Option(help: ArgumentHelp(Messages.text("The folder to write the frames and truth.json into (created if missing)."), valueName: "dir"))
        var out: String

        @Option(help: ArgumentHelp(Messages.text("How many frames to write.")))
        var count: Int = 10

        @Option(help: ArgumentHelp(Messages.text("The seed: the same seed gives the same frames.")))
        var seed: UInt64 = 1

        @Option(
            help: ArgumentHelp(
                Messages.text(
                    "easy, hard or occluded, or a stress condition: %s.",
                    SynthDifficulty.stressConditions.map(\.rawValue).joined(separator: ", ")),
                valueName: "name"))
        var difficulty: SynthDifficulty = .easy

        @Option(help: ArgumentHelp(Messages.text("The frame size in pixels."), valueName: "WxH"))
        var size: FrameSize = FrameSize(width: 1280, height: 720)

        @Option(help: ArgumentHelp(Messages.text("Rows of cards, 1 to 6 (default: 1 to 3 at random).")))
        var rows: Int?

        @Option(help: ArgumentHelp(Messages.text("Cards in all rows together, 1 to 40 (default: 3 to 8 at random).")))
        var cards: Int?

        @Option(help: ArgumentHelp(Messages.text("jpg or png.")))
        var format: FrameSetWriter.Format = .jpg

        @Option(help: ArgumentHelp(Messages.text("JPEG quality 1 to 100 (default: drawn per frame from the difficulty).")))
        var quality: Int?

        @Option(help: ArgumentHelp(Messages.text("Frames rendered at once (default: the number of cores).")))
        var jobs: Int?

        func validate() throws {
            guard (1...100_000).contains(count) else { throw ValidationError(Messages.text("--count must be 1 to 100000.")) }
            if let quality, !(1...100).contains(quality) { throw ValidationError(Messages.text("--quality must be 1 to 100.")) }
            if let jobs, jobs < 1 { throw ValidationError(Messages.text("--jobs must be at least 1.")) }
        }

        func run() throws {
            let deck = try deckOptions.load()
            let faces = deck.synthFaces
            let options = SceneOptions(
                width: size.width, height: size.height, rows: rows, cards: cards, difficulty: difficulty)
            let writer = FrameSetWriter(
                generator: try SceneGenerator(faces: faces, options: options), format: format, quality: quality,
                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            let report = try writer.write(count: count, seed: seed, to: out)
            StandardOutput.print(report.summary(folder: out, options: options, seed: seed, format: format).joined(separator: "\n"))
        }
    }
}

extension SynthDifficulty: ExpressibleByArgument {}
extension FrameSetWriter.Format: ExpressibleByArgument {}
