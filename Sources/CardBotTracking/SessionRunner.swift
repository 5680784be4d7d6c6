import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotVision
import Foundation

/// Reads a recorded session's frames, tracks the program on the table and runs every attempt on the robot.
public struct SessionRunner: Sendable {
    /// How programs and run signals are read, in seconds.
    public var tracking: TrackingOptions
    /// Workers decoding and reading frames in parallel (`--jobs`).
    public var jobs: Int
    /// Image limits for every frame.
    public var limits: ImageLimits
    /// The deck's card names by marker id (for names of cards a level does not use).
    public var deckNames: [Int: String]
    /// Frames read per second of a video session (`--sample-fps`); nil reads every frame.
    public var sampleFPS: Double?

    /// Creates a runner.
    public init(tracking: TrackingOptions = TrackingOptions(), jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                limits: ImageLimits = .default, deckNames: [Int: String],
                sampleFPS: Double? = RecordedSession.defaultSampleFPS) {
        self.sampleFPS = sampleFPS
        self.tracking = tracking
        self.jobs = max(1, jobs)
        self.limits = limits
        self.deckNames = deckNames
    }

    /// Runs `session` on `level`.
    ///
    /// - Parameters:
    ///   - makeReader: Called once per worker; returns the function that reads a frame's cards in reading order
    ///     (the GO card included: the tracker takes it out). The cards of the attempts' frames and of the last
    ///     readable frame are kept in the run, with their corners.
    ///   - optimal: The level's proven fewest cards, when known (solve once per level and pass it in).
    ///   - progress: Called after each frame with the number of frames done.
    ///   - corrected: Whether the session's corrections.json (a teacher's corrections) is applied; false: the run
    ///     as CardBot reads it.
    /// - Throws: `ImageError` when the session's video cannot be read at all (a damaged frame is only unreadable).
    public func run(
        _ session: RecordedSession, level: Level, optimal: Int?,
        makeReader: @escaping @Sendable () -> (GrayImage) -> [Detection],
        progress: (@Sendable (Int) -> Void)? = nil, corrected: Bool = true
    ) throws -> SessionRun {
        try run(
            session, level: level, optimal: optimal,
            makeMeasuringReader: {
                let read = makeReader()
                return { image in (read(image), nil) }
            },
            progress: progress, corrected: corrected)
    }

