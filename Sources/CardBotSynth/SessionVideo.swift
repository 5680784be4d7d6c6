import CardBotImaging
import CardBotSupport
import CardBotVideo
import Dispatch
import Foundation

/// How a synthesized session is written as a video instead of a folder of frames.
///
/// Each synthesized frame is shown for `1 / fps` seconds, repeated as video frames at `videoFPS` (or, with
/// `variableRate`, alternately 5 video frames and 1, as a phone's frame rate varies in dim light), so a
/// reader sampling at `fps` sees every synthesized frame once.
public struct SessionVideo: Sendable {
    /// The video file to write (container from the extension).
    public var path: String
    /// Synthesized frames per second of video (the session's pace).
    public var fps: Double
    /// Video frames per second for a steady rate.
    public var videoFPS: Int
    /// Write a variable frame rate.
    public var variableRate: Bool
    /// An encoder name, or nil for the container's default (H.264 where available).
    public var codec: String?
    /// Clockwise degrees a player turns the stored frames to show them upright (a portrait phone video):
    /// the frames are stored turned the other way and the display matrix says how to turn them back.
    public var rotation: Int

    /// Creates video options.
    public init(path: String, fps: Double = 5, videoFPS: Int = 30, variableRate: Bool = false, codec: String? = nil,
                rotation: Int = 0) {
        self.path = path
        self.fps = fps
        self.videoFPS = videoFPS
        self.variableRate = variableRate
        self.codec = codec
        self.rotation = rotation
    }

    /// The time synthesized frame `index` appears.
    public func seconds(ofFrame index: Int) -> Double { Double(index) / fps }

    /// Renders `scenes` on up to `jobs` workers, a few at a time, and writes them in order; returns each
    /// frame's truth named by its time (`m:ss.s`).
    func write(_ scenes: [SynthScene], jobs: Int) throws -> [FrameTruth] {
        guard let first = scenes.first else { return [] }
        let turned = rotation == 90 || rotation == 270
        let width = turned ? first.camera.height : first.camera.width
        let height = turned ? first.camera.width : first.camera.height
        let writer = try VideoWriter(
            path: path, width: width, height: height, fps: videoFPS, codec: codec, rotation: rotation)
        var truths: [FrameTruth] = []
        let workers = max(1, min(jobs, ProcessInfo.processInfo.activeProcessorCount))
        let batch = workers * 2
        for start in stride(from: 0, to: scenes.count, by: batch) {
            let end = min(scenes.count, start + batch)
            let rendered = ResultSlots<SynthFrame>(count: end - start)
            DispatchQueue.concurrentPerform(iterations: min(workers, end - start)) { worker in
                let renderer = FrameRenderer()
                var index = start + worker
                while index < end {
                    rendered.set(index - start, renderer.render(scenes[index]))
                    index += workers
                }
            }
            for (offset, frame) in rendered.values().enumerated() {
                let index = start + offset
                let stored = Self.turn(frame.rgb, counterclockwise: rotation)
                let repeats = variableRate ? (index % 2 == 0 ? 5 : 1) : max(1, Int((Double(videoFPS) / fps).rounded()))
                for step in 0..<repeats {
                    try writer.write(stored, seconds: seconds(ofFrame: index) + Double(step) / (Double(repeats) * fps))
                }
                var truth = frame.truth
                truth.file = FrameStamp.clock(seconds(ofFrame: index))
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
