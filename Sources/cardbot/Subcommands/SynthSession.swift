import ArgumentParser
import CardBotLesson
import CardBotSession
import CardBotSynth
import Foundation

extension CardBotCommand.Synth {
    /// `cardbot synth session`: a recorded session of a child building and running programs.
    struct Session: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a synthesized recorded session at a child's pace: frames or a video, session.json and truth.json.",
            discussion: """
                The child lays the --program cards down one by one (a hand over each slot for 0.6 to 1.2 s, 1 to 4 s \
                between cards and now and then a thinking pause of 4 to 5.5 s), waits a moment, taps the GO card \
                (it lies left of the row; the hand hides it for 0.3 to 1.2 s) and watches the robot for 6 to \
                12 s; each --then program is made by rearranging the cards under a hand, then tapped in turn. \
                The camera drifts a little. Everything follows from --seed, in seconds: the same seed is the same \
                lesson at any --fps and as a video at any --video-fps. session.json holds the student, the level \
                and the fps (no run marks unless --run-marks: the taps are the run signal); truth.json holds \
                every frame's visible cards, the taps, the presses and the program each press runs.

                With --video FILE the session is one video instead of frame files (H.264 in .mp4, .mkv and .mov \
                where the library has it, else MPEG-4 Part 2) at --video-fps (or --variable-rate); session.json \
                (naming the video) and truth.json go into --out, by default the video's folder.
                """)

        @OptionGroup var level: LevelOptions
        @OptionGroup var deckOptions: DeckOptions

        @Option(help: ArgumentHelp("The first program, card names laid left to right.", valueName: "cards"))
        var program: String

        @Option(name: .customLong("then"), help: ArgumentHelp("A later program the cards are rearranged into (repeatable).", valueName: "cards"))
        var later: [String] = []

        @Option(help: ArgumentHelp("The session folder to write (created if missing).", valueName: "dir"))
        var out: String?

        @OptionGroup var videoOptions: SynthVideoOptions
        @OptionGroup var pace: SynthPaceOptions

        @Option(help: "The seed: the same seed gives the same session.")
        var seed: UInt64 = 1

        @Option(help: "The student's name written to session.json.")
        var student: String?

        @Option(help: "Stills per second (written to session.json as its fps).")
        var fps: Double = 2

        @Option(help: ArgumentHelp("The frame size in pixels.", valueName: "WxH"))
        var size: FrameSize = FrameSize(width: 640, height: 480)

        @Option(help: "easy, hard or occluded (how each frame looks).")
        var difficulty: SynthDifficulty = .easy

        @Option(help: "JPEG quality 1 to 100; 0 writes PNG frames.")
        var quality: Int = 80

        @Option(help: "Frames rendered at once (default: the number of cores).")
        var jobs: Int?

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
            if !(0...100).contains(quality) { throw ValidationError("--quality must be 0 (PNG) to 100.") }
            if !(fps >= SessionManifest.minimumFPS && fps <= SessionManifest.maximumFPS) {
                throw ValidationError("--fps must be from \(SessionManifest.minimumFPS) to \(Int(SessionManifest.maximumFPS)).")
            }
            if out == nil && videoOptions.video == nil { throw ValidationError("give --out (a session folder) or --video (a video file), or both.") }
        }

        func run() throws {
            let deck = try deckOptions.load()
            let deckNames = deck.namesByMarker
            let level = try LevelLoader.locate(try self.level.required(), levelsDirectory: self.level.levels.path, deckNames: deckNames)
            let mapping = CardMapping(level: level, deckNames: deckNames)
            let programs = try ([("--program", program)] + later.map { ("--then", $0) }).map { option, text in
                try mapping.cards(text: text, source: option).map { level.markerIDs(for: $0).first! }
            }
            let out = self.out ?? videoOptions.video.map { path in
                let folder = (path as NSString).deletingLastPathComponent
                return folder.isEmpty ? "." : folder
            }!
            var options = SessionSynthesizer.Options(
                width: size.width, height: size.height, difficulty: difficulty, jpegQuality: quality == 0 ? nil : quality,
                stillsFPS: fps, pace: pace.timeline, runMarks: pace.runMarks)
            options.video = videoOptions.sessionVideo
            let synthesizer = SessionSynthesizer(faces: deck.synthFaces, goFace: deck.goFace, options: options)
            let levelReference: SessionManifest.LevelReference =
                Int(self.level.level ?? "") != nil
                ? .number(level.number) : .path(SessionSynthesizer.relativePath(of: level.source.file, from: out))
            let truth = try synthesizer.write(
                programs: programs, seed: seed, to: out, student: student, level: levelReference,
                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            StandardOutput.print(
                truth.summary(folder: out, video: videoOptions.video, fps: fps, runMarks: pace.runMarks, goCard: pace.goCard))
        }
    }
}
