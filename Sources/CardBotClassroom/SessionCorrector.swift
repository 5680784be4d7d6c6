import CardBotLesson
import CardBotSession
import CardBotSupport
import Foundation

/// Writes a teacher's correction of one attempt into a session's `corrections.json` (`cardbot grade correct`).
///
/// The session is read as CardBot reads it (without its corrections), so the correction can record the
/// attempt's frame and what CardBot had read; the next `grade` (or `run`) uses it, and a gradebook regrades the
/// session, as the file is part of its fingerprint.
public struct SessionCorrector {
    /// What the teacher says of the attempt.
    public enum Change: Sendable, Equatable {
        /// The cards the child laid, as card names (or the reader's language's keywords).
        case program(String)
        /// The attempt was not one.
        case notAnAttempt
        /// Take back the attempt's correction.
        case remove
    }

    /// How the session is read.
    public var job: SessionJob
    /// Where level numbers are looked up.
    public var levelsDirectory: String

    /// Creates a corrector.
    public init(job: SessionJob, levelsDirectory: String) {
        self.job = job
        self.levelsDirectory = levelsDirectory
    }

    /// Corrects attempt `number` of the session folder `path` and returns what was done, in the reader's language.
    /// - Throws: `SessionError` for a session that is not a folder, an attempt CardBot does not read there or a
    ///   broken corrections.json; a ``Problem`` naming `--program` for a card that is not one of the level's.
    public func correct(_ path: String, attempt number: Int, change: Change, by: String?, level: String?) throws -> String {
        let recording = try RecordedSession.open(path)
        guard let file = recording.correctionsPath else {
            throw SessionError(file: path, reason: "is not a session folder: corrections are kept in a session folder's corrections.json")
        }
        let existing = try recording.corrections() ?? SessionCorrections()
        let lesson = try job.lesson(of: recording, requested: level, levelsDirectory: levelsDirectory)
        let reading = try job.run(recording, lesson: lesson, corrected: false)
        guard number >= 1, number <= reading.attempts.count else {
            throw SessionError(
                file: path,
                reason: "CardBot reads \(reading.attempts.count) attempt\(reading.attempts.count == 1 ? "" : "s") in this session; "
                    + "there is no attempt \(number) (see them with cardbot run \(path))")
        }
        let read = reading.attempts[number - 1]
        let readText = read.cardNames.joined(separator: " ")
        let corrections: SessionCorrections
        switch change {
        case .remove:
            guard existing.corrections.contains(where: { $0.attempt == number }) else {
                return Messages.text("%1$s: attempt %2$s has no correction; it is as CardBot reads it", file, number)
            }
            corrections = existing.removing(attempt: number)
        case .program(let text):
            let cards = try CardMapping(level: lesson.level, deckNames: job.deck.namesByMarker).cards(text: text, source: "--program")
            corrections = existing.replacing(
                .init(attempt: number, frame: read.frameName, change: .program(cards.map(\.name).joined(separator: " ")),
                      read: readText, by: by, at: Self.now()))
        case .notAnAttempt:
            corrections = existing.replacing(
                .init(attempt: number, frame: read.frameName, change: .notAnAttempt, read: readText, by: by, at: Self.now()))
        }
        if corrections.corrections.isEmpty {
            if unlink(file) != 0 && errno != ENOENT {
                throw SessionError(file: file, reason: "cannot be removed: \(RegularFile.message(errno))")
            }
        } else {
            do {
                try AtomicFile.write(Array(corrections.jsonText().utf8), to: file)
            } catch {
                throw SessionError(file: file, reason: error.reason)
            }
        }
        let corrected = try reading.correcting(corrections, file: file, deckNames: job.deck.namesByMarker)
        return Self.summary(change, number: number, file: file, read: read, after: corrected)
    }

    /// What was done, and what the attempt now says.
    static func summary(_ change: Change, number: Int, file: String, read: SessionRun.Attempt, after: SessionRun) -> String {
        let readText = read.cardNames.isEmpty ? Messages.text("no cards") : read.cardNames.map(Card.shown).joined(separator: " ")
        switch change {
        case .remove:
            return Messages.text("%1$s: attempt %2$s is again as CardBot reads it: %3$s", file, number, readText)
        case .notAnAttempt:
            return Messages.text(
                "%1$s: attempt %2$s (%3$s, CardBot read: %4$s) is not an attempt; the session now has %5$s", file, number,
                read.frameName, readText, Messages.plural("%s attempt", "%s attempts", count: after.attempts.count, after.attempts.count))
        case .program:
            let now = after.attempts.first { $0.frameName == read.frameName }
            let cards = now?.cardNames.map(Card.shown).joined(separator: " ") ?? ""
            return Messages.text("%1$s: attempt %2$s is now %3$s (CardBot read: %4$s)", file, number, cards, readText)
                + (now.map { "\n" + $0.headline(level: after.level) } ?? "")
        }
    }

    /// Now, ISO 8601 in UTC, to the second.
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
