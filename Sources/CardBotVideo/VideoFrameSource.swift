import CCardBotVideo
import CFFmpeg
import CardBotImaging
import CardBotSupport
import Dispatch
import Foundation

/// The frames of a video file or a live stream, decoded to their luma plane and turned upright.
///
/// Every frame is decoded as the codec requires; frames are sampled for reading at `sampleFPS` by their
/// presentation times (so a phone's variable frame rate gives true times). The decoder runs on the calling
/// thread, readers on up to `jobs` workers; at most `jobs + 1` frames are held at once, however long the
/// video. A damaged frame at a sampled moment is delivered as unreadable and the video goes on.
public struct VideoFrameSource: FrameSource {
    /// The sampling rate when none is given: 5 frames per second.
    ///
    /// Programs and attempts are timed in seconds, so the rate changes what is seen only at the edges: 5 readings
    /// a second see every tap on the GO card (a tap hides it for 0.15 s or more) and time each attempt within
    /// 0.2 s; reading more frames costs time and adds nothing.
    public static let defaultSampleFPS = 5.0

    /// What FFmpeg opens: a file path, or `pipe:0` for standard input.
    public var url: String
    /// The name in messages (the path, or `-`).
    public var file: String
    /// Frames read per second of video; nil reads every frame.
    public var sampleFPS: Double?
    /// Frames claiming more pixels than this are refused before decoding.
    public var limits: ImageLimits
    /// Whether this is a live stream: Ctrl-C stops it, and frames are timed by when they arrive (a webcam's
    /// MJPEG stream carries no timestamps of its own).
    public var live: Bool

    /// A video file.
    public init(path: String, sampleFPS: Double? = VideoFrameSource.defaultSampleFPS, limits: ImageLimits = .default) {
        // `file:` keeps a name with a colon from being taken for another protocol.
        url = path.hasPrefix("/") ? "file:" + path : "file:./" + path
        file = path
        self.sampleFPS = sampleFPS
        self.limits = limits
        live = false
    }

    /// A stream on standard input (MJPEG or any container FFmpeg can probe), stopped by its end or by Ctrl-C.
    public static func standardInput(sampleFPS: Double? = defaultSampleFPS, limits: ImageLimits = .default) -> VideoFrameSource {
        var source = VideoFrameSource(path: "-", sampleFPS: sampleFPS, limits: limits)
        source.url = "pipe:0"
        source.live = true
        return source
    }

    public var origin: String { file }

    public var expectedFrameCount: Int? {
        guard !live, let info = try? info() else { return nil }
        guard let duration = info.duration else { return nil }
        return sampleFPS.map { Int((duration * $0).rounded(.up)) } ?? Int((duration * 30).rounded(.up))
    }

    /// The duration the container claims; nil for a stream or a file that claims none.
    public var claimedDuration: Double? { live ? nil : (try? info())?.duration }

    /// The stream's size (upright), turn, codec and duration, without decoding.
    public func info() throws -> VideoInfo {
        try checkFile()
        let decoder = try VideoDecoder(url: url, file: file, limits: limits, threads: 1)
        let turned = decoder.rotation == 90 || decoder.rotation == 270
        return VideoInfo(
            width: turned ? decoder.height : decoder.width, height: turned ? decoder.width : decoder.height,
            rotation: decoder.rotation, codec: decoder.codecName, duration: decoder.duration)
    }

    public func read<Reading: Sendable>(
        jobs: Int,
        makeReader: @escaping @Sendable () -> (GrayImage, FrameStamp) -> Reading,
        deliver: (ScannedFrame<Reading>) -> Bool
    ) throws {
        try decode(
            jobs: jobs, colour: false,
            makeReader: {
                let read = makeReader()
                return { image, _, stamp in read(image, stamp) }
            },
            deliver: deliver)
    }

