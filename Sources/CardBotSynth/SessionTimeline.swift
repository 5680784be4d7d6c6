/// What a child does at the table, second by second: a recorded session's script, decided by the seed alone.
///
/// The child lays the first program card by card (a hand over each slot for 0.6 to 1.2 s; 1 to 4 s between
/// cards, now and then a thinking pause of 4 to 5.5 s), waits 0.8 to 2 s, taps the GO card (hidden under the hand
/// for 0.3 to 1.2 s while the program stays in view), and watches the robot for 6 to 12 s. Each later program is
/// made by rearranging the cards under a hand (1.5 to 3 s), laying any extra cards, and tapping again. Switches
/// add what tests need: a double tap, a hand and arm over the whole row and the GO card, a hand straightening one
/// card, a hand left on the GO card to the end. Every event starts and ends on a tenth of a second, so the same
/// seed gives the same timeline, taps and attempts at any frame rate the session is written at.
public struct SessionTimeline: Sendable, Equatable {
    /// What else happens besides laying, tapping and watching.
    public struct Options: Sendable, Equatable, Codable {
        /// A GO card lies left of the row and is tapped; without it the child runs the program by a means the
        /// camera does not see (the run moments are the same).
        public var goCard: Bool
        /// The first tap is followed 0.3 to 0.6 s later by a second one (one press).
        public var doubleTap: Bool
        /// While watching after the first tap, a hand with its arm lies over the whole row and the GO card.
        public var rowSweep: Bool
        /// While watching after the first tap, a hand covers one card, straightening it.
        public var handOverCard: Bool
        /// After the last watch, a hand rests on the GO card until the recording ends.
        public var handLeftOnGo: Bool

        /// Creates options.
        public init(goCard: Bool = true, doubleTap: Bool = false, rowSweep: Bool = false, handOverCard: Bool = false,
                    handLeftOnGo: Bool = false) {
            self.goCard = goCard
            self.doubleTap = doubleTap
            self.rowSweep = rowSweep
            self.handOverCard = handOverCard
            self.handLeftOnGo = handLeftOnGo
        }
    }

    /// Where a hand is.
    public enum Hand: Sendable, Equatable {
        /// No hand over the table.
        case none
        /// Laying card `index` of the layout: over its slot.
        case placing(Int)
        /// Rearranging the cards: over the middle of the row.
        case overRow
        /// Tapping (or resting on) the GO card.
        case onGo
        /// A hand and arm over the whole row and the GO card.
        case sweep
        /// Straightening card `index`: over it.
        case overCard(Int)
    }

    /// The table from `start` to `end` seconds: which program's cards lie there (the first `shown`) and the hand.
    public struct Span: Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var layout: Int
        public var shown: Int
        public var hand: Hand
    }

    /// One tap on the GO card (or, without one, one press of run the camera does not see).
    public struct Tap: Sendable, Equatable, Codable {
        /// When the hand covers the GO card.
        public var start: Double
        /// When the GO card is seen again.
        public var end: Double
    }

    /// The spans, in order, covering 0 to ``duration``.
    public private(set) var spans: [Span] = []
    /// Every tap, a double tap's second one included.
    public private(set) var taps: [Tap] = []
    /// The moments the child ran a program: the first tap of each press.
    public private(set) var presses: [Double] = []
    /// Which layout each press runs.
    public private(set) var pressLayouts: [Int] = []
    /// What a teacher would be told (a hand left on the GO card).
    public private(set) var notes: [String] = []
    /// The options.
    public let options: Options

    /// The recording's length in seconds.
    public var duration: Double { spans.last?.end ?? 0 }

    /// Makes the timeline of a child laying `cardCounts[0]` cards, then rearranging into each later layout.
    public init(cardCounts: [Int], seed: UInt64, options: Options = Options()) {
        self.options = options
        var random = SynthRandom(seed: SynthRandom.derive(seed, 0x71AE))
        var t = 0.0
        func tenths(_ range: ClosedRange<Double>) -> Double {
            Double(random.int(Int((range.lowerBound * 10).rounded())...Int((range.upperBound * 10).rounded()))) / 10
        }
        func add(_ duration: Double, layout: Int, shown: Int, hand: Hand) {
            let end = ((t + duration) * 10).rounded() / 10
            spans.append(Span(start: t, end: end, layout: layout, shown: shown, hand: hand))
            t = end
        }
        func lay(_ layout: Int, from: Int) {
            for index in from..<cardCounts[layout] {
                if index > 0 || layout > 0 {
                    add(random.chance(0.3) ? tenths(4...5.5) : tenths(1...4), layout: layout, shown: index, hand: .none)
                }
                add(tenths(0.6...1.2), layout: layout, shown: index + 1, hand: .placing(index))
            }
        }
        func tap(_ layout: Int, first: Bool) {
            let count = cardCounts[layout]
            add(tenths(0.8...2.0), layout: layout, shown: count, hand: .none)
            presses.append(t)
            pressLayouts.append(layout)
            let length = tenths(0.3...1.2)
            taps.append(Tap(start: t, end: t + length))
            add(length, layout: layout, shown: count, hand: options.goCard ? .onGo : .none)
            if first && options.doubleTap {
                add(tenths(0.3...0.6), layout: layout, shown: count, hand: .none)
                taps.append(Tap(start: t, end: t + 0.5))
                add(0.5, layout: layout, shown: count, hand: options.goCard ? .onGo : .none)
            }
        }
        func watch(_ layout: Int, first: Bool) {
            let count = cardCounts[layout]
            var left = tenths(6...12)
            if first && options.rowSweep {
                add(2, layout: layout, shown: count, hand: .none)
                let sweep = tenths(0.6...1.0)
                add(sweep, layout: layout, shown: count, hand: options.goCard ? .sweep : .overRow)
                left -= 2 + sweep
            }
            if first && options.handOverCard {
                add(1.5, layout: layout, shown: count, hand: .none)
                let straighten = tenths(0.8...1.5)
                add(straighten, layout: layout, shown: count, hand: .overCard(count / 2))
                left -= 1.5 + straighten
            }
            add(max(2, left), layout: layout, shown: count, hand: .none)
        }

        add(tenths(1...2), layout: 0, shown: 0, hand: .none)
        lay(0, from: 0)
        tap(0, first: true)
        watch(0, first: true)
        for layout in cardCounts.indices.dropFirst() {
            let kept = min(cardCounts[layout - 1], cardCounts[layout])
            add(tenths(1.5...3), layout: layout, shown: kept, hand: .overRow)
            lay(layout, from: kept)
            tap(layout, first: false)
            watch(layout, first: false)
        }
        let last = cardCounts.count - 1
        if options.handLeftOnGo && options.goCard {
            notes.append("hand left on the GO card at \(t) s until the end")
            add(tenths(4...6), layout: last, shown: cardCounts[last], hand: .onGo)
        } else {
            add(1, layout: last, shown: cardCounts[last], hand: .none)
        }
    }

    /// The index in ``spans`` of the span at `seconds` (the last one for times past the end).
    public func spanIndex(at seconds: Double) -> Int {
        var low = 0
        var high = spans.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if spans[middle].start <= seconds + 1e-9 { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
