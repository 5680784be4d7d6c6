import CardBotImaging
import CardBotLesson
import CardBotVideo
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
    /// Frames read per second of a video session (`--sample-fps`); nil reads every frame.
    public var sampleFPS: Double?

    /// Creates a runner.
    public init(stableFrames: Int = 3, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                limits: ImageLimits = .default, deckNames: [Int: String],
                sampleFPS: Double? = VideoFrameSource.defaultSampleFPS) {
        self.sampleFPS = sampleFPS
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
    /// - Throws: `ImageError` when the session's video cannot be read at all (a damaged frame is only unreadable).
    public func run(
        _ session: SessionFolder, level: Level, optimal: Int?,
        makeReader: @escaping @Sendable () -> (GrayImage) -> [Int],
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> SessionRun {
        let source = session.frameSource(limits: limits, sampleFPS: sampleFPS)
        let scanned = try source.scan(
            jobs: jobs,
            makeReader: {
                let read = makeReader()
                return { image, _ in read(image) }
            },
            progress: progress)
        var readings: [[Int]?] = []
        var unreadable: [SessionRun.UnreadableFrame] = []
        var lastReadable: FrameStamp? = nil
        for frame in scanned {
            switch frame.outcome {
            case .success(let markers):
                readings.append(markers)
                lastReadable = frame.stamp
            case .failure(let error):
                readings.append(nil)
                unreadable.append(.init(name: frame.stamp.name, reason: error.reason))
            }
        }
        let stamps = scanned.map(\.stamp)
        let runFrames = session.runSeconds.map { Self.frames(at: $0, in: stamps) } ?? session.runFrames
        let plan = AttemptPlanner.attempts(readings: readings, runFrames: runFrames, stableFrames: stableFrames)
        let attempts = plan.attempts.map { attempt in
            self.attempt(attempt.number, stamp: stamps[attempt.frame], markers: attempt.markers, level: level)
        }
        return SessionRun(
            session: session, level: level, optimal: optimal, frameCount: scanned.count, unreadable: unreadable,
            attempts: attempts, finalMarkers: plan.finalProgram, finalProgram: names(plan.finalProgram, level: level),
            lastReadableFrame: lastReadable)
    }

    /// Attempt `number`: the program `markers` seen at `stamp`, run on the robot (or refused as not runnable).
    public func attempt(_ number: Int, stamp: FrameStamp, markers: [Int], level: Level) -> SessionRun.Attempt {
        let mapping = CardMapping(level: level, deckNames: deckNames)
        return SessionRun.Attempt(
            number: number, frame: stamp.index, frameName: stamp.name, seconds: stamp.seconds, markers: markers,
            cardNames: names(markers, level: level), outcome: Self.outcome(markers, mapping: mapping, level: level))
    }

    /// The frame current at each run time: the last frame shown at or before it (the first frame for a time
    /// before any), so a run mark runs the program on the table when "run" was pressed.
    static func frames(at times: [Double], in stamps: [FrameStamp]) -> [Int] {
        guard !stamps.isEmpty else { return [] }
        return times.sorted().map { time in
            var low = 0, high = stamps.count - 1
            guard stamps[0].seconds <= time + 1e-3 else { return 0 }
            while low < high {
                let middle = (low + high + 1) / 2
                if stamps[middle].seconds <= time + 1e-3 { low = middle } else { high = middle - 1 }
            }
            return low
        }
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
