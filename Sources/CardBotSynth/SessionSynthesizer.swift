import CardBotImaging
import CardBotSession
import CardBotSupport
import Foundation

/// Makes a recorded session at a child's pace: the cards laid one by one with thinking pauses, a tap on the GO
/// card to run, the robot watched, the cards rearranged into later programs, each tapped in turn.
///
/// The session follows a ``SessionTimeline`` in seconds, decided by the seed alone; the scene at any moment is the
/// timeline's state then (the camera drifts as a smooth function of time). Scenes are rendered on a grid of tenths
/// of a second and written as stills at any rate or as a video at any (or a variable) frame rate, so the same
/// seed is the same lesson whatever it is written as. The table, light and deck stay. `session.json` is written
/// through ``SessionManifest``; `truth.json` holds the taps, presses and attempts.
public struct SessionSynthesizer: Sendable {
    /// What to make besides the programs.
    public struct Options: Sendable {
        /// Frame width and height in pixels.
        public var width: Int
        public var height: Int
        /// How hard each frame is (light, blur, noise, tilt).
        public var difficulty: SynthDifficulty
        /// JPEG quality, or nil for PNG frames.
        public var jpegQuality: Int?
        /// Stills per second (the session's `fps`).
        public var stillsFPS: Double
        /// Write one video instead of still files.
        public var video: SessionVideo?
        /// What the child does besides laying and tapping, and whether a GO card lies on the table.
        public var pace: SessionTimeline.Options
        /// Write the presses as run marks into session.json.
        public var runMarks: Bool

        /// Creates options.
        public init(width: Int = 640, height: Int = 480, difficulty: SynthDifficulty = .easy, jpegQuality: Int? = 80,
                    stillsFPS: Double = 2, pace: SessionTimeline.Options = .init(), runMarks: Bool = false) {
            self.width = width
            self.height = height
            self.difficulty = difficulty
            self.jpegQuality = jpegQuality
            self.stillsFPS = stillsFPS
            self.pace = pace
            self.runMarks = runMarks
        }
    }

    /// The most cards a row holds before the program continues on the next row.
    public static let cardsPerRow = 6
    /// Scenes are rendered every tenth of a second; every output frame shows one of them.
    public static let keyframesPerSecond = 10.0

    /// The program cards' faces.
    public var faces: [CardFace]
    /// The GO card's face, laid left of the row when ``Options/pace`` has the GO card.
    public var goFace: CardFace?
    /// The options.
    public var options: Options

    /// Creates a synthesizer.
    public init(faces: [CardFace], goFace: CardFace? = nil, options: Options = Options()) {
        self.faces = faces
        self.goFace = goFace
        self.options = options
    }

