import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotTracking
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
    /// How programs and run signals are read, in seconds of the recording.
    public var tracking: TrackingOptions
    /// Workers in parallel.
    public var jobs: Int
    /// Makes each session's pictures for the HTML report and the gradebook; nil makes none.
    public var pictures: (any SessionPainting)?
    /// Grade only this part of the class.
    public var shard: Shard?
    /// Limits for every frame read (a frame beyond them is an unreadable frame).
    public var limits: ImageLimits
    /// Where grades are kept between runs: sessions it has unchanged are not read again, and every session
    /// graded is recorded in it.
    public var store: (any GradeStore)?
    /// Frames read per second of a video session (`--sample-fps`).
    public var sampleFPS: Double? = RecordedSession.defaultSampleFPS
    /// The class's name in reports (`--class-name`); nil names it after its folder.
    public var className: String?
    /// `level`, loaded once by ``prepare()`` for every session that names no level.
    private var fallbackLevel: Level?

    /// Creates a grader.
    public init(
        deck: Deck, levelsDirectory: String = "Levels", level: String? = nil, tracking: TrackingOptions = TrackingOptions(),
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, pictures: (any SessionPainting)? = nil,
        shard: Shard? = nil, limits: ImageLimits = .default, store: (any GradeStore)? = nil,
        sampleFPS: Double? = RecordedSession.defaultSampleFPS, className: String? = nil
    ) {
        self.sampleFPS = sampleFPS
        self.className = className
        self.deck = deck
        self.levelsDirectory = levelsDirectory
        self.level = level
        self.tracking = tracking
        self.jobs = max(1, jobs)
        self.pictures = pictures
        self.shard = shard
        self.limits = limits
        self.store = store
    }

    /// Checks, before any session is read, what every session would fail alike: a curriculum folder that is not
    /// there (when levels are looked up by number) and a `level` that cannot be loaded, which is loaded once here.
    /// - Throws: a ``Problem`` naming the levels folder, or ``LevelLoadError`` for `level`.
    public mutating func prepare() throws {
        if level.map({ Int($0) != nil }) ?? true, FileSystem.kind(levelsDirectory) != .directory {
            throw Problem(file: levelsDirectory, LevelLoader.unlisted(levelsDirectory).localized)
        }
        if let level {
            fallbackLevel = try LevelLoader.locate(level, levelsDirectory: levelsDirectory, deckNames: deck.namesByMarker)
        }
    }

    /// What a grade depends on besides the session, its level and the deck: the same settings give the same
    /// grade of the same frames. The language is one (the attempts' messages and the replays' captions are in it),
    /// and so are the pictures' settings and the limits the recording is judged by (its notes come from them).
    public var settings: String {
        "\(tracking.settingsText) max-pixels=\(limits.maxPixels) max-file-bytes=\(limits.maxFileBytes)"
            + " capture-check=\(CaptureThresholds.version) review=\(SessionReview.version)"
            + (pictures.map { " " + $0.settings } ?? "") + " language=\(Messages.current.language)"
    }

    /// A session ready to read: its folder, student, level and the level's optimum.
    struct Prepared: Sendable {
        var entry: ClassFolder.Entry
        var folder: RecordedSession
        var student: String
        var level: Level
        var levelKey: String
        /// The session's own level file, relative to the class folder, when it is not the curriculum's level.
        var levelFile: String?
        var optimal: Int?
    }

    /// Grades every session of `classFolder`.
    ///
    /// Sessions are opened and their levels loaded first; then, with a ``store``, the sessions it holds
    /// unchanged are taken from it; then the levels still needed are solved (once each) and the remaining
    /// sessions read in parallel, each recorded in the store as soon as it is graded.
    /// - Parameter progress: Called (from any thread) after every frame and every session.
    public func grade(_ classFolder: ClassFolder, progress: (@Sendable (GradeProgress) -> Void)? = nil) -> ClassGrade {
        let entries = shard.map { $0.select(classFolder.entries) } ?? classFolder.entries
        let deckNames = deck.namesByMarker
        var failed: [SessionGrade] = []
        var prepared: [Prepared] = []
        var levels = LevelCache(levelsDirectory: levelsDirectory, deckNames: deckNames)
        if let level, let fallbackLevel { levels.preload(fallbackLevel, fallback: level) }
        for entry in entries {
            if let problem = entry.problem {
                failed.append(
                    .failed(
                        path: entry.relativePath, student: entry.folderStudent, error: "\(entry.relativePath): \(problem.english)",
                        shownError: "\(entry.relativePath): \(problem.localized)"))
                continue
            }
            let folder: RecordedSession
            do {
                folder = try RecordedSession.open(entry.path)
            } catch {
                failed.append(
                    .failed(
                        path: entry.relativePath, student: entry.folderStudent, error: classFolder.errorText(error),
                        shownError: classFolder.shownErrorText(error)))
                continue
            }
            let student = Self.student(folder.manifest.student, fallback: entry.folderStudent)
            do {
                let (level, key) = try levels.level(for: folder, fallback: self.level)
                let own = levels.ownFile(level, key: key, session: folder, entry: entry)
                prepared.append(
                    Prepared(entry: entry, folder: folder, student: student, level: level, levelKey: key, levelFile: own))
            } catch {
                failed.append(
                    .failed(
                        path: entry.relativePath, student: student, error: classFolder.errorText(error),
                        shownError: classFolder.shownErrorText(error)))
            }
        }
        let classKey = classFolder.key
        let legacyKey = ClassGrade.name(ofFolder: classFolder.path)
        store?.beginClass(classFolder.identity, name: reportName(classFolder), legacyKey: legacyKey)
        if let store { for grade in failed { store.recordFailure(grade, classKey: classKey) } }

        let deckFile = deck.file
        let settings = self.settings
        let subjects = prepared.map {
            SessionSubject(
                classKey: classKey, classFolder: classFolder.path, entry: $0.entry, folder: $0.folder, student: $0.student,
                studentId: $0.folder.manifest.studentId, level: $0.level, settings: settings, deckFile: deckFile)
        }
        // Pictures go on the shelf as soon as they are read or made, so memory does not grow with the class.
        let shelf = PictureShelf()
        // Sessions the store holds unchanged are not read again.
        let stored = ResultSlots<SessionGrade?>(count: prepared.count)
        if let store {
            let next = SharedCounter()
            DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, prepared.count))) { _ in
                while true {
                    let index = next.increment() - 1
                    guard index < subjects.count else { break }
                    let found = store.storedGrade(for: subjects[index])
                    if case let (grade, pictures?)? = found { shelf.put(pictures, for: grade.path) }
                    stored.set(index, found.map { found in
                        var grade = found.0
                        grade.showLevelName(of: subjects[index].level)
                        return grade
                    })
                }
            }
        }
        let storedValues = store == nil ? Array(repeating: nil, count: prepared.count) : stored.values()
        var toRead: [Int] = []
        for index in prepared.indices where storedValues[index] == nil {
            prepared[index].optimal = levels.optimal(prepared[index].level, key: prepared[index].levelKey)
            toRead.append(index)
        }

        let sessions = prepared
        let unread = toRead
        let total = toRead.reduce(0) { total, index in
            let folder = sessions[index].folder
            return total + (folder.frameSource(limits: limits, sampleFPS: sampleFPS).expectedFrameCount ?? 0)
        }
        let tracker = ProgressTracker(
            sessions: entries.count, frames: total, sessionsDone: failed.count + prepared.count - toRead.count,
            report: progress)
        tracker.publish()
        let workers = max(1, min(jobs, toRead.count))
        let frameJobs = max(1, jobs / workers)
        let slots = ResultSlots<SessionGrade>(count: toRead.count)
        let next = SharedCounter()
        let deck = self.deck
        let painting = self.pictures
        let store = self.store
        let warnings = PictureWarnings()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let runner = SessionRunner(
                tracking: tracking, jobs: frameJobs, limits: limits, deckNames: deckNames, sampleFPS: sampleFPS)
            let painter = painting?.makePainter()
            while true {
                let slot = next.increment() - 1
                guard slot < unread.count else { break }
                let session = sessions[unread[slot]]
                do {
                    let run = try runner.run(
                        session.folder, level: session.level, optimal: session.optimal,
                        makeMeasuringReader: FrameAnalyzer.capturingReader(deck: deck, limits: limits),
                        progress: { _ in tracker.frameDone() })
                    var grade = SessionGrade(run: run, path: session.entry.relativePath, student: session.student)
                    grade.levelFile = session.levelFile
                    let pictures = painter?(run)
                    if let pictures, !pictures.notMade.isEmpty {
                        // Not kept in the gradebook, so that the next grade makes the pictures again.
                        warnings.append(session.entry.path, pictures.notMade)
                    } else {
                        store?.record(grade, pictures: pictures, subject: subjects[unread[slot]])
                    }
                    if let pictures { shelf.put(pictures, for: grade.path) }
                    slots.set(slot, grade)
                } catch {
                    var grade = SessionGrade.failed(
                        path: session.entry.relativePath, student: session.student,
                        error: classFolder.errorText(error), shownError: classFolder.shownErrorText(error), level: session.level.number,
                        levelName: session.level.name)
                    grade.levelFile = session.levelFile
                    grade.showLevelName(of: session.level)
                    store?.recordFailure(grade, classKey: classKey)
                    slots.set(slot, grade)
                }
                tracker.sessionDone()
            }
        }
        let grades = failed + slots.values() + storedValues.compactMap { $0 }
        var curriculum: [Int: Level] = [:]
        for session in prepared where session.levelFile == nil && curriculum[session.level.number] == nil {
            curriculum[session.level.number] = session.level
        }
        var graded = ClassGrade(
            classPath: classFolder.path, grades: grades, shelf: shelf, className: reportName(classFolder), levels: curriculum)
        graded.warnings = warnings.all
        return graded
    }

    /// The class's name in reports: `--class-name`, else class.json's `name`, else the folder's own name.
    func reportName(_ classFolder: ClassFolder) -> String {
        className ?? classFolder.manifest?.name ?? ClassGrade.name(ofFolder: classFolder.path)
    }

    /// The student's name: session.json's, else the folder's.
    static func student(_ manifest: String?, fallback: String) -> String {
        if let name = manifest?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty { return name }
        return fallback
    }
}

