import CardBotImaging
import Foundation

/// Makes a recorded session: a child lays a program down card by card, presses "run", a hand passes
/// over the cards, and the cards may be rearranged into later programs that are run in turn.
///
/// The camera drifts a little from frame to frame; the table, light and deck stay. Everything follows
/// from the seed. While cards are laid down or rearranged, and while a hand passes over finished cards,
/// no reading lasts `stableFrames` frames; each program lies still for `stableFrames + 2` frames before
/// its run mark. So a tracker that needs `stableFrames` equal readings (3 or more) sees exactly the
/// programs that were run, with or without the run marks.
public struct SessionSynthesizer: Sendable {
    /// What to make besides the programs.
    public struct Options: Sendable {
        /// Frame width and height in pixels.
        public var width: Int
        public var height: Int
        /// How hard each frame is (light, blur, noise, tilt).
        public var difficulty: SynthDifficulty
        /// The tracker's stability the session is timed for.
        public var stableFrames: Int
        /// JPEG quality, or nil for PNG frames.
        public var jpegQuality: Int?
        /// Write one video instead of frame files.
        public var video: SessionVideo?

        /// Creates options.
        public init(width: Int = 640, height: Int = 480, difficulty: SynthDifficulty = .easy, stableFrames: Int = 3,
                    jpegQuality: Int? = 80) {
            self.width = width
            self.height = height
            self.difficulty = difficulty
            self.stableFrames = stableFrames
            self.jpegQuality = jpegQuality
        }
    }

    /// The most cards a row holds before the program continues on the next row.
    public static let cardsPerRow = 6

    /// The card faces.
    public var faces: [CardFace]
    /// The options.
    public var options: Options

    /// Creates a synthesizer.
    public init(faces: [CardFace], options: Options = Options()) {
        self.faces = faces
        self.options = options
    }

    /// One frame of the session's script.
    struct Shot {
        var layout: Int
        var shown: Int
        var hand: HandAction
        var runMark: Bool
    }

    enum HandAction {
        case none
        case placing(Int)
        case passing
    }

