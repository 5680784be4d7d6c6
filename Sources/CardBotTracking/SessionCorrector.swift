import CardBotLesson
import CardBotSession
import CardBotImaging
import CardBotSupport
import CardBotVision
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
            throw SessionError(file: path, said: Messages.later("is not a session folder: corrections are kept in a session folder's corrections.json"))
        }
        try Self.check(by: by)
        // Read, changed and written back under the folder's lock: a correction made meanwhile is not lost.
        return try FolderLock.exclusive((file as NSString).deletingLastPathComponent) {
            try correct(recording, file: file, attempt: number, change: change, by: by, level: level)
        }
    }

    private func correct(
        _ recording: RecordedSession, file: String, attempt number: Int, change: Change, by: String?, level: String?
    ) throws -> String {
        let path = recording.path
        let existing = try recording.corrections() ?? SessionCorrections()
        let lesson = try job.lesson(of: recording, requested: level, levelsDirectory: levelsDirectory)
        let reading = try job.run(recording, lesson: lesson, corrected: false)
        guard number >= 1, number <= reading.attempts.count else {
            throw SessionError(
                file: path,
                said: Messages.later(
                    "%1$s in this session; there is no attempt %2$s (see them with cardbot run %3$s)",
                    .said(SessionRun.attemptsRead(reading.attempts.count)), .number(number), .plain(path)))
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
            let program = cards.map(\.name).joined(separator: " ")
            try Self.check(program: program, cards: cards.count)
            corrections = existing.replacing(
                .init(attempt: number, frame: read.frameName, change: .program(program), read: readText, by: by, at: Self.now()))
        case .notAnAttempt:
            corrections = existing.replacing(
                .init(attempt: number, frame: read.frameName, change: .notAnAttempt, read: readText, by: by, at: Self.now()))
        }
        try write(corrections, to: file)
        let corrected = try reading.correcting(corrections, file: file, deckNames: job.deck.namesByMarker)
        return Self.summary(change, number: number, file: file, read: read, after: corrected)
    }

    /// Adds to the session folder `path` an attempt CardBot missed, run at `seconds` from the start of the
    /// recording: the cards `program` names, or (nil) the cards CardBot read on the table then; `remove` takes
    /// such an added attempt back. Returns what was done, in the reader's language.
    /// - Throws: `SessionError` for a session that is not a folder, a time beyond the recording, a frame with no
    ///   cards when no program is given, or a broken corrections.json; a ``Problem`` naming `--program` for a card
    ///   that is not one of the level's.
    public func add(_ path: String, at seconds: Double, program: String?, remove: Bool, by: String?, level: String?) throws -> String {
        let recording = try RecordedSession.open(path)
        guard let file = recording.correctionsPath else {
            throw SessionError(file: path, said: Messages.later("is not a session folder: corrections are kept in a session folder's corrections.json"))
        }
        try Self.check(by: by)
        return try FolderLock.exclusive((file as NSString).deletingLastPathComponent) {
            try add(recording, file: file, at: seconds, program: program, remove: remove, by: by, level: level)
        }
    }

    private func add(
        _ recording: RecordedSession, file: String, at seconds: Double, program: String?, remove: Bool, by: String?, level: String?
    ) throws -> String {
        let path = recording.path
        let existing = try recording.corrections() ?? SessionCorrections()
        let time = FrameStamp.shownClock(seconds)
        if remove {
            let kept = existing.removing(addedAt: seconds)
            guard kept.corrections.count < existing.corrections.count else {
                return Messages.text("%1$s: no attempt was added at %2$s; the session is as it was", file, time)
            }
            try write(kept, to: file)
            return Messages.text("%1$s: the attempt added at %2$s is taken out again", file, time)
        }
        let lesson = try job.lesson(of: recording, requested: level, levelsDirectory: levelsDirectory)
        let reading = try job.run(recording, lesson: lesson, corrected: false)
        guard let frame = reading.frame(forAddedAttemptAt: seconds, named: nil) else {
            throw SessionError(file: path, said: reading.noFrame(forAddedAttemptAt: seconds, subject: .plain("--add-attempt")))
        }
        let onTable = (frame.markers ?? []).filter { job.deck.namesByMarker[$0] != Deck.goCardName }
        let readText = SessionRunner(deckNames: job.deck.namesByMarker).names(onTable, level: lesson.level).joined(separator: " ")
        let cardsText: String
        if let program {
            let cards = try CardMapping(level: lesson.level, deckNames: job.deck.namesByMarker).cards(text: program, source: "--program")
            cardsText = cards.map(\.name).joined(separator: " ")
            try Self.check(program: cardsText, cards: cards.count)
        } else {
            guard !onTable.isEmpty else {
                throw SessionError(
                    file: path,
                    said: Messages.later(
                        "shows no cards at %1$s (%2$s): give the cards the child ran with --program", .plain(time), .plain(frame.stamp.name)))
            }
            cardsText = readText
        }
        let corrections = existing.replacing(
            .init(attempt: 0, added: seconds, frame: frame.stamp.name, change: .program(cardsText), read: readText, by: by, at: Self.now()))
        try write(corrections, to: file)
        let corrected = try reading.correcting(corrections, file: file, deckNames: job.deck.namesByMarker)
        guard let now = corrected.attempts.first(where: { $0.correction?.added == true && abs($0.seconds - seconds) < 0.0005 }) else {
            return Messages.text("%1$s: added an attempt at %2$s", file, time)
        }
        return Messages.text(
            "%1$s: added attempt %2$s at %3$s (%4$s): %5$s", file, now.number, time, frame.stamp.name,
            now.cardNames.map(Card.shown).joined(separator: " "))
            + "\n" + now.headline(level: corrected.level)
    }

    /// Refuses a `--by` that corrections.json could not hold (``SessionCorrections/maximumTextBytes``).
    /// - Throws: ``Problem`` naming `--by`.
    static func check(by: String?) throws {
        guard let by, by.utf8.count > SessionCorrections.maximumTextBytes else { return }
        throw Problem(
            file: "--by", Messages.text("is %1$s bytes long; a name is at most %2$s", by.utf8.count, SessionCorrections.maximumTextBytes))
    }

    /// Refuses a program that corrections.json could not hold: its cards' names, as written there, at most
    /// ``SessionCorrections/maximumTextBytes`` (about 600 cards, far more than any level takes).
    /// - Throws: ``Problem`` naming `--program`.
    static func check(program: String, cards: Int) throws {
        guard program.utf8.count > SessionCorrections.maximumTextBytes else { return }
        throw Problem(
            file: "--program",
            Messages.text(
                "is %1$s cards (%2$s bytes as corrections.json writes them); at most %3$s bytes fit", cards, program.utf8.count,
                SessionCorrections.maximumTextBytes))
    }

    /// Writes `corrections` to `file` atomically, or removes the file when there are none; a file its own reader
    /// would refuse is never written.
    private func write(_ corrections: SessionCorrections, to file: String) throws {
        if corrections.corrections.isEmpty {
            if unlink(file) != 0 && errno != ENOENT {
                throw SessionError(file: file, said: Messages.later("cannot be removed: %s", .plain(RegularFile.message(errno))))
            }
        } else {
            let bytes = Array(corrections.jsonText().utf8)
            do {
                _ = try SessionCorrections.parse(bytes, file: file)
            } catch let error as SessionError {
                throw SessionError(
                    file: file,
                    said: Messages.later("was left as it was: the correction would make it unreadable (%s)", .plain(error.shownReason)))
            }
            do {
                try AtomicFile.write(bytes, to: file)
            } catch {
                throw SessionError(file: file, said: error.said)
            }
        }
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
                FrameStamp.shown(read.frameName), readText, Messages.plural("%s attempt", "%s attempts", count: after.attempts.count, after.attempts.count))
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
