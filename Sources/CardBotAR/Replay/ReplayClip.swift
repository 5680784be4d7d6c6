import CardBotGeometry
import CardBotImaging
import CardBotLesson
import CardBotSupport
import CardBotTracking
import CardBotVision
import Foundation

/// A short, small animated replay of one attempt, for embedding in a page (the HTML grade report): the robot walking
/// its steps over the run frame, shrunk to a thumbnail, encoded as GIF.
public enum ReplayClip {
    /// The pace of clips: 5 frames a second, 0.4 s a step, a short title, the result held 2 s, a walk of at most 20 s.
    public static let options: ReplayOptions = {
        var options = ReplayOptions(
            stepSeconds: 0.4, framesPerSecond: 5, titleSeconds: 0.8, leadSeconds: 0.2, holdSeconds: 2)
        options.maximumWalkSeconds = 20
        return options
    }()

    /// The name clips are written beside in `$TMPDIR`; clips a killed run left there are swept once a process.
    static let temporaryBase: String = {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-clip").path
        TemporaryFiles.sweep(besides: base)
        return base
    }()

    /// The GIF bytes of `attempt` over `frame` (its run frame, full size), at most `maxWidth` pixels wide.
    ///
    /// The table plane is fitted to the corners of the attempt's cards (as read on the full frame), scaled to the clip.
    /// - Throws: `ImageError` when the GIF cannot be written.
    public static func gif(_ attempt: SessionRun.Attempt, frame: RGBImage, level: Level,
                           cards: CardGeometry, fieldOfView: Double = CameraPose.defaultFieldOfView,
                           maxWidth: Int = 360) throws -> [UInt8] {
        let factor = max(1, (frame.width + maxWidth - 1) / max(1, maxWidth))
        let small = frame.shrunk(by: factor)
        let scale = Double(small.width) / Double(frame.width)
        let corners = attempt.cards.map { card in
            (card.marker, card.corners.map { ImagePoint(($0.x + 0.5) * scale - 0.5, ($0.y + 0.5) * scale - 0.5) })
        }
        var options = Self.options
        options.cards = cards
        options.fieldOfView = fieldOfView
        let view = ReplayView.prepare(
            plane: TablePlaneFitter(geometry: cards).fit(corners.map { (marker: $0.0, corners: $0.1) }), seen: corners.map(\.1),
            programMatches: attempt.cards.map(\.marker) == attempt.markers, map: level.map, width: small.width, height: small.height,
            options: options)
        // In $TMPDIR under a name an interrupt removes and a later run sweeps (see `TemporaryFiles`).
        let base = Self.temporaryBase
        // The extension names the container to FFmpeg.
        let path = TemporaryFiles.name(for: base) + ".gif"
        let slot = TemporaryFiles.track(path)
        defer {
            try? FileManager.default.removeItem(atPath: path)
            TemporaryFiles.forget(slot)
        }
        var sink = VideoFrameSink(path: path, fps: options.framesPerSecond)
        try ReplayComposer(level: level, options: options).write(attempt, background: small, view: view, into: &sink)
        try sink.finish()
        return try FileBytes.read(path)
    }
}
