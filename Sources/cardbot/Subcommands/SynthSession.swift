import ArgumentParser
import CardBotClassroom
import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSynth
import CardBotVideo
import CardBotVision
import Foundation

extension CardBotCommand.Synth {
    /// `cardbot synth session`: a recorded session of a child building and running programs.
    struct Session: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a synthesized recorded session: frames, session.json and truth.json.",
            discussion: """
                The child lays the --program cards down one by one (a hand placing each), presses run, a hand \
                passes over the cards for fewer than --stable-frames frames, and each --then program replaces \
                the cards and is run in turn. The camera drifts a little. session.json holds the student, the \
                level, the fps and the run marks; truth.json holds every frame's visible cards and the \
                programs each run mark runs. The same seed always gives the same session.

                With --video FILE the session is one video instead of frame files (H.264 in .mp4, .mkv and .mov \
                where the library has it, else MPEG-4 Part 2), each synthesized frame shown for 1/--fps seconds; \
                session.json (naming the video, with the run marks as times in seconds) and truth.json go into \
                --out, by default the video's folder.
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

        @Option(name: .customLong("video-fps"), help: "Video frames per second (each synthesized frame is repeated).")
        var videoFPS: Int = 30

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

        @Option(help: "Frames per second written to session.json (default 2; for --video 5, the default --sample-fps of run, so each synthesized frame is read once).")
        var fps: Double?

        @Option(help: ArgumentHelp("The frame size in pixels.", valueName: "WxH"))
        var size: FrameSize = FrameSize(width: 640, height: 480)

        @Option(help: "easy, hard or occluded (how each frame looks).")
        var difficulty: SynthDifficulty = .easy

        @Option(name: .customLong("stable-frames"), help: "The tracker stability the session is timed for.")
        var stableFrames: Int = 3

        @Option(help: "JPEG quality 1 to 100; 0 writes PNG frames.")
        var quality: Int = 80

        @Option(help: "Frames rendered at once (default: the number of cores).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        func validate() throws {
            if !(0...100).contains(quality) { throw ValidationError("--quality must be 0 (PNG) to 100.") }
            if !(1...20).contains(stableFrames) { throw ValidationError("--stable-frames must be 1 to 20.") }
            if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be above 0 and at most 1000.") }
            if out == nil && video == nil { throw ValidationError("give --out (a session folder) or --video (a video file), or both.") }
            if ![0, 90, 180, 270].contains(displayRotation) { throw ValidationError("--display-rotation must be 0, 90, 180 or 270.") }
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
            let fps = self.fps ?? (video == nil ? 2 : VideoFrameSource.defaultSampleFPS)
            let out = self.out ?? video.map { path in
                let folder = (path as NSString).deletingLastPathComponent
                return folder.isEmpty ? "." : folder
            }!
            var options = SessionSynthesizer.Options(
                width: size.width, height: size.height, difficulty: difficulty, stableFrames: stableFrames,
                jpegQuality: quality == 0 ? nil : quality)
            options.video = video.map {
                SessionVideo(path: $0, fps: fps, videoFPS: videoFPS, variableRate: variableRate, codec: codec,
                             rotation: displayRotation)
            }
            let synthesizer = SessionSynthesizer(faces: deck.synthFaces, options: options)
            let truth: SessionTruth
            do {
                truth = try synthesizer.write(programs: programs, seed: seed, to: out, jobs: jobs)
                let levelReference: SessionManifest.LevelReference =
                    Int(self.level.level ?? "") != nil
                    ? .number(level.number) : .path(Self.relativePath(of: level.source.file, from: out))
                var manifest = SessionManifest(student: student, level: levelReference, fps: fps, runs: truth.runs)
                if let video {
                    manifest = SessionManifest(student: student, level: levelReference, fps: fps)
                    manifest.video = Self.relativePath(of: video, from: out)
                    manifest.runSeconds = truth.runSeconds
                }
                try FileBytes.writeAtomically(
                    Array(manifest.jsonText().utf8), to: (out as NSString).appendingPathComponent("session.json"))
            } catch let error as SynthError {
                StandardError.error(file: error.subject, error.reason)
                throw ExitCode(2)
            } catch let error as ImageError {
                StandardError.error(file: error.file, error.reason)
                throw ExitCode(2)
            }
            if let video {
                print("\(video): wrote \(truth.frames.count) frames (\(String(format: "%.1f", Double(truth.frames.count) / fps)) s); \(out): session.json (\(truth.runs.count) run marks) and truth.json")
            } else {
                print("\(out): wrote \(truth.frames.count) frames, session.json (\(truth.runs.count) run marks) and truth.json")
            }
        }
    
        /// `file`'s path as seen from the folder `directory`, so that session.json stays valid wherever the two move together.
        static func relativePath(of file: String, from directory: String) -> String {
            let target = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
            let base = URL(fileURLWithPath: directory).standardizedFileURL.pathComponents
            var common = 0
            while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
            let up = Array(repeating: "..", count: base.count - common)
            return (up + target[common...]).joined(separator: "/")
        }
    }
}
