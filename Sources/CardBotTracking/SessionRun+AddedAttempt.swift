import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotVision

extension SessionRun {
    /// How far past the last frame read an added attempt may lie, in seconds: a tap in the recording's last moment.
    static let addedAttemptSlack = 2.0

    /// The frame an attempt added at `seconds` is shown at: the frame `name`d, when it was read, else the last
    /// readable frame at or before that time (the first readable frame for a time before it); nil when no frame
    /// was read or the time lies more than ``addedAttemptSlack`` past the last one (``lastReadableSeconds``).
    func frame(forAddedAttemptAt seconds: Double, named name: String?) -> AttemptTracker.Frame? {
        let readable = frames.filter { $0.markers != nil }
        if let name, let named = readable.first(where: { $0.stamp.name == name }) { return named }
        guard let last = readable.last, seconds <= last.stamp.seconds + Self.addedAttemptSlack else { return nil }
        return readable.last { $0.stamp.seconds <= seconds + 0.0005 } ?? readable[0]
    }

    /// The time of the last frame read, nil when none could be read.
    var lastReadableSeconds: Double? { frames.last { $0.markers != nil }?.stamp.seconds }

    /// Why no frame shows an attempt added at `seconds`, told as `subject` ("correction 2", "--add-attempt 9:00").
    func noFrame(forAddedAttemptAt seconds: Double, subject: MessageText.Value) -> MessageText {
        guard let last = lastReadableSeconds else {
            return Messages.later("%s: no frame of this session could be read, so no attempt can be added to it", subject)
        }
        return Messages.later(
            "%1$s: adds an attempt at %2$s, but the recording's last frame is at %3$s; give a time within the recording",
            subject, .decimal(FrameStamp.clock(seconds)), .decimal(FrameStamp.clock(last)))
    }

    /// The attempt a teacher adds with `correction` at `seconds`: the correction's program run on the robot, shown
    /// at the frame of that time with the cards read there (what CardBot had read, kept as the correction's record).
    /// - Throws: `SessionError` at the correction's place in `file`: no frame there, or a card not of this level.
    func addedAttempt(
        _ correction: SessionCorrections.Correction, at seconds: Double, number: Int, file: String, mapping: CardMapping,
        deckNames: [Int: String]
    ) throws -> Attempt {
        guard let frame = frame(forAddedAttemptAt: seconds, named: correction.frame) else {
            let subject = MessageText.Value.said(Messages.later("correction %s", .plain("\(number)")))
            throw SessionError(file: file, position: correction.position, said: noFrame(forAddedAttemptAt: seconds, subject: subject))
        }
        guard case .program(let text) = correction.change else {
            throw SessionError(
                file: file, position: correction.position,
                said: Messages.later("correction %1$s: an added attempt needs its cards in 'program'", .plain("\(number)")))
        }
        let (cards, markers) = try teacherCards(text, of: correction, number: number, file: file, mapping: mapping)
        let onTable = (frame.markers ?? []).filter { deckNames[$0] != Deck.goCardName }
        let record = AttemptCorrection(
            by: correction.by, at: correction.at,
            readNames: onTable.map { level.cards[$0]?.name ?? deckNames[$0] ?? "marker \($0)" }, readMarkers: onTable,
            added: true)
        return Attempt(
            number: 0, signal: signal, frame: frame.stamp.index, frameName: frame.stamp.name, seconds: seconds,
            markers: markers, cardNames: cards.map(\.name),
            outcome: SessionRunner.outcome(markers, mapping: mapping, level: level), cards: frameCards.cards(of: frame.stamp),
            correction: record)
    }
}
