import CardBotImaging
import CardBotLesson
import Foundation

/// Reads a recorded session's frames, tracks the program on the table and runs every attempt on the robot.
public struct SessionRunner: Sendable {
    /// How many consecutive equal readings make a new program (`--stable-frames`).
    public var stableFrames: Int
    /// Workers decoding and reading frames in parallel (`--jobs`).
    public var jobs: Int
    /// Image limits for every frame.
    public var limits: ImageLimits
    /// The deck's card names by marker id (for names of cards a level does not use).
    public var deckNames: [Int: String]

    /// Creates a runner.
    public init(stableFrames: Int = 3, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                limits: ImageLimits = .default, deckNames: [Int: String]) {
        self.stableFrames = max(1, stableFrames)
        self.jobs = max(1, jobs)
        self.limits = limits
        self.deckNames = deckNames
    }

    /// Runs `session` on `level`.
    ///
    /// - Parameters:
    ///   - makeReader: Called once per worker; returns the function that reads a frame's marker ids in reading order.
    ///   - optimal: The level's proven fewest cards, when known (solve once per level and pass it in).
    ///   - progress: Called after each frame with the number of frames done.
    public func run(
        _ session: SessionFolder, level: Level, optimal: Int?,
        makeReader: @Sendable () -> (GrayImage) -> [Int],
        progress: (@Sendable (Int) -> Void)? = nil
    ) -> SessionRun {
        let paths = session.frameNames.indices.map(session.framePath)
        let outcomes = FrameScanner.scan(
            paths, jobs: jobs, limits: limits,
            makeReader: {
                let read = makeReader()
                return { image, _ in read(image) }
            },
            progress: progress)
        var readings: [[Int]?] = []
        var unreadable: [SessionRun.UnreadableFrame] = []
        var lastReadable: Int? = nil
        for (index, outcome) in outcomes.enumerated() {
            switch outcome {
            case .success(let markers):
                readings.append(markers)
                lastReadable = index
            case .failure(let error):
                readings.append(nil)
                unreadable.append(.init(name: session.frameNames[index], reason: error.reason))
            }
        }
        let plan = AttemptPlanner.attempts(readings: readings, runFrames: session.runFrames, stableFrames: stableFrames)
        let mapping = CardMapping(level: level, deckNames: deckNames)
        let attempts = plan.attempts.map { attempt in
            SessionRun.Attempt(
                number: attempt.number, frame: attempt.frame, frameName: session.frameNames[attempt.frame],
                seconds: Double(attempt.frame) / session.manifest.fps, markers: attempt.markers,
                cardNames: names(attempt.markers, level: level),
                outcome: Self.outcome(attempt.markers, mapping: mapping, level: level))
        }
        return SessionRun(
            session: session, level: level, optimal: optimal, frameCount: paths.count, unreadable: unreadable,
            attempts: attempts, finalMarkers: plan.finalProgram, finalProgram: names(plan.finalProgram, level: level),
            lastReadableFrame: lastReadable)
    }

    /// The names of marker ids: what the level makes of each, else the deck's name, else `marker N`.
    public func names(_ markers: [Int], level: Level) -> [String] {
        markers.map { id in level.cards[id]?.name ?? deckNames[id] ?? "marker \(id)" }
    }

    private static func outcome(_ markers: [Int], mapping: CardMapping, level: Level) -> SessionRun.Attempt.Outcome {
        do {
            let program = try mapping.program(markerIDs: markers)
            return .ran(Robot.run(program, on: level))
        } catch let error as CardMappingError {
            return .notRunnable(error.message)
        } catch let error as ProgramError {
            return .notRunnable(error.message)
        } catch {
            return .notRunnable("\(error)")
        }
    }
}
