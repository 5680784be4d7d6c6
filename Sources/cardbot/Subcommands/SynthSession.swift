import ArgumentParser
import CardBotClassroom
import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotSynth
import CardBotVideo
import CardBotVision
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

        @Option(help: ArgumentHelp("Write the session as this video file instead of frame files.", valueName: "file"))
        var video: String?

        @Option(name: .customLong("video-fps"), help: "Video frames per second (with --variable-rate, frames come 1/60 to 1/12 s apart instead).")
        var videoFPS: Int = 30

        @Option(help: "H.264 constant rate factor, 0 to 51 (lower is better; a phone records at about 23 to 28).")
        var crf: Int = 20

        @Flag(name: .customLong("variable-rate"), help: "Write the video at a variable frame rate, as phones do.")
        var variableRate = false

        @Option(help: ArgumentHelp("The video encoder (libx264, mpeg4, mjpeg, ...; default: the container's).", valueName: "name"))
        var codec: String?

        @Option(
            name: .customLong("display-rotation"),
            help: ArgumentHelp(
                "Store the video's frames turned and write a display matrix that turns them back by this many degrees clockwise (0, 90, 180, 270), as a phone does for portrait videos.",
                valueName: "deg"))
        var displayRotation: Int = 0

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

        @Flag(inversion: .prefixedNo, help: "Lay the deck's GO card left of the row and tap it to run (default); without it the presses are not seen.")
        var goCard = true

        @Flag(name: .customLong("run-marks"), help: "Write the presses as run marks into session.json.")
        var runMarks = false

        @Flag(name: .customLong("double-tap"), help: "The first tap is followed at once by a second (one press).")
        var doubleTap = false

        @Flag(name: .customLong("row-sweep"), help: "Once, a hand and arm lie over the whole row and the GO card together.")
        var rowSweep = false

        @Flag(name: .customLong("hand-over-card"), help: "Once, a hand covers one card for a second, straightening it.")
        var handOverCard = false

        @Flag(name: .customLong("hand-left-on-go"), help: "At the end, a hand rests on the GO card until the recording stops.")
        var handLeftOnGo = false

        @Option(help: "Frames rendered at once (default: the number of cores).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        func validate() throws {
            if !(0...100).contains(quality) { throw ValidationError("--quality must be 0 (PNG) to 100.") }
            if !(fps >= SessionManifest.minimumFPS && fps <= SessionManifest.maximumFPS) {
                throw ValidationError("--fps must be from \(SessionManifest.minimumFPS) to \(Int(SessionManifest.maximumFPS)).")
            }
            if out == nil && video == nil { throw ValidationError("give --out (a session folder) or --video (a video file), or both.") }
            if ![0, 90, 180, 270].contains(displayRotation) { throw ValidationError("--display-rotation must be 0, 90, 180 or 270.") }
            if !(0...51).contains(crf) { throw ValidationError("--crf must be 0 to 51.") }
            if !(1...240).contains(videoFPS) { throw ValidationError("--video-fps must be 1 to 240.") }
        }

        func run() throws {
            let deck = try deckOptions.load()
            let deckNames = deck.namesByMarker
            let level = try self.level.load(deckNames: deckNames)
            let mapping = CardMapping(level: level, deckNames: deckNames)
            var programs: [[Int]] = []
            for (option, text) in [("--program", program)] + later.map({ ("--then", $0) }) {
                do {
                    let cards = try mapping.cards(text: text)
                    programs.append(cards.map { level.markerIDs(for: $0).first! })
                } catch {
                    StandardError.error("\(option): \(error.message)")
                    throw ExitCode(2)
                }
            }
            let out = self.out ?? video.map { path in
                let folder = (path as NSString).deletingLastPathComponent
                return folder.isEmpty ? "." : folder
            }!
            var options = SessionSynthesizer.Options(
                width: size.width, height: size.height, difficulty: difficulty, jpegQuality: quality == 0 ? nil : quality,
                stillsFPS: fps,
                pace: SessionTimeline.Options(
                    goCard: goCard, doubleTap: doubleTap, rowSweep: rowSweep, handOverCard: handOverCard,
                    handLeftOnGo: handLeftOnGo),
                runMarks: runMarks)
            options.video = video.map {
                SessionVideo(path: $0, videoFPS: videoFPS, variableRate: variableRate, codec: codec, rotation: displayRotation, crf: crf)
            }
            let synthesizer = SessionSynthesizer(faces: deck.synthFaces, goFace: deck.goFace, options: options)
            let levelReference: SessionManifest.LevelReference =
                Int(self.level.level ?? "") != nil
                ? .number(level.number) : .path(SessionSynthesizer.relativePath(of: level.source.file, from: out))
            let truth: SessionTruth
            do {
                truth = try synthesizer.write(
                    programs: programs, seed: seed, to: out, student: student, level: levelReference, jobs: jobs)
            } catch let error as SynthError {
                StandardError.error(file: error.subject, error.reason)
                throw ExitCode(2)
            } catch let error as ImageError {
                StandardError.error(file: error.file, error.reason)
                throw ExitCode(2)
            }
            let signal = runMarks ? "\(truth.presses.count) run marks" : (goCard ? "\(truth.presses.count) GO taps" : "no run signal")
            let length = String(format: "%.1f s", truth.duration)
            if let video {
                StandardOutput.print("\(video): wrote \(length) of video; \(out): session.json (\(signal)) and truth.json")
            } else {
                StandardOutput.print("\(out): wrote \(truth.frames.count) frames (\(length) at \(JSONText.number(fps, places: 2)) fps), session.json (\(signal)) and truth.json")
            }
        }
    }
}
