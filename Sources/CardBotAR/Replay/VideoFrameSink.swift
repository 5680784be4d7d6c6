import CardBotImaging
import CardBotSupport
import CardBotVideo

/// Encodes replay frames into a video file through the project's `VideoWriter` (FFmpeg): `.mp4` (H.264, else
/// MPEG-4 Part 2) or `.gif`, each frame at its own time.
public final class VideoFrameSink: ReplayFrameSink {
    /// The file being written.
    public let path: String
    /// Seconds each frame lasts when appended without a time.
    public let frameSeconds: Double
    /// Frames written so far.
    public private(set) var count = 0

    private var writer: VideoWriter?
    private var clock = 0.0
    private let fps: Int

    /// Prepares to write `path` at `fps` frames per second; the file is opened at the first frame (its size).
    public init(path: String, fps: Double) {
        self.path = path
        self.fps = max(1, Int(fps.rounded()))
        frameSeconds = 1 / max(1, fps)
    }

    public func append(_ frame: RGBImage) throws {
        try append(frame, seconds: clock)
        clock += frameSeconds
    }

    /// Takes the next frame at `seconds` from the start.
    public func append(_ frame: RGBImage, seconds: Double) throws {
        if writer == nil {
            // 4:2:0 codecs need even sizes: a frame of odd size loses its last column or row.
            writer = try VideoWriter(path: path, width: frame.width & ~1, height: frame.height & ~1, fps: fps)
        }
        guard let writer else { return }
        let image = frame.width == writer.width && frame.height == writer.height ? frame : Self.cropped(frame, writer.width, writer.height)
        try writer.write(image, seconds: seconds)
        clock = max(clock, seconds)
        count += 1
    }

    public func finish() throws {
        guard let writer else {
            throw ImageError(.writeFailed, file: path, said: Messages.later("no frames to write"))
        }
        try writer.finish()
    }

    /// The top-left `width` x `height` of `image`.
    static func cropped(_ image: RGBImage, _ width: Int, _ height: Int) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            let start = y * image.width * 3
            pixels.append(contentsOf: image.pixels[start..<(start + width * 3)])
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