    /// Renders the session for `programs` (marker ids in reading order; the first is laid card by card, each
    /// later one made from it) into `directory`, writes its `session.json` (with `student` and `level`) and
    /// `truth.json`, and returns the truth. A `level` given as a file outside `directory` is copied into it (a
    /// session's level file lies inside its folder) and named by its file name.
    /// - Throws: `SynthError` for programs that do not fit or a GO card asked for without its face, `ImageError`
    ///   when a frame cannot be written.
    @discardableResult
    public func write(
        programs: [[Int]], seed: UInt64, to directory: String, student: String? = nil,
        level: SessionManifest.LevelReference? = nil, jobs: Int = 2
    ) throws -> SessionTruth {
        guard !programs.isEmpty, programs.allSatisfy({ !$0.isEmpty }) else {
            throw SynthError("--program", Messages.text("give at least one card for every program"))
        }
        if options.pace.goCard && goFace == nil {
            throw SynthError("--go-card", Messages.text("the deck has no card named 'go' to lay beside the row; give --no-go-card"))
        }
        let timeline = SessionTimeline(cardCounts: programs.map(\.count), seed: seed, options: options.pace)
        let stage = try SessionStage(programs: programs, faces: faces, goFace: options.pace.goCard ? goFace : nil,
                                     options: options, seed: seed)
        try FrameSetWriter.makeDirectory(directory)

        let truths: [FrameTruth]
        var runs: [String] = []
        var runSeconds: [Double] = []
        if let video = options.video {
            truths = try video.write(duration: timeline.duration, seed: seed, jobs: jobs) { stage.scene(keyframe: $0, timeline: timeline) }
            runSeconds = timeline.presses
        } else {
            let fps = options.stillsFPS
            let count = Int((timeline.duration * fps).rounded(.up))
            let format: FrameSetWriter.Format = options.jpegQuality == nil ? .png : .jpg
            let names = (0..<count).map { FrameSetWriter.fileName($0 + 1, of: count, format: format) }
            truths = try FrameSetWriter.render(
                count: count, names: names, directory: directory, format: format, quality: options.jpegQuality, jobs: jobs
            ) { index in
                stage.scene(keyframe: Int((Double(index) / fps * Self.keyframesPerSecond).rounded()), timeline: timeline)
            }.values.compactMap { $0 }
            // A run mark is the first still at or after the press.
            runs = timeline.presses.map { press in names[min(count - 1, Int((press * fps - 1e-6).rounded(.up)))] }
        }
        let goMarker = options.pace.goCard ? goFace?.id : nil
        var truth = SessionTruth(
            seed: seed, duration: timeline.duration, goCard: goMarker,
            frames: truths.map { Self.withoutGoCard($0, goMarker: goMarker) },
            taps: timeline.taps, presses: timeline.presses,
            attempts: zip(timeline.presses, timeline.pressLayouts).map { .init(seconds: $0, program: programs[$1]) },
            finalProgram: programs.last!, pace: options.pace, notes: timeline.notes)
        if options.runMarks {
            if options.video != nil { truth.runSeconds = runSeconds } else { truth.runs = runs }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        try FileBytes.writeAtomically(
            Array(try encoder.encode(truth)) + [10], to: (directory as NSString).appendingPathComponent("truth.json"))

        var manifest = SessionManifest(student: student, level: try Self.levelInside(level, directory: directory))
        if let video = options.video {
            manifest.video = Self.relativePath(of: video.path, from: directory)
            if options.runMarks { manifest.runSeconds = runSeconds }
        } else {
            manifest.fps = options.stillsFPS
            if options.runMarks { manifest.runs = runs }
        }
        try FileBytes.writeAtomically(
            Array(manifest.jsonText().utf8), to: (directory as NSString).appendingPathComponent(RecordedSession.manifestName))
        return truth
    }

    /// `level` as `session.json` in `directory` names it: a level file outside the folder is copied in beside the
    /// frames (run refuses a level file outside the session folder).
    static func levelInside(_ level: SessionManifest.LevelReference?, directory: String) throws -> SessionManifest.LevelReference? {
        guard case .path(let path)? = level else { return level }
        let file = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        let folder = FileSystem.absolute(directory)
        let absolute = FileSystem.absolute(file)
        if absolute.hasPrefix(folder + "/") { return .path(String(absolute.dropFirst(folder.count + 1))) }
        let name = (absolute as NSString).lastPathComponent
        let bytes = try FileBytes.read(absolute)
        try FileBytes.writeAtomically(bytes, to: (directory as NSString).appendingPathComponent(name))
        return .path(name)
    }

    /// A frame's truth with the GO card out of `visible` (it is never part of a program) and in `goVisible`.
    static func withoutGoCard(_ truth: FrameTruth, goMarker: Int?) -> FrameTruth {
        guard let goMarker else { return truth }
        var truth = truth
        truth.goVisible = truth.cards.contains { $0.id == goMarker && !$0.hidden }
        truth.visible.removeAll { $0 == goMarker }
        return truth
    }

    /// `file`'s path as seen from the folder `directory`, so that session.json stays valid wherever the two move
    /// together.
    public static func relativePath(of file: String, from directory: String) -> String {
        let target = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: directory).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...]).joined(separator: "/")
    }
}
