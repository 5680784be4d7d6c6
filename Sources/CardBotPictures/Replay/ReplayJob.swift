import CardBotAR
import CardBotClassroom
import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotTracking
import CardBotVision
import Foundation

/// `run --replay`: the AR replay of a run, written as a video or a folder of PNG frames.
public struct ReplayJob: Sendable {
    /// Where the replay goes.
    public var target: ReplayTarget
    /// Pacing, the cards' size and the camera's field of view.
    public var options: ReplayOptions

    /// The size of a typed program's replay: the flat map alone.
    public static let typedSize = (width: 640, height: 480)

    /// Creates the job.
    public init(target: ReplayTarget, options: ReplayOptions) {
        self.target = target
        self.options = options
    }

    /// Checks, before the run, that the replay can be written where asked: outside `recording` (whose next run
    /// would read the replay as frames), a PNG folder made now, a video's folder existing. A run of a long recording
    /// is not made only to fail at its last step.
    /// - Throws: a ``Problem`` for a replay inside the recording's folder; `ImageError` naming the path when it
    ///   cannot be written there.
    public func checkTarget(outside recording: RecordedSession? = nil) throws {
        if let recording, recording.source != .stream {
            // A replay over the recorded video itself (by any path, or a link to it).
            try OutputGuard.check([target.path], against: [RecordedSession.outputGuard(recording.path)].filter {
                if case .file = $0 { true } else { false }
            })
        }
        if let recording, recording.holds(target.path) {
            throw Problem(
                file: target.path,
                Messages.text(
                    "is inside the session folder %s, whose next run would read the replay as frames; write it elsewhere", recording.path))
        }
        switch target {
        case .pngFolder(let path):
            try PNGFrameFolder.check(path)
        case .video(let path):
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, FileSystem.kind(folder) != .directory {
                throw ImageError(.writeFailed, file: path, said: Messages.later("cannot create the file: no folder %s", .plain(folder)))
            }
        }
    }

    /// Writes the replay of a typed program (the flat map) and returns the line that says what was written.
    /// - Throws: `ImageError` when a frame cannot be written.
    public func writeTyped(_ trace: Trace, level: Level) throws -> String {
        try write(what: Messages.text("the flat map of the run")) { sink in
            try SessionReplayer.writeTyped(
                trace, level: level, options: options, width: Self.typedSize.width, height: Self.typedSize.height, into: &sink)
        }
    }

    /// Writes the replay of a recorded session's attempts on its own frames and returns the line that says what
    /// was written; `warn` is told of each attempt drawn on the flat map instead, with the reason.
    /// - Throws: `ImageError` when the recording cannot be read or a frame cannot be written.
    public func writeSession(
        _ result: SessionRun, deck: Deck, limits: ImageLimits, sampleFPS: Double?, warn: (String) -> Void,
        progress: (@Sendable (JobProgress) -> Void)? = nil
    ) throws -> String {
        let recording = result.session
        let attempts = result.attempts
        let expected = ProgressFrameSink.expectedFrames(attempts, composer: ReplayComposer(level: result.level, options: options))
        return try write(what: Messages.plural("%s attempt", "%s attempts", count: attempts.count, attempts.count), expected: expected, progress: progress) { sink in
            if recording.isVideo {
                // The frames as the run read them (its limits and sampling): the run's cards are theirs.
                let source = recording.frameSource(limits: limits, sampleFPS: sampleFPS)
                return try VideoSessionReplayer(options: options).write(result, source: source, into: &sink, warn: warn).frames
            }
            let replayer = SessionReplayer(level: result.level, deck: deck, options: options, limits: limits)
            return try replayer.write(result, into: &sink, warn: warn).frames
        }
    }

    /// Opens the target, runs `body` with it and says where the frames went; `progress` hears after each frame
    /// of the `expected`.
    private func write(
        what: String, expected: Int = 0, progress: (@Sendable (JobProgress) -> Void)? = nil,
        _ body: (inout any ReplayFrameSink) throws -> Int
    ) throws -> String {
        switch target {
        case .pngFolder(let path):
            let folder = try PNGFrameFolder(path: path)
            var sink: any ReplayFrameSink = ProgressFrameSink(folder, expected: expected, report: progress)
            let frames: Int
            do {
                frames = try body(&sink)
            } catch {
                folder.discard()
                throw error
            }
            return Messages.plural("%1$s: %2$d frame of %3$s (PNG)", "%1$s: %2$d frames of %3$s (PNG)", count: frames, path, frames, what)
        case .video(let path):
            var sink: any ReplayFrameSink = ProgressFrameSink(
                VideoFrameSink(path: path, fps: options.framesPerSecond), expected: expected, report: progress)
            let frames = try body(&sink)
            return Messages.plural("%1$s: %2$d frame of %3$s", "%1$s: %2$d frames of %3$s", count: frames, path, frames, what)
        }
    }
}
