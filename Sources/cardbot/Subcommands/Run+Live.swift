import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotTracking
import Foundation

extension CardBotCommand.Run {
    /// Follows a live stream on standard input: each tap on the GO card runs the program the moment it is seen.
    func runLive(_ stream: RecordedSession, job: SessionJob) throws {
        let lesson = try job.lesson(of: stream, requested: level.level, levelsDirectory: level.levels.path)
        let report = SessionReport(showMap: output.map, color: TerminalColor.enabled(disabled: output.noColor), quiet: session.quiet)
        // Written straight to the file descriptor: each program shows the moment it is run, even in a pipe.
        func emit(_ lines: [String]) {
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
        if !output.json {
            let name = TerminalText.visible(lesson.level.localized(Messages.preferences).name)
            emit([Messages.text("Live: level %1$s, %2$s (reading standard input; Ctrl-C stops)", lesson.level.number, name)])
        }
        let outcome = try job.follow(
            stream, lesson: lesson,
            onAttempt: { attempt in
                guard !session.quiet else { return }
                if output.json {
                    let steps = attempt.trace.map { TraceJSONLines.lines(for: $0, optimal: lesson.optimal, attempt: attempt.number) }
                    emit([SessionJSONLines.programLine(attempt)] + (steps ?? []))
                } else {
                    emit([""] + report.attemptLines(attempt, level: lesson.level, optimal: lesson.optimal, video: true))
                }
            },
            onUnreadable: { frame in StandardError.warning(file: "-", Messages.text("at %1$s: %2$s; frame skipped", FrameStamp.shown(frame.name), frame.shownReason)) })
        let result = outcome.run
        emit(output.json ? [SessionJSONLines.summaryLine(result)] : [""] + report.summaryLines(result))
        if session.stats { StandardError.print(ProcessStats.liveLine(frames: result.frameCount, runLatencies: outcome.runLatencies)) }
        if !result.solved { throw ExitCode.failure }
    }
}
