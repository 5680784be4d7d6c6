import ArgumentParser
import CardBotCommandLine
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotSynth
import Foundation

extension CardBotCommand.Synth {
    /// `cardbot synth session`: a recorded session of a child building and running programs.
    struct Session: ParsableCommand {
        /// `cardbot synth session`'s help (how the synthesized child plays, what is written), in the messages'
        /// language.
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Write a synthesized recorded session at a child's pace: frames or a video, session.json and truth.json."),
                discussion: Manual.synthSession)
        }

        @OptionGroup var level: LevelOptions
        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        @Option(help: ArgumentHelp(Messages.text("The first program, card names laid left to right."), valueName: "cards"))
        var program: String

        @Option(name: .customLong("then"), help: ArgumentHelp(Messages.text("A later program the cards are rearranged into (repeatable)."), valueName: "cards"))
        var later: [String] = []

        @Option(help: ArgumentHelp(Messages.text("The session folder to write (created if missing)."), valueName: "dir"))
        var out: String?

        @OptionGroup var videoOptions: SynthVideoOptions
        @OptionGroup var pace: SynthPaceOptions

        @Option(help: ArgumentHelp(Messages.text("The seed: the same seed gives the same session.")))
        var seed: UInt64 = 1

        @Option(help: ArgumentHelp(Messages.text("The student's name written to session.json.")))
        var student: String?

        @Option(help: ArgumentHelp(Messages.text("Stills per second (written to session.json as its fps).")))
        var fps: Double = 2

        @Option(help: ArgumentHelp(Messages.text("The frame size in pixels."), valueName: "WxH"))
        var size: FrameSize = FrameSize(width: 640, height: 480)

        @Option(help: ArgumentHelp(Messages.text("easy, hard or occluded (how each frame looks).")))
        var difficulty: SynthDifficulty = .easy

        @Option(help: ArgumentHelp(Messages.text("JPEG quality 1 to 100; 0 writes PNG frames.")))
        var quality: Int = 80

        @Option(help: ArgumentHelp(Messages.text("Frames rendered at once (default: the number of cores).")))
        var jobs: Int?

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError(Messages.text("--jobs must be at least 1.")) }
            if !(0...100).contains(quality) { throw ValidationError(Messages.text("--quality must be 0 (PNG) to 100.")) }
            if !(fps >= SessionManifest.minimumFPS && fps <= SessionManifest.maximumFPS) {
                throw ValidationError(Messages.text("--fps must be from %1$s to %2$s.", SessionManifest.minimumFPS, Int(SessionManifest.maximumFPS)))
            }
            if out == nil && videoOptions.video == nil { throw ValidationError(Messages.text("give --out (a session folder) or --video (a video file), or both.")) }
        }

        func run() throws {
            let deck = try deckOptions.load()
            let level = try LevelLoader.locate(try self.level.required(), levelsDirectory: self.level.levels.path, deckNames: deck.namesByMarker)
            let out = self.out ?? SessionSynthesizer.folder(ofVideo: videoOptions.video!)
            var options = SessionSynthesizer.Options(
                width: size.width, height: size.height, difficulty: difficulty, jpegQuality: quality == 0 ? nil : quality,
                stillsFPS: fps, pace: pace.timeline, runMarks: pace.runMarks)
            options.video = videoOptions.sessionVideo
            let truth = try SessionSynthesizer(deck: deck, options: options).write(
                level: level, byNumber: Int(self.level.level ?? "") != nil, deck: deck,
                programs: [("--program", program)] + later.map { ("--then", $0) }, seed: seed, to: out, student: student,
                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            StandardOutput.print(
                truth.summary(folder: out, video: videoOptions.video, fps: fps, runMarks: pace.runMarks, goCard: pace.goCard))
        }
    }
}
