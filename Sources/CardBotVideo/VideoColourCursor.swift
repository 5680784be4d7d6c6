import CFFmpeg
import CardBotImaging
import CardBotSupport

/// A video's frames in colour, asked for in playing order, from one decoder kept open: a frame up to
/// ``seekGap`` seconds ahead is reached by decoding forward, a farther one by seeking to the key frame before it,
/// so that a replay of a few attempts decodes their stretches of the video and not the time between.
final class VideoColourCursor: ColourFrameCursor {
    /// The longest gap decoded through rather than sought over, in seconds: a seek costs a key frame interval of
    /// decoding (a phone's is 1-2 s).
    static let seekGap = 2.0

    private let decoder: VideoDecoder
    private var extractor = ColourExtractor()
    /// The time of the last frame decoded; nil before the first and after a seek.
    private var position: Double? = nil
    /// The last frame handed out, for the same stamp asked again.
    private var last: (seconds: Double, image: RGBImage)? = nil

    /// Opens `url` (`file` in messages).
    /// - Throws: `ImageError` when the video cannot be opened.
    init(url: String, file: String, limits: ImageLimits, threads: Int) throws {
        decoder = try VideoDecoder(url: url, file: file, limits: limits, threads: threads)
    }

    deinit {
        extractor.release()
    }

    func colourFrame(_ stamp: FrameStamp) throws -> RGBImage {
        let tolerance = 1e-3
        if let last, abs(last.seconds - stamp.seconds) < tolerance { return last.image }
        if position.map({ stamp.seconds + tolerance < $0 || stamp.seconds - $0 > Self.seekGap }) ?? (stamp.seconds > Self.seekGap) {
            _ = decoder.seek(to: stamp.seconds)
            position = nil
        }
        // Frames before the one asked for need no decoding unless later frames refer to them.
        decoder.unneededBefore = stamp.seconds
        let image = try decoder.decode(to: stamp, passed: { position = $0 }) { frame, rotation in
            extractor.extract(frame, rotation: rotation)
        }
        last = (position ?? stamp.seconds, image)
        return image
    }
}
