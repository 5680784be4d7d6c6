import CardBotImaging
import CardBotSupport

/// Follows a recording frame by frame and says when the child ran a program, by the rule ``RunSignal`` names.
///
/// Run marks (from `session.json`) win when the recording has them. Otherwise taps on the GO card are the
/// attempts as soon as a GO card has been seen, and before that (or in a recording with no GO card at all)
/// each program that lies still for ``TrackingOptions/settleSeconds`` is an estimated attempt (the same program
/// settling again after a hand passed over the row is not a new one), and so is the program on the table when
/// the recording ends, when it differs from the last one run. A whole recording
/// is read with ``plan(_:runMarks:options:)``, which decides the rule after the last frame (a GO card seen
/// anywhere makes taps the rule everywhere); a live stream feeds ``observe(_:)`` and gets each attempt the
/// moment it is known.
public struct AttemptTracker: Sendable {
    /// An attempt the tracker found: the program and the frame (and time) at which it ran.
    public struct Found: Sendable, Equatable {
        /// The frame at which it ran: the run mark's frame, the first frame of a tap, the frame the program settled.
        public var stamp: FrameStamp
        /// The time it ran: the run mark, the tap's start, or when the program had lain still long enough.
        public var seconds: Double
        /// The program as marker ids in reading order (the GO card is never part of it).
        public var markers: [Int]
        /// Which rule found it.
        public var signal: RunSignal
    }

    /// One frame as the tracker sees it: its stamp, and its program cards and GO card (nil when unreadable).
    public struct Frame: Sendable {
        /// Which frame.
        public var stamp: FrameStamp
        /// The marker ids read, in reading order (GO card included), or nil for an unreadable frame.
        public var markers: [Int]?

        /// Creates a frame.
        public init(stamp: FrameStamp, markers: [Int]?) {
            self.stamp = stamp
            self.markers = markers
        }
    }

    /// What a whole recording came to.
    public struct Plan: Sendable, Equatable {
        /// The attempts, in order.
        public var attempts: [Found]
        /// The rule that made them.
        public var signal: RunSignal
        /// Every tap on the GO card (a double tap's second tap included, marked as repeating the press).
        public var taps: [GoTap]
        /// What a teacher should know about the run signal (a GO card covered too long, a tap with no cards).
        public var notes: [String]
        /// The program on the table after the last frame.
        public var finalProgram: [Int]
        /// Those of ``notes`` about a stretch of the recording, with the stretch: an attempt the teacher adds there
        /// takes the note back.
        public var timedNotes: [SessionNote] = []
    }

    /// The options.
    public let options: TrackingOptions
    private var programs: ProgramTracker
    private var taps: GoTapDetector
    private var pendingMarks: [Double]
    private let usesMarks: Bool
    private var lastSettled: [Int]? = nil
    private var settleProgram: [Int] = []
    private var settleSince = 0.0
    private var lastStamp: FrameStamp? = nil
    /// Every tap so far.
    public private(set) var tapsSeen: [GoTap] = []
    /// Every note so far.
    public private(set) var notes: [String] = []
    /// The notes so far about a stretch of the recording (they are in ``notes`` too).
    public private(set) var timedNotes: [SessionNote] = []

    /// Creates a tracker; `runMarks` (seconds from the start) make the run marks the rule.
    public init(options: TrackingOptions, runMarks: [Double]? = nil) {
        self.options = options
        programs = ProgramTracker(stableSeconds: options.stableSeconds)
        taps = GoTapDetector(options: options)
        pendingMarks = (runMarks ?? []).sorted()
        usesMarks = runMarks != nil
    }

    /// The program on the table now.
    public var currentProgram: [Int] { programs.current }

    /// Whether a GO card has been seen so far.
    public var hasSeenGoCard: Bool { taps.hasSeenGoCard }

    /// The rule in force now: run marks, else taps once a GO card was seen, else settled programs.
    public var signal: RunSignal {
        usesMarks ? .runMarks : (taps.hasSeenGoCard ? .goTaps : .settled)
    }

