import CardBotImaging
import CardBotSession
import CardBotSupport
import CardBotVision

/// `check`: whether a camera setup will read the cards, judged before the lesson from a frame, a few frames, a
/// session folder, a video or a live stream (``CaptureReport``).
///
/// Every frame is read by the same detector a session is, on `jobs` workers, and measured (``CaptureMeter``); the
/// measures are judged by ``CaptureJudge``. Only measures are kept, never pixels.
public struct CaptureCheck: Sendable {
    /// The deck whose cards are looked for.
    public var deck: Deck
    /// Image limits for every frame.
    public var limits: ImageLimits
    /// Workers decoding and measuring frames in parallel.
    public var jobs: Int
    /// Frames read per second of a video or stream; nil reads every frame.
    public var sampleFPS: Double?

    /// The frames of a live stream a check reads before it judges (5 seconds at the default 5 frames a second).
    public static let liveFrames = 25

    /// Creates a check.
    public init(deck: Deck, limits: ImageLimits = .default, jobs: Int = 1, sampleFPS: Double? = RecordedSession.defaultSampleFPS) {
        self.deck = deck
        self.limits = limits
        self.jobs = jobs
        self.sampleFPS = sampleFPS
    }

    /// Reads and judges `recording` (a live stream for its first ``liveFrames`` frames).
    /// - Parameter name: The recording as the user named it, for the report.
    /// - Throws: `ImageError` when the recording cannot be read at all; `SessionError` when none of its frames
    ///   could be read.
    public func check(_ recording: RecordedSession, name: String) throws -> CaptureReport {
        let deck = self.deck
        let source = recording.frameSource(limits: limits, sampleFPS: sampleFPS)
        let limit = recording.source == .stream ? Self.liveFrames : Int.max
        var frames: [FrameCapture] = []
        var times: [Double] = []
        var unreadable: [CaptureReport.UnreadableFrame] = []
        try source.read(
            jobs: max(1, jobs),
            makeReader: {
                let meter = CaptureMeter(deck: deck)
                return { image, _ in meter.measure(image) }
            },
            deliver: { frame in
                switch frame.outcome {
                case .success(let capture):
                    frames.append(capture)
                    times.append(frame.stamp.seconds)
                case .failure(let error):
                    unreadable.append(CaptureReport.UnreadableFrame(name: frame.stamp.name, said: error.said))
                }
                return frames.count + unreadable.count < limit
            })
        guard !frames.isEmpty else {
            if unreadable.count == 1, let only = unreadable.first?.said {
                throw SessionError(file: recording.file(ofFrame: unreadable[0].name), said: only)
            }
            throw SessionError(
                file: name,
                said: unreadable.isEmpty
                    ? Messages.later("holds no frame to check")
                    : Messages.later(
                        "none of its %1$s frames could be read as an image (the first: %2$s)", .plain("\(unreadable.count)"),
                        .said(unreadable[0].said ?? MessageText(template: "%s", values: [.plain(unreadable[0].reason)]))))
        }
        // Photos named one by one are no recording: they have no pace to judge.
        let interval = recording.isPhotos ? nil : Self.interval(times)
        return Self.report(frames, unreadable: unreadable, name: name, interval: interval)
    }

    /// The typical time between two frames (the median gap), nil for fewer than two.
    static func interval(_ times: [Double]) -> Double? {
        guard times.count >= 2 else { return nil }
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        return gaps[gaps.count / 2]
    }

    /// Judges frames already in memory (for tests and for pictures that are not files).
    public func check(images: [GrayImage], name: String) -> CaptureReport {
        let meter = CaptureMeter(deck: deck)
        return Self.report(images.map(meter.measure), unreadable: [], name: name)
    }

    /// The report on measured frames.
    public static func report(
        _ frames: [FrameCapture], unreadable: [CaptureReport.UnreadableFrame], name: String, interval: Double? = nil
    ) -> CaptureReport {
        CaptureReport(
            recording: name, frames: frames.count, unreadable: unreadable, width: frames.first?.width ?? 0,
            height: frames.first?.height ?? 0, findings: CaptureJudge.findings(frames, interval: interval))
    }
}
