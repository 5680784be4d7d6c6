import CardBotImaging
import CardBotSupport
import CardBotVideo
import Dispatch
import Foundation

/// How a synthesized session is written as a video instead of a folder of stills.
///
/// The video's frames come at `videoFPS` (or, with `variableRate`, at uneven times between 1/60 and 1/12 s apart,
/// as a phone writes them in dim light); each shows the session's scene at the tenth of a second it falls in.
public struct SessionVideo: Sendable {
    /// The video file to write (container from the extension).
    public var path: String
    /// Video frames per second for a steady rate (the container's nominal rate of a variable one).
    public var videoFPS: Int
    /// Write a variable frame rate.
    public var variableRate: Bool
    /// An encoder name, or nil for the container's default (H.264 where available).
    public var codec: String?
    /// Clockwise degrees a player turns the stored frames to show them upright (a portrait phone video):
    /// the frames are stored turned the other way and the display matrix says how to turn them back.
    public var rotation: Int
    /// For H.264, the constant rate factor (lower is better): 20 by default; a phone's recording is about 23 to 28.
    public var crf: Int

    /// Creates video options.
    public init(
        path: String, videoFPS: Int = 30, variableRate: Bool = false, codec: String? = nil, rotation: Int = 0, crf: Int = 20
    ) {
        self.crf = crf
        self.path = path
        self.videoFPS = videoFPS
        self.variableRate = variableRate
        self.codec = codec
        self.rotation = rotation
    }

    /// The presentation times of the video's frames over `duration` seconds: steady, or uneven from `seed`.
    public func frameTimes(duration: Double, seed: UInt64) -> [Double] {
        guard variableRate else {
            return (0..<Int((duration * Double(videoFPS)).rounded(.up))).map { Double($0) / Double(videoFPS) }
        }
        var random = SynthRandom(seed: SynthRandom.derive(seed, 0x0F12))
        var times: [Double] = []
        var t = 0.0
        while t < duration {
            times.append(t)
            // Whole milliseconds, as a container's time base keeps them.
            t += (random.uniform(1.0 / 60...1.0 / 12) * 1000).rounded() / 1000
        }
        return times
    }

    /// Renders the scenes the video shows (`scene(k)` is the scene at `k` tenths of a second) on up to `jobs`
    /// workers, a few at a time, each once, and writes the video frames in order; returns each rendered scene's
    /// truth named by its time (`m:ss.s`).
    func write(duration: Double, seed: UInt64 = 0, jobs: Int, scene: (Int) -> SynthScene) throws -> [FrameTruth] {
        let times = frameTimes(duration: duration, seed: seed)
        let keyframes = times.map { Int(($0 * SessionSynthesizer.keyframesPerSecond + 1e-6).rounded(.down)) }
        guard let firstKey = keyframes.first else { return [] }
        let probe = scene(firstKey)
        let turned = rotation == 90 || rotation == 270
        let width = turned ? probe.camera.height : probe.camera.width
        let height = turned ? probe.camera.width : probe.camera.height
        let writer = try VideoWriter(
            path: path, width: width, height: height, fps: videoFPS, codec: codec, rotation: rotation, quality: crf)
        var truths: [FrameTruth] = []
        let workers = max(1, min(jobs, ProcessInfo.processInfo.activeProcessorCount))
        let unique = Array(Set(keyframes)).sorted()
        var next = 0
        let batch = workers * 2
        for start in stride(from: 0, to: unique.count, by: batch) {
            let keys = Array(unique[start..<min(unique.count, start + batch)])
            let scenes = keys.map(scene)
            let rendered = ResultSlots<SynthFrame>(count: keys.count)
            DispatchQueue.concurrentPerform(iterations: min(workers, keys.count)) { worker in
                let renderer = FrameRenderer()
                var index = worker
                while index < keys.count {
                    rendered.set(index, renderer.render(scenes[index]))
                    index += workers
                }
            }
            let frames = rendered.values()
            for (offset, key) in keys.enumerated() {
                let stored = Self.turn(frames[offset].rgb, counterclockwise: rotation)
                while next < times.count && keyframes[next] == key {
                    try writer.write(stored, seconds: times[next])
                    next += 1
                }
                var truth = frames[offset].truth
                truth.file = FrameStamp.clock(Double(key) / SessionSynthesizer.keyframesPerSecond)
                truths.append(truth)
            }
        }
        try writer.finish()
        return truths
    }

    /// `image` turned `degrees` (0, 90, 180, 270) counterclockwise.
    static func turn(_ image: RGBImage, counterclockwise degrees: Int) -> RGBImage {
        let w = image.width, h = image.height
        switch ((degrees % 360) + 360) % 360 {
        case 90:
            // Output (x, y) is input (w - 1 - y, x); the output is h wide.
            var out = [UInt8](repeating: 0, count: w * h * 3)
            for y in 0..<w {
                for x in 0..<h {
                    let from = (x * w + (w - 1 - y)) * 3
                    let to = (y * h + x) * 3
                    out[to] = image.pixels[from]; out[to + 1] = image.pixels[from + 1]; out[to + 2] = image.pixels[from + 2]
                }
            }
            return RGBImage(width: h, height: w, pixels: out)
        case 180:
            var out = [UInt8](repeating: 0, count: w * h * 3)
            for pixel in 0..<(w * h) {
                let from = (w * h - 1 - pixel) * 3
                out[pixel * 3] = image.pixels[from]; out[pixel * 3 + 1] = image.pixels[from + 1]
                out[pixel * 3 + 2] = image.pixels[from + 2]
            }
            return RGBImage(width: w, height: h, pixels: out)
        case 270:
            return turn(turn(image, counterclockwise: 180), counterclockwise: 90)
        default:
            return image
        }
    }
}