/// Levels loaded and solved once each, however many sessions play them.
struct LevelCache {
    let levelsDirectory: String
    let deckNames: [Int: String]
    private var levels: [String: Level] = [:]
    private var optima: [String: Int?] = [:]
    private var curriculum: [Level]?
    private var isCurriculum: [String: Bool] = [:]

    init(levelsDirectory: String, deckNames: [Int: String]) {
        self.levelsDirectory = levelsDirectory
        self.deckNames = deckNames
    }

    /// Keeps `level`, already loaded, as the level of sessions whose session.json names none.
    mutating func preload(_ level: Level, fallback: String) {
        levels["requested:\(fallback)"] = level
    }

    /// The level `folder` plays (its session.json's, else `fallback`) and a key naming it for ``optimal(_:key:)``.
    mutating func level(for folder: RecordedSession, fallback: String?) throws -> (Level, String) {
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
        return (level, solved)
    }

    /// The session's own level file, relative to the class folder, when `session.json` names a level file whose
    /// text is not the curriculum's level of the same number (a file claiming `"number": 3` is not level 3 unless
    /// it is level 3); nil for curriculum levels.
    mutating func ownFile(_ level: Level, key: String, session: RecordedSession, entry: ClassFolder.Entry) -> String? {
        guard case .path(let path)? = session.manifest.level else { return nil }
        let file = FileSystem.normalized(entry.relativePath == "." ? path : FileSystem.join(entry.relativePath, path))
        if let known = isCurriculum[key] { return known ? nil : file }
        if curriculum == nil {
            curriculum = (try? LevelCatalog(directory: levelsDirectory, deckNames: deckNames))?.levels ?? []
        }
        var same = false
        if let official = curriculum?.first(where: { $0.number == level.number }),
            let mine = try? RegularFile.read(level.source.file, maxBytes: LevelLimits.maximumFileBytes),
            let theirs = try? RegularFile.read(official.source.file, maxBytes: LevelLimits.maximumFileBytes)
        {
            same = mine == theirs
        }
        isCurriculum[key] = same
        return same ? nil : file
    }

    /// The proven optimum of `level` (once per `key`), by the one route `run` takes too: the user's optimum cache,
    /// which solves a level it has not solved before.
    mutating func optimal(_ level: Level, key: String) -> Int? {
        if let optimal = optima[key] { return optimal }
        let optimal = OptimumCache.user().optimum(for: level)
        optima[key] = optimal
        return optimal
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