    /// Runs `session` on `level` as ``run(_:level:optimal:makeReader:progress:corrected:)`` does, with a reader
    /// that also measures each frame for the capture check (``FrameAnalyzer/capturingReader(deck:limits:)``):
    /// the run's ``SessionRun/capture`` then judges how the session was recorded.
    public func run(
        _ session: RecordedSession, level: Level, optimal: Int?,
        makeMeasuringReader: @escaping @Sendable () -> (GrayImage) -> (cards: [Detection], capture: FrameCapture?),
        progress: (@Sendable (Int) -> Void)? = nil, corrected: Bool = true
    ) throws -> SessionRun {
        // A teacher's corrections are read first: a broken corrections.json is said before minutes of reading.
        let corrections = corrected ? try session.corrections() : nil
        let source = session.frameSource(limits: limits, sampleFPS: sampleFPS)
        var frames: [AttemptTracker.Frame] = []
        var unreadable: [SessionRun.UnreadableFrame] = []
        var lastReadable: FrameStamp? = nil
        var cardsSeen = FrameCards()
        var captures: [FrameCapture] = []
        var presence = CardPresence(goMarker: tracking.goMarker)
        var done = 0
        try source.read(
            jobs: jobs,
            makeReader: {
                let read = makeMeasuringReader()
                // The frame goes on to the delivery, in playing order, where unread cards are judged by their patch.
                return { image, _ in
                    let (cards, capture) = read(image)
                    return (cards, capture, image)
                }
            },
            deliver: { frame in
                switch frame.outcome {
                case .success(let (cards, capture, image)):
                    if let capture { captures.append(capture) }
                    let onTable = presence.observe(cards, in: image, at: frame.stamp.seconds)
                    frames.append(.init(stamp: frame.stamp, markers: onTable.map(\.marker)))
                    cardsSeen.keep(cards, of: frame.stamp)
                    lastReadable = frame.stamp
                case .failure(let error):
                    frames.append(.init(stamp: frame.stamp, markers: nil))
                    unreadable.append(.init(name: frame.stamp.name, said: error.said))
                }
                done += 1
                progress?(done)
                return true
            })
        let plan = AttemptTracker.plan(frames, runMarks: session.runMarks, options: tracking, photos: session.isPhotos)
        let attempts = plan.attempts.enumerated().map { index, found in
            attempt(index + 1, found: found, level: level, cards: cardsSeen.cards(of: found.stamp))
        }
        var notes = plan.notes
        let cut = Self.endsEarly(source, lastFrame: frames.last?.stamp.seconds, sampleFPS: sampleFPS)
        if let cut { notes.append(cut) }
        var run = SessionRun(
            session: session, level: level, optimal: optimal, frameCount: frames.count, unreadable: unreadable,
            attempts: attempts, signal: plan.signal, taps: plan.taps, notes: notes,
            finalMarkers: plan.finalProgram, finalProgram: names(plan.finalProgram, level: level),
            lastReadableFrame: lastReadable, lastReadableCards: lastReadable.map { cardsSeen.cards(of: $0) } ?? [],
            capture: captures.isEmpty
                ? [] : CaptureJudge.findings(captures, interval: session.isPhotos ? nil : SessionReview.frameInterval(frames)),
            frames: frames, frameCards: cardsSeen, timedNotes: plan.timedNotes)
        run.review = SessionReview.reasons(
            for: run,
            measures: SessionReview.Measures(
                dropoutShare: presence.dropoutShare, frameInterval: SessionReview.frameInterval(frames), endsEarly: cut))
        guard let corrections, let file = session.correctionsPath else { return run }
        return try run.correcting(corrections, file: file, deckNames: deckNames)
    }

    /// A note when a video's frames stop well before the length its container claims (a file cut short, as an
    /// interrupted copy leaves it): what came after is lost, and the teacher should know the grade lacks it.
    static func endsEarly(_ source: any FrameSource, lastFrame: Double?, sampleFPS: Double?) -> String? {
        guard let duration = source.claimedDuration else { return nil }
        let last = lastFrame ?? 0
        let slack = max(1.0, 3.0 / (sampleFPS ?? 30))
        guard duration - last > slack else { return nil }
        return Messages.text(
            "The video ends early, at %1$s of the %2$s it claims: the file is cut, and what came after is lost.",
            FrameStamp.shownClock(last), FrameStamp.shownClock(duration))
    }

    /// Attempt `number`: the program `found` names, run on the robot (or refused as not runnable), with the
    /// `cards` read in its frame.
    public func attempt(_ number: Int, found: AttemptTracker.Found, level: Level, cards: [Detection]) -> SessionRun.Attempt {
        let mapping = CardMapping(level: level, deckNames: deckNames)
        return SessionRun.Attempt(
            number: number, signal: found.signal, frame: found.stamp.index, frameName: found.stamp.name,
            seconds: found.seconds, markers: found.markers, cardNames: names(found.markers, level: level),
            outcome: Self.outcome(found.markers, mapping: mapping, level: level), cards: cards)
    }

    /// The names of marker ids: what the level makes of each, else the deck's name, else `marker N`.
    public func names(_ markers: [Int], level: Level) -> [String] {
        markers.map { id in level.cards[id]?.name ?? deckNames[id] ?? "marker \(id)" }
    }

    static func outcome(_ markers: [Int], mapping: CardMapping, level: Level) -> SessionRun.Attempt.Outcome {
        do {
            let program = try mapping.program(markerIDs: markers)
            return .ran(Robot.run(program, on: level))
        } catch let error as CardMappingError {
            return .notRunnable(error.reason)
        } catch let error as ProgramError {
            return .notRunnable(error.reason)
        } catch {
            return .notRunnable(MessageText(template: "%s", values: [.plain("\(error)")]))
        }
    }
}