    /// Each frame's luma for the reader, as `read` gives it, and its colour, converted in the same pass.
    public func readInColour<Reading: Sendable>(
        jobs: Int,
        makeReader: @escaping @Sendable () -> (GrayImage, RGBImage, FrameStamp) -> Reading,
        deliver: (ScannedFrame<Reading>) -> Bool
    ) throws {
        try decode(
            jobs: jobs, colour: true,
            makeReader: {
                let read = makeReader()
                return { image, colour, stamp in read(image, colour ?? RGBImage(image), stamp) }
            },
            deliver: deliver)
    }

    /// Decodes every frame (every sampled one) and reads each on `jobs` workers; with `colour`, each frame is also
    /// converted to RGB (nil where its pixel format has no conversion).
    private func decode<Reading: Sendable>(
        jobs: Int, colour: Bool,
        makeReader: @escaping @Sendable () -> (GrayImage, RGBImage?, FrameStamp) -> Reading,
        deliver: (ScannedFrame<Reading>) -> Bool
    ) throws {
        try checkFile()
        if live { cardbot_video_interrupt_install() }
        let workers = max(1, jobs)
        let decoder: VideoDecoder
        do {
            decoder = try VideoDecoder(url: url, file: file, limits: limits, threads: workers, interruptible: live)
        } catch {
            // Ctrl-C before the stream's first frame: nothing was seen, which is no error.
            if live && cardbot_video_interrupted() != 0 { return }
            throw error
        }
        var extractor = LumaExtractor()
        var colourExtractor = ColourExtractor()
        defer {
            extractor.release()
            colourExtractor.release()
        }
        var sampler = FrameSampler(fps: sampleFPS)
        let results = OrderedResults<ScannedFrame<Reading>>()
        let readers = ReaderPool(make: makeReader)
        let slots = DispatchSemaphore(value: workers)
        let group = DispatchGroup()
        var index = 0
        var lastSeconds = 0.0
        var stopped = false
        var decodedAny = false
        let clock = ContinuousClock()
        var firstArrival: ContinuousClock.Instant? = nil
        /// Seconds since the first frame (good or damaged) of a live stream arrived.
        func arrival() -> Double {
            let now = clock.now
            if firstArrival == nil { firstArrival = now }
            return (now - firstArrival!).seconds
        }
        func drain() {
            while !stopped, let frame = results.take() {
                if !deliver(frame) { stopped = true }
            }
        }
        decoding: while !stopped {
            if live && cardbot_video_interrupted() != 0 { break }
            switch decoder.next() {
            case .end:
                break decoding
            case .damaged(let seconds, let said):
                // Live, a damaged frame is timed by its arrival like every other: the stream's own times (FFmpeg's
                // guess for MJPEG) run on another clock, and would move the sampler past the good frames.
                let streamSeconds = live ? arrival() : seconds
                if let streamSeconds, !sampler.take(streamSeconds) { continue }
                let at = streamSeconds ?? lastSeconds
                let stamp = FrameStamp(index: index, name: FrameStamp.clock(at), seconds: at)
                let error = ImageError(.corrupt, file: file, said: said)
                results.put(index, ScannedFrame(stamp: stamp, outcome: .failure(error)))
                index += 1
            case .frame(let frame, let streamSeconds):
                let seconds = live ? arrival() : streamSeconds
                decodedAny = true
                lastSeconds = seconds
                guard sampler.take(seconds) else { continue }
                if !live && sampleFPS != nil { decoder.unneededBefore = sampler.nextDue }
                let stamp = FrameStamp(index: index, name: FrameStamp.clock(seconds), seconds: seconds)
                var image = GrayImage(width: 0, height: 0)
                guard extractor.extract(frame, rotation: decoder.rotation, into: &image) else {
                    let error = ImageError(.unknownFormat, file: file, said: Messages.later("the frame's pixel format cannot be read"))
                    results.put(index, ScannedFrame(stamp: stamp, outcome: .failure(error)))
                    index += 1
                    continue
                }
                let picture = colour ? colourExtractor.extract(frame, rotation: decoder.rotation) : nil
                let slot = index
                index += 1
                if workers == 1 {
                    let read = readers.take()
                    results.put(slot, ScannedFrame(stamp: stamp, outcome: .success(read(image, picture, stamp))))
                    readers.give(read)
                } else {
                    slots.wait()
                    group.enter()
                    DispatchQueue.global().async { [image] in
                        let read = readers.take()
                        let reading = read(image, picture, stamp)
                        readers.give(read)
                        results.put(slot, ScannedFrame(stamp: stamp, outcome: .success(reading)))
                        slots.signal()
                        group.leave()
                    }
                }
            }
            drain()
        }
        group.wait()
        drain()
        if !decodedAny && index == 0 && !stopped && !(live && cardbot_video_interrupted() != 0) {
            throw ImageError(.corrupt, file: file, said: Messages.later("the video holds no frame that can be decoded"))
        }
    }

