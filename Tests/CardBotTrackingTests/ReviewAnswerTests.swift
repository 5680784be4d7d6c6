import CardBotSession
import CardBotSupport
@testable import CardBotTracking
import Testing

/// A teacher's correction answers the review reasons it is about, and only those.
@Suite("review reasons answered by corrections")
struct ReviewAnswerTests {
    static func attempt(_ number: Int, frame: String) -> SessionRun.Attempt {
        SessionRun.Attempt(
            number: number, signal: .goTaps, frame: number * 10, frameName: frame, seconds: Double(number * 5),
            markers: [0], cardNames: ["forward"], outcome: .notRunnable(MessageText(template: "%s", values: [.plain("x")])))
    }

    static let attempts = [attempt(1, frame: "frame-0010.jpg"), attempt(2, frame: "frame-0020.jpg")]
    static let review = [
        ReviewReason(code: .sparseFrames, text: "far apart", fix: "add"),
        ReviewReason(code: .unsureCard, text: "unsure", fix: "look", attempts: [2]),
    ]

    static func program(_ attempt: Int, frame: String? = nil) -> SessionCorrections.Correction {
        SessionCorrections.Correction(attempt: attempt, frame: frame, change: .program("forward"), read: nil, by: "T", at: nil)
    }

    @Test("no corrections leave every reason")
    func none() {
        #expect(SessionRun.unanswered(Self.review, by: SessionCorrections(), attempts: Self.attempts) == Self.review)
    }

    @Test("a correction of attempt 1 answers the reasons about the attempts, not attempt 2's unsure card")
    func otherAttempt() {
        let left = SessionRun.unanswered(Self.review, by: SessionCorrections([Self.program(1)]), attempts: Self.attempts)
        #expect(left.map(\.code) == [.unsureCard])
        #expect(left.first?.attempts == [2])
    }

    @Test("a correction of attempt 2, named by its frame, answers its unsure card too")
    func sameAttempt() {
        // The number is stale (the reading changed since); the frame names the attempt.
        let byFrame = SessionCorrections([Self.program(5, frame: "frame-0020.jpg")])
        #expect(SessionRun.unanswered(Self.review, by: byFrame, attempts: Self.attempts).isEmpty)
        #expect(SessionRun.unanswered(Self.review, by: SessionCorrections([Self.program(2)]), attempts: Self.attempts).isEmpty)
    }

    @Test("an added attempt answers the reasons about the attempts; an unsure card stays until its attempt is looked at")
    func added() {
        let add = SessionCorrections.Correction(attempt: 0, added: 12, frame: nil, change: .program("forward"), read: nil, by: nil, at: nil)
        let left = SessionRun.unanswered(Self.review, by: SessionCorrections([add]), attempts: Self.attempts)
        #expect(left.map(\.code) == [.unsureCard])
    }
}