    /// Renders the session for `programs` (marker ids in reading order; the first is laid card by card,
    /// each later one replaces it) into `directory` and returns its truth (also written to `truth.json`).
    /// - Throws: `SynthError` for programs that do not fit, `ImageError` when a frame cannot be written.
    @discardableResult
    public func write(programs: [[Int]], seed: UInt64, to directory: String, jobs: Int = 2) throws -> SessionTruth {
        guard !programs.isEmpty, programs.allSatisfy({ !$0.isEmpty }) else {
            throw SynthError("--program", "give at least one card for every program")
        }
        let layouts = try programs.map { program -> [SceneCard] in
            let rows = stride(from: 0, to: program.count, by: Self.cardsPerRow).map {
                Array(program[$0..<min(program.count, $0 + Self.cardsPerRow)])
            }
            let sceneOptions = SceneOptions(
                width: options.width, height: options.height, program: rows, difficulty: options.difficulty)
            let generator = try SceneGenerator(faces: faces, options: sceneOptions)
            return generator.scene(seed: seed, index: 0).cards
        }
        // The camera, table and light of the first program's scene hold for the whole session.
        let firstOptions = SceneOptions(
            width: options.width, height: options.height,
            program: [Array(programs[0].prefix(Self.cardsPerRow))], difficulty: options.difficulty)
        let generator = try SceneGenerator(faces: faces, options: firstOptions)
        let base = generator.scene(seed: seed, index: 0)
        // Pull the camera back until every card of every layout is in view, with room for the drift.
        var camera = base.camera
        camera.target = TablePoint(0, 0)
        let design = base.design
        let corners = layouts.joined().flatMap { card in
            FrameRenderer.tablePoints(card, [
                (-design.width / 2, -design.height / 2), (design.width / 2, -design.height / 2),
                (design.width / 2, design.height / 2), (-design.width / 2, design.height / 2),
            ])
        }
        let margin = 0.1 * Double(min(options.width, options.height))
        for _ in 0..<80 {
            let inside = corners.allSatisfy { point in
                guard let p = camera.project(point) else { return false }
                return p.x >= margin && p.y >= margin && p.x <= Double(options.width) - margin
                    && p.y <= Double(options.height) - margin
            }
            if inside { break }
            camera.distance *= 1.05
        }

        let shots = script(layouts: layouts)
        let names = shots.indices.map { fileName($0 + 1, of: shots.count) }
        let scenes: [SynthScene] = shots.enumerated().map { index, shot in
            var random = SynthRandom(seed: SynthRandom.derive(seed, UInt64(index), 0x5E55))
            var scene = base
            let cards = Array(layouts[shot.layout].prefix(shot.shown))
            scene.cards = cards
            // The camera drifts: a small, smooth wander around where it started.
            let phase = Double(index)
            scene.camera = camera
            scene.camera.target = camera.target.offset(6 * sin(phase * 0.31 + 1), 5 * cos(phase * 0.23))
            scene.camera.heading = camera.heading + 0.02 * sin(phase * 0.17)
            scene.camera.distance = camera.distance * (1 + 0.015 * sin(phase * 0.13 + 2))
            scene.effects.seed = random.next()
            switch shot.hand {
            case .none:
                scene.hand = nil
            case .placing(let card):
                scene.hand = generator.makeHand(&random, cards: [cards[min(card, cards.count - 1)]], camera: scene.camera)
            case .passing:
                let middle = cards[cards.count / 2]
                scene.hand = generator.makeHand(&random, cards: [middle], camera: scene.camera)
            }
            return scene
        }

        try FrameSetWriter.makeDirectory(directory)
        let truths: [FrameTruth]
        if let video = options.video {
            truths = try video.write(scenes, jobs: jobs)
        } else {
            let format: FrameSetWriter.Format = options.jpegQuality == nil ? .png : .jpg
            truths = try FrameSetWriter.render(
                count: scenes.count, names: names, directory: directory, format: format, quality: options.jpegQuality,
                jobs: jobs
            ) { scenes[$0] }.values.compactMap { $0 }
        }
        var runs: [String] = []
        var runSeconds: [Double] = []
        var attempts: [[Int]] = []
        for (index, shot) in shots.enumerated() where shot.runMark {
            runs.append(truths[index].file ?? names[index])
            if let video = options.video { runSeconds.append(video.seconds(ofFrame: index)) }
            attempts.append(programs[shot.layout])
        }
        var truth = SessionTruth(seed: seed, frames: truths, runs: runs, attempts: attempts, finalProgram: programs.last!)
        if options.video != nil { truth.runSeconds = runSeconds }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        let path = (directory as NSString).appendingPathComponent("truth.json")
        try FileBytes.writeAtomically(Array(try encoder.encode(truth)) + [10], to: path)
        return truth
    }

    /// The frames of the session in order.
    func script(layouts: [[SceneCard]]) -> [Shot] {
        let k = options.stableFrames
        var shots: [Shot] = []
        func still(_ layout: Int, _ count: Int, runAtEnd: Bool = false) {
            for index in 0..<count {
                shots.append(Shot(layout: layout, shown: layouts[layout].count, hand: .none,
                                  runMark: runAtEnd && index == count - 1))
            }
        }
        // An empty table, then the first program laid down card by card, each with the hand placing it.
        shots.append(Shot(layout: 0, shown: 0, hand: .none, runMark: false))
        shots.append(Shot(layout: 0, shown: 0, hand: .none, runMark: false))
        // A card appears under the hand, and the hand then covers the next card for a frame: a partial
        // program can show for `frames + 1` frames, which must stay below k.
        for card in 0..<layouts[0].count {
            let frames = max(1, k - 2)
            for _ in 0..<frames { shots.append(Shot(layout: 0, shown: card + 1, hand: .placing(card), runMark: false)) }
        }
        still(0, k + 2, runAtEnd: true)
        // A hand passes over the cards for fewer than k frames: the program must not change.
        for _ in 0..<max(0, k - 1) { shots.append(Shot(layout: 0, shown: layouts[0].count, hand: .passing, runMark: false)) }
        still(0, 2)
        // Each later program: the cards are rearranged under a hand, then lie still and are run.
        for layout in layouts.indices.dropFirst() {
            for _ in 0..<max(1, min(2, k - 1)) {
                shots.append(Shot(layout: layout, shown: layouts[layout].count, hand: .passing, runMark: false))
            }
            still(layout, k + 2, runAtEnd: true)
        }
        still(layouts.count - 1, 2)
        return shots
    }

    func fileName(_ number: Int, of count: Int) -> String {
        FrameSetWriter.fileName(number, of: count, format: options.jpegQuality == nil ? .png : .jpg)
    }
}