    /// Feeds the next frame; returns the attempts it makes, found by every rule (the caller keeps those of the
    /// rule in force: ``live(_:)`` for a stream, ``plan(_:runMarks:options:)`` for a whole recording).
    public mutating func observe(_ frame: Frame) -> [Found] {
        var found: [Found] = []
        let now = frame.stamp.seconds
        // Marks before this frame ran the program as it was on the frame before.
        if let previous = lastStamp {
            while let mark = pendingMarks.first, mark < now - ProgramTracker.tolerance {
                pendingMarks.removeFirst()
                found.append(Found(stamp: previous, seconds: mark, markers: programs.current, signal: .runMarks))
            }
        }
        lastStamp = frame.stamp
        if let markers = frame.markers {
            let cards = options.goMarker.map { go in markers.filter { $0 != go } } ?? markers
            let goVisible = options.goMarker.map { markers.contains($0) } ?? false
            if let program = programs.observe(cards, at: now), let since = programs.currentSince {
                // A hand over some cards (what is left is part of the program) does not restart the settle clock.
                if !program.isEmpty && !Self.isPart(program, of: settleProgram) {
                    settleProgram = program
                    settleSince = since
                }
            }
            if let settled = settled(at: frame.stamp) { found.append(settled) }
            if options.goMarker != nil {
                switch taps.observe(goVisible: goVisible, cardsInView: cards.count, program: programs.current, at: frame.stamp) {
                case .tap(let tap)?:
                    tapsSeen.append(tap)
                    if tap.repeatsPress {
                        break
                    } else if tap.program.isEmpty {
                        note(
                            SessionNote(
                                Messages.text(
                                    "The GO card was tapped at %s with no cards on the table: nothing to run.",
                                    FrameStamp.shownClock(tap.start)),
                                span: tap.start...max(tap.start, tap.end)))
                    } else {
                        found.append(Found(stamp: tap.frame, seconds: tap.start, markers: tap.program, signal: .goTaps))
                    }
                case .note(let said)?:
                    note(said)
                case nil:
                    break
                }
            }
        }
        // A mark at this frame's time runs the program as this frame shows it (the first frame for marks before it).
        while let mark = pendingMarks.first, mark <= now + ProgramTracker.tolerance {
            pendingMarks.removeFirst()
            found.append(Found(stamp: frame.stamp, seconds: mark, markers: programs.current, signal: .runMarks))
        }
        return found
    }

    /// The settled attempt at `stamp`, if the program on the table has now lain still for the settle time: timed
    /// from when it appeared, through hands that covered some of its cards; the same program settling again right
    /// after it settled is not a new attempt.
    private mutating func settled(at stamp: FrameStamp) -> Found? {
        let program = programs.current
        guard !program.isEmpty, program != lastSettled, let currentSince = programs.currentSince else { return nil }
        let since = program == settleProgram ? settleSince : currentSince
        guard stamp.seconds - since + ProgramTracker.tolerance >= options.settleSeconds else { return nil }
        lastSettled = program
        return Found(stamp: stamp, seconds: stamp.seconds, markers: program, signal: .settled)
    }

    /// Whether `part` is `whole` with some cards left out (in order): what a hand over some cards leaves in view.
    static func isPart(_ part: [Int], of whole: [Int]) -> Bool {
        var rest = whole[...]
        for card in part {
            guard let index = rest.firstIndex(of: card) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    /// Ends the recording: marks after the last frame run the final program; a GO card still covered gets its note;
    /// the program on the table, when it is not the last one settled, is the recording's last (estimated) attempt,
    /// for the rule of settled programs.
    public mutating func finish() -> [Found] {
        var found: [Found] = []
        if let last = lastStamp {
            for mark in pendingMarks {
                found.append(Found(stamp: last, seconds: mark, markers: programs.current, signal: .runMarks))
            }
            let program = programs.current
            if !program.isEmpty && program != lastSettled {
                lastSettled = program
                found.append(Found(stamp: last, seconds: last.seconds, markers: program, signal: .recordingEnd))
            }
        }
        pendingMarks = []
        if case .note(let said)? = taps.finish() { note(said) }
        return found
    }

    private mutating func note(_ said: SessionNote) {
        notes.append(said.text)
        timedNotes.append(said)
    }

    /// The attempts of a live stream among `found`: those of the rule in force now.
    public func live(_ found: [Found]) -> [Found] {
        let rule = signal
        return found.filter { rule.admits($0.signal) }
    }

    /// Reads a whole recording's frames and decides its attempts: run marks if given, else GO-card taps if a GO
    /// card was seen anywhere, else settled programs (estimated).
    public static func plan(_ frames: [Frame], runMarks: [Double]?, options: TrackingOptions, photos: Bool = false) -> Plan {
        if photos && runMarks == nil { return photoPlan(frames, options: options) }
        var tracker = AttemptTracker(options: options, runMarks: runMarks)
        var found: [Found] = []
        for frame in frames {
            found += tracker.observe(frame)
        }
        found += tracker.finish()
        let signal = tracker.signal
        var notes = tracker.notes
        // With a program on the table, no tap is not the child's fault but a doubt: the review's `untapped` reason.
        if signal == .goTaps && tracker.tapsSeen.isEmpty && tracker.currentProgram.isEmpty {
            notes.append(SessionRun.neverTappedNote)
        }
        return Plan(
            attempts: found.filter { signal.admits($0.signal) }, signal: signal, taps: tracker.tapsSeen, notes: notes,
            finalProgram: tracker.currentProgram, timedNotes: tracker.timedNotes)
    }

    /// Photos of the table: each photo whose program (its cards but the GO card, in reading order) is not empty and
    /// differs from the program of the photo before is an attempt, run at that photo.
    static func photoPlan(_ frames: [Frame], options: TrackingOptions) -> Plan {
        var found: [Found] = []
        var previous: [Int] = []
        for frame in frames {
            guard let markers = frame.markers else { continue }
            let program = options.goMarker.map { go in markers.filter { $0 != go } } ?? markers
            if !program.isEmpty && program != previous {
                found.append(Found(stamp: frame.stamp, seconds: frame.stamp.seconds, markers: program, signal: .photos))
            }
            previous = program
        }
        return Plan(attempts: found, signal: .photos, taps: [], notes: [], finalProgram: previous)
    }
}
