import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotTracking

/// The grade of one recorded session: who, which level, how many attempts, whether and how well it was solved.
///
/// A session that could not be graded (no level, no frames, a broken `session.json`) is a grade with `error`
/// set and no stars; it never stops the class.
public struct SessionGrade: Sendable, Equatable {
    /// The first attempt that solved the level.
    public struct FirstSuccess: Sendable, Equatable {
        /// The attempt's number, from 1.
        public var attempt: Int
        /// The frame at which it ran (its name in the session folder).
        public var frame: String
        /// Seconds from the start of the session.
        public var seconds: Double

        /// Creates a first success.
        public init(attempt: Int, frame: String, seconds: Double) {
            self.attempt = attempt
            self.frame = frame
            self.seconds = seconds
        }
    }

    /// One tap on the GO card, as the reports and the gradebook keep it.
    public struct Tap: Sendable, Equatable {
        /// The first frame that showed the hand on the GO card (its name, or `m:ss.s` in a video).
        public var frame: String
        /// When the hand covered the GO card, in seconds from the start.
        public var seconds: Double
        /// When the GO card was seen again.
        public var end: Double
        /// False for a tap that repeats the press before it (a double tap): it ran nothing.
        public var press: Bool

        /// Creates a tap.
        public init(frame: String, seconds: Double, end: Double, press: Bool) {
            self.frame = frame
            self.seconds = seconds
            self.end = end
            self.press = press
        }

        /// The tap the tracker saw.
        public init(_ tap: GoTap) {
            self.init(frame: tap.frame.name, seconds: tap.start, end: tap.end, press: !tap.repeatsPress)
        }

        /// `{"frame","seconds","end","press"}`, as `run --json` and the class report's JSON write it.
        public var jsonObject: String {
            "{\"frame\":\(JSONText.quote(frame)),\"seconds\":\(JSONText.number(seconds, places: 3)),"
                + "\"end\":\(JSONText.number(end, places: 3)),\"press\":\(press)}"
        }
    }

    /// The session folder relative to the class folder (`maya/level-3`; `.` for the class folder itself).
    public var path: String
    /// The student: `session.json`'s `student`, else the parent folder when grouped by student, else the folder's name.
    public var student: String
    /// The level's number, when the level could be found.
    public var level: Int?
    /// The level's title, as its level file names it (CSV, JSON and the gradebook keep this one).
    public var levelName: String?
    /// The level's title in the reader's language, when its level file translates it (see
    /// ``showLevelName(of:)``); nil when it is ``levelName``. Pages and the terminal show this one.
    public var shownLevelName: String? = nil
    /// The session's own level file (relative to the class folder) when the level is not the curriculum's
    /// level of its number; nil for a curriculum level. See ``LevelKey``.
    public var levelFile: String?

    /// Which level this grade is for, when the level could be found.
    public var levelKey: LevelKey? { level.map { LevelKey(number: $0, file: levelFile) } }

    /// The level's title as reports show it (an own level says which file it is).
    public var levelTitle: String? { (shownLevelName ?? levelName).map { name in levelKey?.title(name) ?? name } }

    /// Takes the title to show from `level`'s translation into the current language (``Messages/preferences``).
    public mutating func showLevelName(of level: Level) {
        let name = level.localized(Messages.preferences).name
        shownLevelName = name == levelName ? nil : name
    }
    /// How many programs were run (or refused as not runnable).
    public var attempts: Int
    /// True when some attempt solved the level.
    public var solved: Bool
    /// 0 to 3 (see ``stars(solved:attempts:cards:optimal:maxCards:)``); nil for a session that could not be graded.
    public var stars: Int?
    /// The number of cards of the best (fewest-card) successful program; nil when unsolved.
    public var cards: Int?
    /// The fewest cards that solve the level, when proven.
    public var optimal: Int?
    /// The level's card limit, if it sets one.
    public var maxCards: Int?
    /// The first successful attempt.
    public var firstSuccess: FirstSuccess?
    /// Frames in the session.
    public var frames: Int
    /// Frames that could not be read.
    public var unreadableFrames: Int
    /// The program on the table after the last frame, as card names.
    public var finalProgram: [String]
    /// The best successful program as card names, else the last program run, else the final program.
    public var shownProgram: [String]
    /// Why the session could not be graded, in English (as JSON, CSV and the gradebook keep it).
    public var error: String?
    /// Why the session could not be graded, in the reader's language, when it was told in it (nil: as ``error``
    /// says, such as a grade read back from a gradebook).
    public var shownError: String?
    /// Every program run (or refused as not runnable), in order, with its result.
    public var history: [AttemptRecord]
    /// The frames that could not be read, in order, and why.
    public var unreadable: [SessionRun.UnreadableFrame]
    /// The rule that made the attempts (run marks, GO-card taps, settled programs); nil for a session that could
    /// not be graded, or one graded before CardBot kept it.
    public var signal: RunSignal?
    /// Every tap on the GO card, in order.
    public var taps: [Tap]
    /// What the teacher should know about the run signal (a GO card covered too long, a tap with no cards).
    public var notes: [String]

    /// Why the grade needs the teacher's look (``SessionReview``); empty when CardBot is sure of it.
    public var review: [ReviewReason] = []

