import CardBotImaging
import CardBotLesson
import CardBotSupport
import CardBotVideo
import CardBotVision
import Dispatch
import Foundation

/// Grades every recorded session of a class folder.
///
/// Sessions are opened and their levels found first (each level loaded and solved once, however many
/// sessions play it); then the sessions are read in parallel, `jobs` at a time (or one session with its
/// frames in parallel when there are fewer sessions than jobs). Only readings and grades are kept, never
/// pixels, so memory depends on the jobs, not on the size of the class. A session that cannot be graded
/// becomes a grade with its error; it never stops the class.
public struct Grader: Sendable {
    /// The deck the cards are read with.
    public var deck: Deck
    /// Where level numbers are looked up.
    public var levelsDirectory: String
    /// The level for sessions whose `session.json` names none (`--level`).
    public var level: String?
    /// Consecutive equal readings that make a new program.
    public var stableFrames: Int
    /// Workers in parallel.
    public var jobs: Int
    /// Make each session's pictures (thumbnail and map) for the HTML report.
    public var pictures: Bool
    /// Grade only this part of the class.
    public var shard: Shard?
    /// The width of frame thumbnails in pixels.
    public var thumbnailWidth: Int
    /// Limits for every frame read (a frame beyond them is an unreadable frame).
    public var limits: ImageLimits
    /// Frames read per second of a video session (`--sample-fps`).
    public var sampleFPS: Double? = VideoFrameSource.defaultSampleFPS

    /// Creates a grader.
    public init(
        deck: Deck, levelsDirectory: String = "Levels", level: String? = nil, stableFrames: Int = 3,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, pictures: Bool = false, shard: Shard? = nil,
        thumbnailWidth: Int = 320, limits: ImageLimits = .default
    ) {
        self.deck = deck
        self.levelsDirectory = levelsDirectory
        self.level = level
        self.stableFrames = max(1, stableFrames)
        self.jobs = max(1, jobs)
        self.pictures = pictures
        self.shard = shard
        self.thumbnailWidth = max(16, thumbnailWidth)
        self.limits = limits
    }

    /// A session ready to read: its folder, student, level and the level's optimum.
    struct Prepared: Sendable {
        var entry: ClassFolder.Entry
        var folder: SessionFolder
        var student: String
        var level: Level
        var optimal: Int?
    }

    /// Grades every session of `classFolder`.
    /// - Parameter progress: Called (from any thread) after every frame and every session.
    public func grade(_ classFolder: ClassFolder, progress: (@Sendable (GradeProgress) -> Void)? = nil) -> ClassGrade {
        let entries = shard.map { $0.select(classFolder.entries) } ?? classFolder.entries
        let deckNames = deck.namesByMarker
        var failed: [SessionGrade] = []
        var prepared: [Prepared] = []
        var levels = LevelCache(levelsDirectory: levelsDirectory, deckNames: deckNames)
        for entry in entries {
            let folder: SessionFolder
            do {
                folder = try SessionFolder.open(entry.path)
            } catch {
                failed.append(.failed(path: entry.relativePath, student: entry.folderStudent,
                                      error: relative(error, to: classFolder.path)))
                continue
            }
            let student = Self.student(folder.manifest.student, fallback: entry.folderStudent)
            do {
                let (level, optimal) = try levels.level(for: folder, fallback: self.level)
                prepared.append(Prepared(entry: entry, folder: folder, student: student, level: level, optimal: optimal))
            } catch {
                failed.append(.failed(path: entry.relativePath, student: student, error: relative(error, to: classFolder.path)))
            }
        }

        let sessions = prepared
        let total = sessions.reduce(0) { total, session in
            total + (session.folder.isVideo
                ? session.folder.frameSource(limits: limits, sampleFPS: sampleFPS).expectedFrameCount ?? 0
                : session.folder.frameNames.count)
        }
        let tracker = ProgressTracker(sessions: entries.count, frames: total, sessionsDone: failed.count, report: progress)
        tracker.publish()
        let workers = max(1, min(jobs, sessions.count))
        let frameJobs = max(1, jobs / workers)
        let slots = ResultSlots<(SessionGrade, SessionPictures?)>(count: sessions.count)
        let next = SharedCounter()
        let deck = self.deck
        let paint = self.pictures
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let runner = SessionRunner(
                stableFrames: stableFrames, jobs: frameJobs, limits: limits, deckNames: deckNames, sampleFPS: sampleFPS)
            let painter = paint
                ? SessionPainter(deck: deck, thumbnailWidth: thumbnailWidth, limits: limits, sampleFPS: sampleFPS) : nil
            while true {
                let index = next.increment() - 1
                guard index < sessions.count else { break }
                let session = sessions[index]
                do {
                    let run = try runner.run(
                        session.folder, level: session.level, optimal: session.optimal,
                        makeReader: {
                            let analyzer = FrameAnalyzer(deck: deck, limits: limits)
                            return { image in analyzer.analyze(image).markers }
                        },
                        progress: { _ in tracker.frameDone() })
                    let grade = SessionGrade(run: run, path: session.entry.relativePath, student: session.student)
                    slots.set(index, (grade, painter?.pictures(for: run)))
                } catch {
                    let grade = SessionGrade.failed(
                        path: session.entry.relativePath, student: session.student,
                        error: relative(error, to: classFolder.path), level: session.level.number,
                        levelName: session.level.name)
                    slots.set(index, (grade, nil))
                }
                tracker.sessionDone()
            }
        }
        var grades = failed
        var painted: [String: SessionPictures] = [:]
        for (grade, picture) in slots.values() {
            grades.append(grade)
            if let picture { painted[grade.path] = picture }
        }
        return ClassGrade(classPath: classFolder.path, grades: grades, pictures: painted)
    }

    /// The student's name: session.json's, else the folder's.
    static func student(_ manifest: String?, fallback: String) -> String {
        if let name = manifest?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty { return name }
        return fallback
    }

    /// An error's message with the class folder's path left off the front, so reports do not depend on
    /// where the class folder lies.
    func relative(_ error: Error, to classPath: String) -> String {
        let message = (error as? SessionError)?.description ?? (error as? ImageError)?.description ?? "\(error)"
        let prefix = classPath.hasSuffix("/") ? classPath : classPath + "/"
        return message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
    }
}