    /// One decoder kept open for frames asked in playing order: forward over short gaps, a seek over long ones.
    public func colourCursor() throws -> any ColourFrameCursor {
        try checkFile()
        return try VideoColourCursor(url: url, file: file, limits: limits, threads: 2)
    }

    public func colourFrame(_ stamp: FrameStamp) throws -> RGBImage {
        var extractor = ColourExtractor()
        defer { extractor.release() }
        return try decodeFrame(stamp) { frame, rotation in extractor.extract(frame, rotation: rotation) }
    }

    public func frame(_ stamp: FrameStamp) throws -> GrayImage {
        var extractor = LumaExtractor()
        defer { extractor.release() }
        return try decodeFrame(stamp) { frame, rotation in
            var image = GrayImage(width: 0, height: 0)
            return extractor.extract(frame, rotation: rotation, into: &image) ? image : nil
        }
    }

    /// Decodes the frame `stamp` names again (the first at or after its time) and converts it with `convert`,
    /// given the frame and the video's turn; nil from `convert` is a pixel format it cannot read.
    private func decodeFrame<Image>(
        _ stamp: FrameStamp, convert: (UnsafeMutablePointer<AVFrame>, Int) -> Image?
    ) throws -> Image {
        try checkFile()
        let decoder = try VideoDecoder(url: url, file: file, limits: limits, threads: 1)
        _ = decoder.seek(to: stamp.seconds)
        return try decoder.decode(to: stamp, convert: convert)
    }

    /// A missing, empty or folder path, or one that is not a regular file (a FIFO would block FFmpeg's read
    /// forever), is named before FFmpeg sees it.
    private func checkFile() throws {
        guard !live else { return }
        var status = stat()
        guard PathName.withCString(file, { stat($0, &status) }) == 0 else {
            throw ImageError(.notFound, file: file, said: Messages.later("no such file"))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ImageError(.isDirectory, file: file, said: Messages.later("is a folder, not a video file"))
        default:
            throw ImageError(
                .unreadable, file: file, said: Messages.later("is %s, not a regular file; give a video file", RegularFile.kindOfFile(mode: status.st_mode)))
        }
        if status.st_size == 0 { throw ImageError(.empty, file: file, said: Messages.later("the file is empty (0 bytes)")) }
    }
}

/// The readers of a video's workers: each made once and reused, one per frame in flight.
private final class ReaderPool<Reading>: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [(GrayImage, RGBImage?, FrameStamp) -> Reading] = []
    private let make: @Sendable () -> (GrayImage, RGBImage?, FrameStamp) -> Reading

    init(make: @escaping @Sendable () -> (GrayImage, RGBImage?, FrameStamp) -> Reading) { self.make = make }

    func take() -> (GrayImage, RGBImage?, FrameStamp) -> Reading {
        if let reader = lock.withLock({ idle.popLast() }) { return reader }
        return make()
    }

    func give(_ reader: @escaping (GrayImage, RGBImage?, FrameStamp) -> Reading) { lock.withLock { idle.append(reader) } }
}
