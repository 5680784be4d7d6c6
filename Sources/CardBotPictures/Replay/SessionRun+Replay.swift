import CardBotClassroom
import CardBotAR
import CardBotLesson
import CardBotSession
import CardBotSupport

extension SessionRun {
    /// The attempts as the AR replay shows them: run frame, cards, trace and the sentence that says what happened.
    public var replayAttempts: [ReplayAttempt] {
        attempts.map { attempt in
            let headline: String
            switch attempt.outcome {
            case .ran(let trace): headline = TraceFormatter.resultSentence(trace, level: level)
            case .notRunnable(let reason): headline = Messages.text("This program cannot run: %s", reason)
            }
            return ReplayAttempt(
                number: attempt.number, frameName: attempt.frameName, framePath: session.isVideo ? nil : session.framePaths[attempt.frame],
                frameIndex: attempt.frame,
                markers: attempt.markers, trace: attempt.trace, headline: headline)
        }
    }
}
