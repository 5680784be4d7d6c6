import CardBotImaging
import CardBotSupport

/// Finds the child's taps on the GO card in a recording's readings.
///
/// The GO card lies beside the program row. A tap hides it under the child's hand for ``TrackingOptions/shortestTap``
/// to ``TrackingOptions/longestTap`` seconds while most of the program's cards stay in view, then it is seen
/// again. A hand over the whole row (the GO card and most program cards hidden together) is not a tap; a GO card
/// hidden longer (a hand resting on it), or never seen again, is not a tap and says so in a note. Taps within
/// ``TrackingOptions/pressGap`` of each other are one press. Unreadable frames are skipped.
public struct GoTapDetector: Sendable {
    /// What a frame told the detector.
    public enum Event: Sendable, Equatable {
        /// A tap: the GO card was seen again after a tap.
        case tap(GoTap)
        /// The GO card was hidden but it was not a tap; the note says why, for the teacher, and when.
        case note(SessionNote)
    }

    private enum State: Sendable {
        /// The GO card has not been seen yet.
        case unseen
        /// The GO card was seen at `lastSeen`.
        case visible(lastSeen: Double)
        /// The GO card has been hidden since `start` (last seen at `lastSeen`).
        case hidden(Hidden)
    }

    private struct Hidden: Sendable {
        var lastSeen: Double
        var frame: FrameStamp
        var start: Double { frame.seconds }
        var lastHidden: Double
        var program: [Int]
        var readings = 0
        var rowInView = 0

        /// Counts a hidden reading, and whether it keeps most of the program in view.
        mutating func count(_ cardsInView: Int) {
            readings += 1
            if cardsInView * 2 >= program.count { rowInView += 1 }
        }
    }

    /// The options (tap lengths, press gap).
    public let options: TrackingOptions
    private var state = State.unseen
    private var lastTapEnd: Double? = nil

    /// Creates a detector.
    public init(options: TrackingOptions) {
        self.options = options
    }

    /// Whether the GO card has been seen at all.
    public private(set) var hasSeenGoCard = false

    /// Feeds one readable frame: whether the GO card is in view, how many program cards are, and the program on
    /// the table after this frame; returns a tap or a note when this frame ends one.
    public mutating func observe(goVisible: Bool, cardsInView: Int, program: [Int], at stamp: FrameStamp) -> Event? {
        let seconds = stamp.seconds
        switch state {
        case .unseen:
            if goVisible {
                state = .visible(lastSeen: seconds)
                hasSeenGoCard = true
            }
            return nil
        case .visible(let lastSeen):
            if goVisible {
                state = .visible(lastSeen: seconds)
                return nil
            }
            var hidden = Hidden(lastSeen: lastSeen, frame: stamp, lastHidden: seconds, program: program)
            hidden.count(cardsInView)
            state = .hidden(hidden)
            return nil
        case .hidden(var hidden):
            guard goVisible else {
                hidden.lastHidden = seconds
                hidden.count(cardsInView)
                state = .hidden(hidden)
                return nil
            }
            state = .visible(lastSeen: seconds)
            return judge(hidden, seenAgain: seconds)
        }
    }

    /// Ends the recording: a GO card still hidden is never seen again, and the note says so.
    public mutating func finish() -> Event? {
        guard case .hidden(let hidden) = state else { return nil }
        state = .unseen
        return .note(
            SessionNote(
                Messages.text(
                    "The GO card was covered at %s and never seen again (a hand left on it?): not counted as a tap.",
                    FrameStamp.shownClock(hidden.start)),
                span: hidden.start...Double.infinity))
    }

    private mutating func judge(_ hidden: Hidden, seenAgain: Double) -> Event? {
        // The GO card was hidden from between lastSeen and start until between lastHidden and seenAgain.
        let covered = ((hidden.lastHidden - hidden.start) + (seenAgain - hidden.lastSeen)) / 2
        guard hidden.rowInView * 2 >= hidden.readings else {
            // A hand (or arm) over the whole row: the GO card and the program hidden together.
            return nil
        }
        guard covered >= options.shortestTap else { return nil }
        guard covered <= options.longestTap else {
            return .note(
                SessionNote(
                    Messages.text(
                        "The GO card was covered for %1$s s at %2$s (a hand resting on it?): not counted as a tap.",
                        Messages.decimal(JSONText.number(covered, places: 1)), FrameStamp.shownClock(hidden.start)),
                    span: hidden.start...max(hidden.start, seenAgain)))
        }
        let repeats = lastTapEnd.map { hidden.start - $0 <= options.pressGap } ?? false
        lastTapEnd = seenAgain
        return .tap(GoTap(frame: hidden.frame, end: seenAgain, program: hidden.program, repeatsPress: repeats))
    }
}
