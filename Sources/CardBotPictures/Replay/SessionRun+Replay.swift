import CardBotClassroom
import CardBotAR
import CardBotLesson
import CardBotSession
import CardBotSupport

extension SessionRun {
    /// The attempts as the AR replay shows them: run frame, cards, trace, the program in the reader's language and
    /// what happened in words a child knows (``ResultWords``; the terminal's headline keeps the coordinates).
    public var replayAttempts: [ReplayAttempt] {
        attempts.map { attempt in
            let headline = attempt.trace.map { ResultWords.sentence($0, level: level) } ?? attempt.headline(level: level)
            return ReplayAttempt(
                number: attempt.number, frameName: attempt.frameName, framePath: session.isVideo ? nil : session.framePaths[attempt.frame],
                frameIndex: attempt.frame, markers: attempt.markers, cards: attempt.cards, trace: attempt.trace,
                headline: headline, program: attempt.cardNames.map(Card.shown))
        }
    }
}
