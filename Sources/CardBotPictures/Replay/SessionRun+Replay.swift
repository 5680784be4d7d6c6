import CardBotClassroom
import CardBotAR
import CardBotLesson
import CardBotSession
import CardBotSupport

extension SessionRun {
    /// The attempts as the AR replay shows them: run frame, cards, trace and the sentence that says what happened.
    public var replayAttempts: [ReplayAttempt] {
        attempts.map { attempt in
            return ReplayAttempt(
                number: attempt.number, frameName: attempt.frameName, framePath: session.isVideo ? nil : session.framePaths[attempt.frame],
                frameIndex: attempt.frame,
                markers: attempt.markers, cards: attempt.cards, trace: attempt.trace, headline: attempt.headline(level: level))
        }
    }
}
