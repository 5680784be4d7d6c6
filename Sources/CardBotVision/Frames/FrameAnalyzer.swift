import CardBotImaging
import CardBotSupport

/// Reads frame files and finds their cards in reading order: one analyzer per worker.
///
/// It keeps its file buffer, frame buffer and detector buffers from frame to frame, so a stream of frames
/// costs no allocation per frame beyond the results. Not thread-safe: give each worker its own.
public final class FrameAnalyzer {
    /// The detector in use.
    public let detector: MarkerDetector
    private var reader: ImageReader
    /// The last frame decoded (grayscale), for annotation.
    public private(set) var image = GrayImage(width: 0, height: 0)

    /// Creates an analyzer for `deck`; frames beyond `limits` are refused before any pixel is allocated.
    public init(deck: Deck, options: DetectorOptions = DetectorOptions(), limits: ImageLimits = .default) {
        detector = MarkerDetector(deck: deck, options: options)
        reader = ImageReader(limits: limits)
    }

    /// What a session's frames are read with: called once per worker, it returns that worker's function from a
    /// decoded frame to its cards in reading order, corners kept (one analyzer each, so no buffer is shared).
    public static func cardReader(deck: Deck, limits: ImageLimits = .default) -> @Sendable () -> (GrayImage) -> [Detection] {
        {
            let analyzer = FrameAnalyzer(deck: deck, limits: limits)
            return { image in analyzer.analyze(image).cards }
        }
    }

    /// What a graded session's frames are read with: as ``cardReader(deck:limits:)``, and each frame measured for
    /// the capture check as well (``CaptureMeter``), from the same detection: no frame is read twice.
    public static func capturingReader(
        deck: Deck, limits: ImageLimits = .default
    ) -> @Sendable () -> (GrayImage) -> (cards: [Detection], capture: FrameCapture) {
        {
            let analyzer = FrameAnalyzer(deck: deck, limits: limits)
            let meter = CaptureMeter(detector: analyzer.detector)
            return { image in
                let cards = analyzer.analyze(image).cards
                return (cards, meter.measure(image, detections: cards))
            }
        }
    }

    /// Decodes the frame at `path`, finds its cards and puts them in reading order.
    /// - Throws: `ImageError` naming `path` when the file cannot be read as an image.
    public func analyze(_ path: String) throws -> FrameReading {
        let start = ContinuousClock.now
        let warnings = try reader.readGray(path, into: &image)
        let decoded = ContinuousClock.now
        var reading = read(image, file: path, since: start)
        reading.decodeMilliseconds = (decoded - start).seconds * 1000
        reading.warnings = warnings + reading.warnings
        return reading
    }

    /// Finds the cards of an image already in memory, in reading order.
    public func analyze(_ image: GrayImage, file: String = "<memory>") -> FrameReading {
        read(image, file: file, since: ContinuousClock.now)
    }

    /// Detects and orders the cards; the reading's time runs from `start` (before decoding, when there was one).
    private func read(_ image: GrayImage, file: String, since start: ContinuousClock.Instant) -> FrameReading {
        let rows = ReadingOrder.rows(detector.detect(image))
        let milliseconds = (ContinuousClock.now - start).seconds * 1000
        var reading = FrameReading(
            file: file, width: image.width, height: image.height, rows: rows, milliseconds: milliseconds)
        let skipped = detector.skippedSearches
        if skipped > 0 {
            reading.skippedSearches = skipped
            reading.warnings.append(
                "\(skipped) smeared \(skipped == 1 ? "shape was" : "shapes were") not searched: the frame's time for "
                    + "smeared cards ran out")
        }
        return reading
    }
}
