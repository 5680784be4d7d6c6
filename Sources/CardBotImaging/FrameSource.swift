/// Where a session's frames come from: a folder of stills, a video file or a live stream.
///
/// The tracker, the runner and the grader see only readings with their stamps, never the source, so a
/// folder of JPEGs and a phone's MP4 are read the same way. A source decodes its frames in playing order
/// (in parallel where the source allows it), hands each readable frame to a reader on one of `jobs`
/// workers, and delivers the results in playing order. No source holds more than a few frames at once.
public protocol FrameSource: Sendable {
    /// The file or folder the frames come from, for messages.
    var origin: String { get }

    /// How many frames the source will deliver, when known in advance (for progress bars).
    var expectedFrameCount: Int? { get }

    /// Decodes every frame and delivers what `makeReader`'s readers made of it, in playing order.
    ///
    /// - Parameters:
    ///   - jobs: Workers reading frames in parallel (at least 1).
    ///   - makeReader: Called once per worker; returns the function that turns a decoded frame into a reading.
    ///   - deliver: Called on the calling thread with each frame's result, in playing order, as soon as it
    ///     and every frame before it are done; return false to stop early (the frames delivered stand).
    /// - Throws: `ImageError` when the source cannot be read at all (a damaged frame is delivered as a failure).
    func read<Reading: Sendable>(
        jobs: Int,
        makeReader: @escaping @Sendable () -> (GrayImage, FrameStamp) -> Reading,
        deliver: (ScannedFrame<Reading>) -> Bool
    ) throws

    /// Decodes the frame `stamp` names again (for a report's thumbnail).
    func frame(_ stamp: FrameStamp) throws -> GrayImage

    /// Decodes the frame `stamp` names again, in colour (for a picture a person looks at).
    func colourFrame(_ stamp: FrameStamp) throws -> RGBImage

    /// Reads every frame as ``read(jobs:makeReader:deliver:)`` does, handing each reader the frame in colour as
    /// well, decoded in the same pass (for pictures made of every frame, such as a video's replay). Detection reads
    /// the luma, as in `read`, so what is read does not change.
    func readInColour<Reading: Sendable>(
        jobs: Int,
        makeReader: @escaping @Sendable () -> (GrayImage, RGBImage, FrameStamp) -> Reading,
        deliver: (ScannedFrame<Reading>) -> Bool
    ) throws

    /// The length in seconds the source's container claims (a video's), when it claims one: frames that stop well
    /// before it tell of a file cut short.
    var claimedDuration: Double? { get }

    /// A cursor that decodes, in colour, frames `read` delivered, asked for in playing order (for pictures made of
    /// some of the frames, such as a video's replay): the frames between are not decoded where the source can skip
    /// them.
    /// - Throws: `ImageError` when the source cannot be opened.
    func colourCursor() throws -> any ColourFrameCursor
}

extension FrameSource {
    /// No length is claimed (stills, streams).
    public var claimedDuration: Double? { nil }

    /// Each frame decoded on its own (stills).
    public func colourCursor() throws -> any ColourFrameCursor {
        EachFrameCursor(source: self)
    }

    /// A source without colour gives its gray frame.
    public func colourFrame(_ stamp: FrameStamp) throws -> RGBImage {
        RGBImage(try frame(stamp))
    }

    /// A source without colour hands each reader its gray frame as the colour one.
    public func readInColour<Reading: Sendable>(
        jobs: Int,
        makeReader: @escaping @Sendable () -> (GrayImage, RGBImage, FrameStamp) -> Reading,
        deliver: (ScannedFrame<Reading>) -> Bool
    ) throws {
        try read(
            jobs: jobs,
            makeReader: {
                let read = makeReader()
                return { image, stamp in read(image, RGBImage(image), stamp) }
            },
            deliver: deliver)
    }

    /// Reads every frame and returns the results in playing order.
    public func scan<Reading: Sendable>(
        jobs: Int, makeReader: @escaping @Sendable () -> (GrayImage, FrameStamp) -> Reading,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> [ScannedFrame<Reading>] {
        var frames: [ScannedFrame<Reading>] = []
        try read(jobs: jobs, makeReader: makeReader) { frame in
            frames.append(frame)
            progress?(frames.count)
            return true
        }
        return frames
    }
}
