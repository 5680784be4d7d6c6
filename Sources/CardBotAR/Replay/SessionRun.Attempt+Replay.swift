import CardBotLesson
import CardBotTracking

extension SessionRun.Attempt {
    /// A typed program's run as the replay shows it: attempt 1, with no frame and no cards read.
    public init(typed trace: Trace) {
        self.init(
            number: 1, signal: .runMarks, frame: 0, frameName: "", seconds: 0, markers: [],
            cardNames: trace.program.cards.map(\.name), outcome: .ran(trace))
    }

    /// What happened, in a sentence or two a child understands (``ResultWords``: no coordinates; the terminal's
    /// headline keeps them), or why the program could not run: shown after the robot's last step, never on the
    /// title card.
    public func replayHeadline(level: Level) -> String {
        trace.map { ResultWords.sentence($0, level: level) } ?? headline(level: level)
    }

    /// The program's cards as the reader's language names them, for the title card.
    public var shownProgram: [String] { cardNames.map(Card.shown) }
}
