import CardBotImaging
import CardBotSupport
import Foundation

/// Renders a numbered set of frames into a folder and writes their ground truth as `truth.json`.
///
/// Frames are `frame-0001.jpg` (or `.png`), numbered from 1; frame `i` is scene `i - 1` of the seed,
/// so a larger count only appends frames. Rendering runs on all cores, one renderer per worker.
public struct FrameSetWriter: Sendable {
    /// The file format of the frames.
    public enum Format: String, Sendable, CaseIterable {
        case jpg
        case png
    }

    /// The version tag written into truth.json.
    public static let truthFormat = "cardbot-synth/1"

    /// The scenes to render.
    public var generator: SceneGenerator
    /// The file format.
    public var format: Format
    /// JPEG quality for every frame, or nil to use each scene's own (drawn from the difficulty).
    public var quality: Int?
    /// The number of worker threads (at least 1).
    public var jobs: Int

    /// Creates a writer.
    public init(generator: SceneGenerator, format: Format = .jpg, quality: Int? = nil,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.generator = generator
        self.format = format
        self.quality = quality
        self.jobs = max(1, jobs)
    }

    /// The file name of frame `number` (from 1) in a set of `count`.
    public func fileName(_ number: Int, of count: Int) -> String {
        Self.fileName(number, of: count, format: format)
    }

    /// `frame-0001.jpg` ...: at least four digits, more when `count` needs them, so names sort naturally.
    static func fileName(_ number: Int, of count: Int, format: Format) -> String {
        let digits = max(4, String(count).count)
        let padded = String(repeating: "0", count: max(0, digits - String(number).count)) + String(number)
        return "frame-\(padded).\(format.rawValue)"
    }

    /// What a run wrote and how long it took.
    public struct Report: Sendable {
        /// The truth of every frame, in order.
        public var frames: [FrameTruth]
        /// Time spent rendering, summed over all workers, in seconds.
        public var renderSeconds: Double
        /// Time spent encoding and writing frames, summed over all workers, in seconds.
        public var encodeSeconds: Double
    }

    /// Renders `count` frames of `seed` into `directory` (created if missing) and writes `truth.json` there.
    /// - Throws: `SynthError` when the folder cannot be made, `ImageError` when a frame cannot be written.
    @discardableResult
    public func write(count: Int, seed: UInt64, to directory: String) throws -> Report {
        guard count >= 1 else { throw SynthError("--count", Messages.text("%s frames: ask for at least one frame", count)) }
        try Self.makeDirectory(directory)
        let names = (1...count).map { fileName($0, of: count) }
        let generator = self.generator
        let results = try Self.render(
            count: count, names: names, directory: directory, format: format, quality: quality, jobs: jobs
        ) { generator.scene(seed: seed, index: $0) }
        let truths = results.values.compactMap { $0 }
        let json = try Self.truthJSON(truths, seed: seed, difficulty: generator.options.difficulty)
        let truthPath = directory.hasSuffix("/") ? directory + "truth.json" : directory + "/truth.json"
        try FileBytes.writeAtomically(Array(json.utf8), to: truthPath)
        return Report(frames: truths, renderSeconds: Double(results.renderNanoseconds) / 1e9,
                      encodeSeconds: Double(results.encodeNanoseconds) / 1e9)
    }

    /// The text of truth.json: a header and one frame per line.
    public static func truthJSON(_ frames: [FrameTruth], seed: UInt64, difficulty: SynthDifficulty) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = try frames.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        return """
            {
              "format": "\(truthFormat)",
              "seed": \(seed),
              "difficulty": "\(difficulty.rawValue)",
              "count": \(frames.count),
              "frames": [
            \(lines.map { "    " + $0 }.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// Renders frame `index` of `count` from `scene(index)` on up to `jobs` workers (one renderer each) and
    /// writes it as `names[index]` in `directory`; JPEG quality is `quality`, else the scene's own. Stops at
    /// the first frame that cannot be written and throws its error.
    static func render(
        count: Int, names: [String], directory: String, format: Format, quality: Int?, jobs: Int,
        scene: @Sendable (Int) -> SynthScene
    ) throws -> ResultBox {
        let results = ResultBox(count: count)
        // More workers than cores only cost memory (each keeps its frame buffers).
        let workers = min(jobs, count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let renderer = FrameRenderer()
            var index = worker
            while index < count {
                if results.failed { return }
                let started = DispatchTime.now().uptimeNanoseconds
                let scene = scene(index)
                let frame = renderer.render(scene)
                let rendered = DispatchTime.now().uptimeNanoseconds
                var truth = frame.truth
                truth.file = names[index]
                let path = directory.hasSuffix("/") ? directory + names[index] : directory + "/" + names[index]
                do {
                    switch format {
                    case .jpg: try ImageWriter.write(frame.rgb, to: path, quality: quality ?? scene.effects.jpegQuality)
                    case .png: try ImageWriter.write(frame.rgb, to: path)
                    }
                    results.set(index, truth, render: rendered - started,
                                encode: DispatchTime.now().uptimeNanoseconds - rendered)
                } catch {
                    results.fail(error)
                    return
                }
                index += workers
            }
        }
        if let error = results.error { throw error }
        return results
    }

    static func makeDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw SynthError(path, Messages.text("exists and is not a folder; give --out a folder to write the frames into"))
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw SynthError(path, Messages.text("cannot create the output folder (%s)", (error as NSError).localizedDescription))
        }
    }
}

/// Per-frame results collected from the workers.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [FrameTruth?]
    private(set) var error: Error?
    private(set) var renderNanoseconds: UInt64 = 0
    private(set) var encodeNanoseconds: UInt64 = 0

    init(count: Int) { values = [FrameTruth?](repeating: nil, count: count) }

    var failed: Bool { lock.withLock { error != nil } }

    func set(_ index: Int, _ truth: FrameTruth, render: UInt64, encode: UInt64) {
        lock.withLock {
            values[index] = truth
            renderNanoseconds += render
            encodeNanoseconds += encode
        }
    }

    func fail(_ error: Error) { lock.withLock { if self.error == nil { self.error = error } } }
}