    /// True when the attempts were guessed from programs that lay still: nothing in the recording said "run".
    public var estimated: Bool { signal?.isEstimate ?? false }

    /// True when the grade needs the teacher's look: its stars are provisional until a correction answers the
    /// ``review``'s reasons.
    public var needsReview: Bool { !review.isEmpty }

    /// Creates a grade.
    public init(
        path: String, student: String, level: Int? = nil, levelName: String? = nil, attempts: Int = 0,
        solved: Bool = false, stars: Int? = nil, cards: Int? = nil, optimal: Int? = nil, maxCards: Int? = nil,
        firstSuccess: FirstSuccess? = nil, frames: Int = 0, unreadableFrames: Int = 0, finalProgram: [String] = [],
        shownProgram: [String] = [], error: String? = nil, history: [AttemptRecord] = [],
        unreadable: [SessionRun.UnreadableFrame] = [], signal: RunSignal? = nil, taps: [Tap] = [], notes: [String] = []
    ) {
        self.signal = signal
        self.taps = taps
        self.notes = notes
        self.path = path
        self.student = student
        self.level = level
        self.levelName = levelName
        self.attempts = attempts
        self.solved = solved
        self.stars = stars
        self.cards = cards
        self.optimal = optimal
        self.maxCards = maxCards
        self.firstSuccess = firstSuccess
        self.frames = frames
        self.unreadableFrames = unreadableFrames
        self.finalProgram = finalProgram
        self.shownProgram = shownProgram
        self.error = error
        self.history = history
        self.unreadable = unreadable
    }

    /// A session that could not be graded: why in English, and as the reader is told it (`shownError`).
    public static func failed(
        path: String, student: String, error: String, shownError: String? = nil, level: Int? = nil, levelName: String? = nil
    ) -> SessionGrade {
        var grade = SessionGrade(path: path, student: student, level: level, levelName: levelName, error: error)
        grade.shownError = shownError == error ? nil : shownError
        return grade
    }

    /// Why the session could not be graded, as the terminal and the HTML report show it.
    public var errorShown: String? { shownError ?? error }

    /// The stars of a session.
    ///
    /// - 3: solved with at most the optimal number of cards (where the optimum is unknown, at most the level's
    ///   `maxCards`; where neither is known, any solution);
    /// - 2: solved with more cards;
    /// - 1: at least one program was run (or refused as not runnable), but none solved the level;
    /// - 0: no program was run (none read, or a program read but never run: the class report's note says which).
    public static func stars(solved: Bool, attempts: Int, cards: Int?, optimal: Int?, maxCards: Int?) -> Int {
        if solved {
            guard let cards, let bound = optimal ?? maxCards else { return 3 }
            return cards <= bound ? 3 : 2
        }
        return attempts > 0 ? 1 : 0
    }

    /// The grade of a session run.
    public init(run: SessionRun, path: String, student: String) {
        let best = run.bestSuccess
        let first = run.firstSuccess
        let shown = best?.cardNames ?? run.attempts.last?.cardNames ?? run.finalProgram
        self.init(
            path: path, student: student, level: run.level.number, levelName: run.level.name,
            attempts: run.attempts.count, solved: run.solved,
            stars: Self.stars(
                solved: run.solved, attempts: run.attempts.count, cards: best?.markers.count, optimal: run.optimal,
                maxCards: run.level.maxCards),
            cards: best?.markers.count, optimal: run.optimal, maxCards: run.level.maxCards,
            firstSuccess: first.map { FirstSuccess(attempt: $0.number, frame: $0.frameName, seconds: $0.seconds) },
            frames: run.frameCount, unreadableFrames: run.unreadable.count, finalProgram: run.finalProgram,
            shownProgram: shown, history: run.attempts.map { AttemptRecord($0, level: run.level) },
            unreadable: run.unreadable, signal: run.signal,
            taps: run.taps.map(Tap.init),
            notes: run.notes + run.recordingNotes)
        review = run.review
        showLevelName(of: run.level)
    }

    /// The attempt that undid a solution: when the level was solved and the last attempt, later, failed, the
    /// child changed working cards into a failing program (the report's program shows the best one, the
    /// thumbnail the final cards).
    public var failedAfterSolving: AttemptRecord? {
        guard let first = firstSuccess, let last = history.last, !last.solved, last.number > first.attempt else {
            return nil
        }
        return last
    }
}

extension SessionGrade {
    /// The report order: by student, then level (sessions without a level last), then path, each in natural order.
    public static func reportOrder(_ lhs: SessionGrade, _ rhs: SessionGrade) -> Bool {
        if lhs.student != rhs.student {
            if NaturalOrder.areInIncreasingOrder(lhs.student, rhs.student) { return true }
            if NaturalOrder.areInIncreasingOrder(rhs.student, lhs.student) { return false }
        }
        if lhs.levelKey != rhs.levelKey {
            switch (lhs.levelKey, rhs.levelKey) {
            case (let a?, let b?): return a < b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): break
            }
        }
        if lhs.path != rhs.path { return NaturalOrder.areInIncreasingOrder(lhs.path, rhs.path) }
        return false
    }
}
