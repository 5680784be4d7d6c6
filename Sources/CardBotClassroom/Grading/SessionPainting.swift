import CardBotTracking

/// Makes the pictures of graded sessions for the HTML report and the gradebook: the caller's renderer (CardBotPictures'
/// `ReportPainter`), handed to the ``Grader`` as `GradeStore` hands it the gradebook, so that grading links no
/// renderer, no cairo and no FFmpeg encoder.
public protocol SessionPainting: Sendable {
    /// What the pictures depend on (`thumbnail-width=320 replays=gif-2 photos=colour`): part of a grade's settings, so that a
    /// gradebook regrades sessions whose pictures would differ.
    var settings: String { get }

    /// Returns a painter for one worker: the function that makes a run's pictures (PNG thumbnail and map, GIF
    /// replays). Called once per worker thread; the function it returns is called from that thread only.
    func makePainter() -> (SessionRun) -> SessionPictures
}
