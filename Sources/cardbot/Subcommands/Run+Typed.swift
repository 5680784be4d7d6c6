import ArgumentParser
import CardBotClassroom
import CardBotCommandLine
import CardBotLesson
import CardBotPictures
import CardBotTracking

extension CardBotCommand.Run {
    /// Runs the program typed with `--program` and prints every step (and the replay of the flat map).
    func runTyped(_ text: String, job: SessionJob) throws {
        let lesson = try job.lesson(try level.required(), levelsDirectory: level.levels.path)
        let trace = try job.run(typed: text, source: "--program", on: lesson)
        try replay.job?.checkTarget()
        let lines: [String]
        if output.json {
            lines = TraceJSONLines.lines(for: trace, optimal: lesson.optimal)
        } else {
            let report = RunReport(showMap: output.map, color: TerminalColor.enabled(disabled: output.noColor))
            lines = report.lines(for: trace, level: lesson.level, optimal: lesson.optimal)
        }
        StandardOutput.print(lines.joined(separator: "\n"))
        if let replay = replay.job {
            StandardError.print(try replay.writeTyped(trace, level: lesson.level))
        }
        if !trace.success { throw ExitCode.failure }
    }
}
