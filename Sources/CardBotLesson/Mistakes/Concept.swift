import CardBotSupport

/// The programming idea a card teaches, for counting what goes wrong by idea rather than by card.
///
/// The concept of a card comes from its kind: `forward` is sequence, `left` and `right` turning, `jump` jump,
/// the repeats loops, the ifs and `else` conditionals, the define and call cards functions. An `end` belongs to
/// the block it closes (see ``init(cardAt:in:)``).
public enum Concept: String, CaseIterable, Sendable, Comparable {
    case sequence, turning, jump, loops, conditionals, functions

    /// The concept of `card`; `end` (which closes any block) counts as loops, see ``init(cardAt:in:)`` for its block's.
    public init(card: Card) {
        switch card {
        case .forward: self = .sequence
        case .left, .right: self = .turning
        case .jump: self = .jump
        case .repeat2, .repeat3, .repeat4, .repeat5, .repeatUntilGoal, .end: self = .loops
        case .ifPathAhead, .ifPathLeft, .ifPathRight, .else: self = .conditionals
        case .defineA, .callA, .defineB, .callB: self = .functions
        }
    }

    /// The concept of the card at 1-based `position` of `cards`: an `end` or `else` takes the concept of the block
    /// it closes or splits (the innermost block open before it), a stray one that of the last block opened before
    /// it; every other card its own.
    public init(cardAt position: Int, in cards: [Card]) {
        let card = cards[position - 1]
        guard card == .end || card == .else else {
            self.init(card: card)
            return
        }
        var open: [Card] = []
        var last: Card?
        for earlier in cards[..<(position - 1)] {
            if earlier.opensBlock {
                open.append(earlier)
                last = earlier
            } else if earlier == .end, !open.isEmpty {
                open.removeLast()
            }
        }
        self.init(card: open.last ?? last ?? card)
    }

    /// The concept's name in the reader's language (`turning`, in Danish `at dreje`).
    public var localizedName: String {
        switch self {
        case .sequence: return Messages.text("sequence", context: "concept")
        case .turning: return Messages.text("turning", context: "concept")
        case .jump: return Messages.text("jump", context: "concept")
        case .loops: return Messages.text("loops", context: "concept")
        case .conditionals: return Messages.text("conditionals", context: "concept")
        case .functions: return Messages.text("functions", context: "concept")
        }
    }

    public static func < (a: Concept, b: Concept) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
