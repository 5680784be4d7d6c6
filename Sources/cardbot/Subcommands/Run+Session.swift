import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotImaging
import CardBotPictures
import CardBotSession
import CardBotSupport
import CardBotTracking
import Foundation

extension CardBotCommand.Run {
    /// Reads a recorded session, runs every attempt and prints them (and writes the replay).
    func runSession(_ recording: RecordedSession, job: SessionJob) throws {
        try replay.job?.checkTarget(outside: recording)
        let lesson = try job.lesson(of: recording, requested: level.level, levelsDirectory: level.levels.path)
        let start = ContinuousClock.now
        let result = try ProgressBar.showing { try job.run(recording, lesson: lesson, progress: $0) }
        let elapsed = ContinuousClock.now - start
        for frame in result.unreadable {
            let warning =
                recording.isVideo
                ? Messages.text("at %1$s: %2$s; frame skipped", FrameStamp.shown(frame.name), frame.shownReason)
                : Messages.text("%s; frame skipped", frame.shownReason)
            StandardError.warning(file: recording.file(ofFrame: frame.name), warning)
        }
        let lines: [String]
        if output.json {
            lines = SessionJSONLines.lines(for: result, quiet: session.quiet)
        } else {
            let color = TerminalColor.enabled(disabled: output.noColor)
            lines = SessionReport(showMap: output.map, color: color, quiet: session.quiet).lines(for: result)
        }
        StandardOutput.print(lines.joined(separator: "\n"))
        if let replay = replay.job {
            let written = try ProgressBar.showing {
                try replay.writeSession(
                    result, deck: job.deck, limits: job.limits, sampleFPS: job.sampleFPS,
                    warn: { StandardError.warning(file: recording.path, $0) }, progress: $0)
            }
            StandardError.print(written)
        }
        if session.stats {
            StandardError.print(ProcessStats.line(frames: result.frameCount, elapsed: elapsed, jobs: job.jobs))
        }
        if !result.solved { throw ExitCode.failure }
    }
}
