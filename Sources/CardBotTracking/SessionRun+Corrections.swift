import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport

extension SessionRun {
    /// This run with a teacher's `corrections` (from `file`) applied: a corrected attempt runs the teacher's
    /// program and remembers what CardBot read; an attempt that was not one is taken out; the attempts left are
    /// numbered again from 1. Stars, first success and the rest follow from the attempts.
    ///
    /// A correction names its attempt by frame (when the file gives one and the reading has an attempt there) or
    /// else by number.
    /// - Throws: `SessionError` at the correction's place in `file`: an attempt the reading does not have, or a
    ///   program with a card that is not a card of this level.
    public func correcting(_ corrections: SessionCorrections, file: String, deckNames: [Int: String]) throws -> SessionRun {
        var run = self
        let mapping = CardMapping(level: level, deckNames: deckNames)
        var dropped = Set<Int>()
        for (number, correction) in corrections.corrections.enumerated() where correction.added == nil {
            let index =
                correction.frame.flatMap { frame in attempts.firstIndex { $0.frameName == frame } }
                ?? (correction.attempt <= attempts.count ? correction.attempt - 1 : nil)
            guard let index else {
                let none =
                    correction.frame.map {
                        Messages.later("and none is attempt %1$s or at %2$s", .number(correction.attempt), .plain($0))
                    } ?? Messages.later("and none is attempt %s", .number(correction.attempt))
                throw SessionError(
                    file: file, position: correction.position,
                    said: Messages.later(
                        "correction %1$s: %2$s in this session %3$s; see them with cardbot run, then correct again with cardbot grade correct",
                        .number(number + 1), .said(Self.attemptsRead(attempts.count)), .said(none)))
            }
            let read = attempts[index]
            let record = AttemptCorrection(by: correction.by, at: correction.at, readNames: read.cardNames, readMarkers: read.markers)
            switch correction.change {
            case .notAnAttempt:
                dropped.insert(index)
                let cards = read.cardNames.isEmpty ? Messages.text("no cards") : read.cardNames.map(Card.shown).joined(separator: " ")
                run.notes.append(
                    correction.by.map {
                        Messages.text("%1$s took out the attempt at %2$s (%3$s): not an attempt.", $0, FrameStamp.shown(read.frameName), cards)
                    } ?? Messages.text(
                        "The teacher took out the attempt at %1$s (%2$s): not an attempt.", FrameStamp.shown(read.frameName), cards))
            case .program(let text):
                let (cards, markers) = try teacherCards(text, of: correction, number: number + 1, file: file, mapping: mapping)
                run.attempts[index].markers = markers
                run.attempts[index].cardNames = cards.map(\.name)
                run.attempts[index].outcome = SessionRunner.outcome(markers, mapping: mapping, level: level)
                run.attempts[index].correction = record
            }
        }
        run.attempts = run.attempts.indices.filter { !dropped.contains($0) }.map { run.attempts[$0] }
        for (number, correction) in corrections.corrections.enumerated() {
            guard let seconds = correction.added else { continue }
            let added = try run.addedAttempt(correction, at: seconds, number: number + 1, file: file, mapping: mapping, deckNames: deckNames)
            run.attempts.insert(added, at: run.attempts.firstIndex { $0.seconds > seconds } ?? run.attempts.endIndex)
            // A note that no program ran then (a cover not counted as a tap, a tap with no cards) is taken back.
            let contradicted = run.timedNotes.filter { $0.isContradicted(byAttemptAt: seconds) }.map(\.text)
            run.notes.removeAll { contradicted.contains($0) }
            run.timedNotes.removeAll { contradicted.contains($0.text) }
            let cards = added.cardNames.map(Card.shown).joined(separator: " ")
            let time = FrameStamp.shownClock(seconds)
            run.notes.append(
                correction.by.map { Messages.text("%1$s added an attempt CardBot missed at %2$s (%3$s).", $0, time, cards) }
                    ?? Messages.text("The teacher added an attempt CardBot missed at %1$s (%2$s).", time, cards))
        }
        for index in run.attempts.indices { run.attempts[index].number = index + 1 }
        run.review = Self.unanswered(review, by: corrections, attempts: attempts)
        if !run.attempts.isEmpty {
            // The teacher's attempts answer "never tapped": the note would tell the old story above them.
            run.notes.removeAll { $0 == Self.neverTappedNote }
        }
        return run
    }

    /// The reasons of `review` that `corrections` leave open. Any correction of the session's attempts answers the
    /// reasons about which attempts there were (the teacher went through them); a card read unsurely is answered
    /// by a correction of its attempt (its program, even with the same cards, or that it was not one).
    static func unanswered(_ review: [ReviewReason], by corrections: SessionCorrections, attempts: [Attempt]) -> [ReviewReason] {
        guard !corrections.corrections.isEmpty else { return review }
        let corrected = Set(
            corrections.corrections.compactMap { correction -> Int? in
                guard correction.added == nil else { return nil }
                return correction.frame.flatMap { frame in attempts.first { $0.frameName == frame }?.number } ?? correction.attempt
            })
        return review.compactMap { reason in
            if reason.code.concernsAttempts { return nil }
            let open = reason.attempts.filter { !corrected.contains($0) }
            guard !open.isEmpty else { return nil }
            var left = reason
            left.attempts = open
            return left
        }
    }

    /// The note of a GO card that lay on the table and was never tapped.
    static var neverTappedNote: String { Messages.text("A GO card lay on the table but was never tapped: no program was run.") }

    /// "CardBot reads 3 attempts", to be told in the reader's language.
    static func attemptsRead(_ count: Int) -> MessageText {
        count == 1 ? Messages.later("CardBot reads 1 attempt") : Messages.later("CardBot reads %s attempts", .number(count))
    }

    /// The cards of a correction's `text`, and the level's marker for each.
    /// - Throws: `SessionError` at the program's place in `file` for a card that is not one of this level's.
    func teacherCards(
        _ text: String, of correction: SessionCorrections.Correction, number: Int, file: String, mapping: CardMapping
    ) throws -> (cards: [Card], markers: [Int]) {
        let cards: [Card]
        do {
            cards = try mapping.cards(text: text)
        } catch {
            var failure = SessionError(
                file: file, position: correction.programPosition, reason: "correction \(number): \(error.reason.english)")
            failure.shownReason = Messages.text("correction %1$s: %2$s", number, error.reason.localized)
            throw failure
        }
        return (cards, cards.map { card in level.cards.filter { $0.value == card }.keys.min() ?? -1 })
    }
}
