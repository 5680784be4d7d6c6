import CardBotImaging
import CardBotLesson
import CardBotVision

/// Makes a session's pictures for the HTML report: the last readable frame, small, with its cards outlined
/// (that one frame is read again, for the card outlines), and the level's map with the robot's path of the
/// best successful attempt, else of the last attempt that ran. One painter per worker: not thread-safe.
final class SessionPainter {
    private let analyzer: FrameAnalyzer
    private let thumbnailWidth: Int

    private let limits: ImageLimits
    private let sampleFPS: Double?

    init(deck: Deck, thumbnailWidth: Int, limits: ImageLimits = .default, sampleFPS: Double? = nil) {
        analyzer = FrameAnalyzer(deck: deck, limits: limits)
        self.thumbnailWidth = thumbnailWidth
        self.limits = limits
        self.sampleFPS = sampleFPS
    }

    /// The pictures of `run`, PNG-encoded; a picture that cannot be made is left out.
    func pictures(for run: SessionRun) -> SessionPictures {
        var pictures = SessionPictures()
        if let stamp = run.lastReadableFrame,
            let image = try? run.session.frameSource(limits: limits, sampleFPS: sampleFPS).frame(stamp)
        {
            let reading = analyzer.analyze(image)
            let small = FrameThumbnail.render(image, reading: reading, maxWidth: thumbnailWidth)
            pictures.thumbnail = try? PNGCodec.encode(small)
        }
        let trace = run.bestSuccess?.trace ?? run.attempts.last(where: { $0.trace != nil })?.trace
        pictures.map = try? PNGCodec.encode(MapPicture.render(run.level, trace: trace))
        return pictures
    }
}