/// Levels loaded and solved once each, however many sessions play them.
struct LevelCache {
    let levelsDirectory: String
    let deckNames: [Int: String]
    private var levels: [String: Level] = [:]
    private var optima: [String: Int?] = [:]

    init(levelsDirectory: String, deckNames: [Int: String]) {
        self.levelsDirectory = levelsDirectory
        self.deckNames = deckNames
    }

    /// The level `folder` plays (its session.json's, else `fallback`) and the level's proven optimum.
    mutating func level(for folder: SessionFolder, fallback: String?) throws -> (Level, Int?) {
        let requested = folder.manifest.level == nil ? fallback : nil
        let key: String
        switch folder.manifest.level {
        case .number(let number)?: key = "number:\(number)"
        case .path(let path)?:
            let full = path.hasPrefix("/") ? path : (folder.path as NSString).appendingPathComponent(path)
            key = "file:" + URL(fileURLWithPath: full).standardizedFileURL.path
        case nil: key = "requested:\(fallback ?? "")"
        }
        let level: Level
        if let cached = levels[key] {
            level = cached
        } else {
            level = try SessionLevel.resolve(
                folder, requested: requested, levelsDirectory: levelsDirectory, deckNames: deckNames)
            levels[key] = level
        }
        let solved = "\(level.number):" + URL(fileURLWithPath: level.source.file).standardizedFileURL.path
        if let optimal = optima[solved] { return (level, optimal) }
        let optimal = Solver.solve(level).optimalCardCount
        optima[solved] = optimal
        return (level, optimal)
    }
}

/// Counts frames and sessions done and reports them, at most about ten times a second (and at the end).
final class ProgressTracker: @unchecked Sendable {
    private let lock = NSLock()
    private let report: (@Sendable (GradeProgress) -> Void)?
    private var state: GradeProgress
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastReport: ContinuousClock.Instant

    init(sessions: Int, frames: Int, sessionsDone: Int, report: (@Sendable (GradeProgress) -> Void)?) {
        self.report = report
        state = GradeProgress(sessionsDone: sessionsDone, sessions: sessions, framesDone: 0, frames: frames, seconds: 0)
        start = clock.now
        lastReport = start
    }

    func frameDone() { update { $0.framesDone += 1 } }

    func sessionDone() { update { $0.sessionsDone += 1 } }

    func publish() {
        guard let report else { return }
        report(lock.withLock { state })
    }

    private func update(_ change: (inout GradeProgress) -> Void) {
        guard let report else { return }
        let snapshot: GradeProgress? = lock.withLock {
            change(&state)
            let now = clock.now
            let finished = state.sessionsDone == state.sessions
            guard finished || now - lastReport >= .milliseconds(100) else { return nil }
            lastReport = now
            let elapsed = now - start
            state.seconds = elapsed.seconds
            return state
        }
        if let snapshot { report(snapshot) }
    }
}
