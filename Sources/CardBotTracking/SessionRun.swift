import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotVision

/// Everything that happened in one recorded session: frames read, attempts run, the final program.
public struct SessionRun: Sendable {
    /// A frame that could not be read, and why.
    public struct UnreadableFrame: Sendable, Equatable {
        /// The frame's name inside the session folder.
        public var name: String
        /// The reason, in English words (as JSON and the gradebook keep it).
        public var reason: String
        /// The reason kept to be told in the reader's language, when it is known as a message (nil for a reason
        /// read back from a gradebook: then it is told in English).
        public var said: MessageText?

        /// Creates an unreadable frame.
        public init(name: String, reason: String) {
            self.name = name
            self.reason = reason
        }

        /// Creates an unreadable frame whose reason is a message.
        public init(name: String, said: MessageText) {
            self.init(name: name, reason: said.english)
            self.said = said
        }

        /// The reason in the reader's language, where it is known as a message.
        public var shownReason: String { said?.localized ?? reason }
    }

    /// One program the child ran, and what the robot did with it.
    public struct Attempt: Sendable {
        /// What happened when the program was run.
        public enum Outcome: Sendable {
            /// The program ran; the trace holds every step and the result.
            case ran(Trace)
            /// The program could not run (a card not used in this level, an `end` with nothing to close, ...).
            case notRunnable(MessageText)
        }

        /// 1-based attempt number.
        public var number: Int
        /// What said the program was run: a run mark, a tap on the GO card, or (estimated) a program that settled.
        public var signal: RunSignal
        /// The frame at which it ran (index into the frames read).
        public var frame: Int
        /// That frame's name (its file name, or its time `m:ss.s` in a video).
        public var frameName: String
        /// When it ran, in seconds from the start of the recording: the run mark, the tap, or when the program had
        /// lain still for the settle time.
        public var seconds: Double
        /// The cards as marker ids in reading order.
        public var markers: [Int]
        /// The cards as names (the level's meaning of each marker, else the deck's name).
        public var cardNames: [String]
        /// The outcome.
        public var outcome: Outcome
        /// Every card read in the attempt's frame, in reading order (the GO card and cards the program left out
        /// included), with its corners in that frame's pixels, its decoding confidence and corrected cells: what the
        /// reading rests on, kept so that pictures and replays draw the cards without detecting them again.
        public var cards: [Detection] = []
        /// The teacher's correction of this attempt, when there is one: the program above is the teacher's, and
        /// this says who corrected it and what CardBot had read.
        public var correction: AttemptCorrection? = nil

        /// Creates an attempt.
        public init(
            number: Int, signal: RunSignal, frame: Int, frameName: String, seconds: Double, markers: [Int],
            cardNames: [String], outcome: Outcome, cards: [Detection] = [], correction: AttemptCorrection? = nil
        ) {
            self.number = number
            self.signal = signal
            self.frame = frame
            self.frameName = frameName
            self.seconds = seconds
            self.markers = markers
            self.cardNames = cardNames
            self.outcome = outcome
            self.cards = cards
            self.correction = correction
        }

        /// The trace, when the program ran.
        public var trace: Trace? {
            if case .ran(let trace) = outcome { return trace }
            return nil
        }

        /// True when the robot reached the goal with every gem.
        public var solved: Bool { trace?.success ?? false }

        /// What came of it in one sentence, in the current language: the robot's result, its place in words ("The
        /// robot fell into the water on the fourth tile of the second row.") or why the program could not run. The
        /// terminal, the report and the gradebook all say this.
        public func headline(level: Level) -> String {
            switch outcome {
            case .ran(let trace): TraceFormatter.resultSentence(trace, level: level)
            case .notRunnable(let reason): Messages.text("This program cannot run: %s", reason.localized)
            }
        }
    }

    /// The recorded session.
    public var session: RecordedSession
    /// The level played.
    public var level: Level
    /// The fewest cards that solve the level, when proven.
    public var optimal: Int?
    /// The number of frames in the session.
    public var frameCount: Int
    /// Frames that could not be read, in order.
    public var unreadable: [UnreadableFrame]
    /// The attempts in order.
    public var attempts: [Attempt]
    /// The rule that made the attempts (run marks, GO-card taps, or settled programs: estimated).
    public var signal: RunSignal
    /// Every tap on the GO card, in order (a double tap's second tap is marked as repeating the press).
    public var taps: [GoTap]
    /// What the teacher should know about the run signal: a GO card covered too long or never seen again, a tap
    /// with no cards, a GO card never tapped.
    public var notes: [String]
    /// The program on the table after the last frame, as marker ids.
    public var finalMarkers: [Int]
    /// The final program as card names.
    public var finalProgram: [String]
    /// The last readable frame, for thumbnails; nil when no frame could be read.
    public var lastReadableFrame: FrameStamp?
    /// The cards read in the last readable frame, corners kept (for its thumbnail).
    public var lastReadableCards: [Detection] = []
    /// How the session was recorded, judged as `cardbot check` judges a setup (one finding per aspect), when its
    /// frames were measured as they were read; empty otherwise.
    public var capture: [CaptureFinding] = []
    /// Every frame read, with its time and the cards on it as marker ids (nil for an unreadable frame): where an
    /// attempt the teacher adds finds its frame. Empty for a live stream.
    public var frames: [AttemptTracker.Frame] = []
    /// The cards of every frame read, corners kept: an added attempt's evidence, and the table plane of every
    /// frame of a video's replay.
    var frameCards = FrameCards()
    /// Those of ``notes`` about a stretch of the recording (a GO card covered and not counted as a tap), with the
    /// stretch: an attempt the teacher adds there takes the note back (``correcting(_:file:deckNames:)``).
    public var timedNotes: [SessionNote] = []
    /// Why the grade needs the teacher's look (``SessionReview``), in order; empty when CardBot is sure of it. A
    /// teacher's correction takes out the reasons it answers.
    public var review: [ReviewReason] = []

    /// True when the grade needs the teacher's look: some doubt met while reading is not answered by a correction.
    public var needsReview: Bool { !review.isEmpty }

    /// True when the attempts are estimated: nothing in the recording said "run".
    public var attemptsEstimated: Bool { signal.isEstimate }

    /// The first attempt that solved the level.
    public var firstSuccess: Attempt? { attempts.first { $0.solved } }

    /// True when some attempt solved the level.
    public var solved: Bool { firstSuccess != nil }

    /// The solving attempt with the fewest cards (the earliest among equals).
    public var bestSuccess: Attempt? {
        attempts.filter(\.solved).min { $0.markers.count < $1.markers.count }
    }

    /// The cards read in the frame at `index` (0-based, among the frames read), in reading order with their corners,
    /// confidence and corrected cells: what a replay or a picture of that frame draws, so that no frame is
    /// detected twice. None for an unreadable frame, or one a live stream no longer keeps.
    public func cards(inFrame index: Int) -> [Detection] {
        frameCards.cards(ofFrame: index)
    }
}
