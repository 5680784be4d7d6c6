/// A programming card. Its ``name`` is the contract shared by level files, decks, typed programs and outputs.
public enum Card: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    case forward, left, right, jump
    case repeat2, repeat3, repeat4, repeat5, repeatUntilGoal
    case ifPathAhead, ifPathLeft, ifPathRight
    case `else`, end

    /// The card's name: `forward`, `left`, `right`, `jump`, `repeat-2` ... `repeat-5`, `repeat-until-goal`,
    /// `if-path-ahead`, `if-path-left`, `if-path-right`, `else`, `end`.
    public var name: String {
        switch self {
        case .forward: return "forward"
        case .left: return "left"
        case .right: return "right"
        case .jump: return "jump"
        case .repeat2: return "repeat-2"
        case .repeat3: return "repeat-3"
        case .repeat4: return "repeat-4"
        case .repeat5: return "repeat-5"
        case .repeatUntilGoal: return "repeat-until-goal"
        case .ifPathAhead: return "if-path-ahead"
        case .ifPathLeft: return "if-path-left"
        case .ifPathRight: return "if-path-right"
        case .else: return "else"
        case .end: return "end"
        }
    }

    /// The card with this name (exact, lower case), if any.
    public init?(name: String) {
        guard let card = Card.allCases.first(where: { $0.name == name }) else { return nil }
        self = card
    }

    /// Every card name, in card order.
    public static let allNames: [String] = Card.allCases.map(\.name)

    /// True for the cards that make the robot take one step: forward, left, right, jump.
    public var isStep: Bool { rawValue <= Card.jump.rawValue }

    /// True for the cards that open a block: the repeats and the ifs.
    public var opensBlock: Bool { rawValue >= Card.repeat2.rawValue && rawValue <= Card.ifPathRight.rawValue }

    /// True for the loops: the counted repeats and repeat-until-goal.
    public var isLoop: Bool { rawValue >= Card.repeat2.rawValue && rawValue <= Card.repeatUntilGoal.rawValue }

    /// True for the three if cards.
    public var isIf: Bool { rawValue >= Card.ifPathAhead.rawValue && rawValue <= Card.ifPathRight.rawValue }

    /// The pass count of a counted repeat.
    public var repeatCount: Int? {
        switch self {
        case .repeat2: return 2
        case .repeat3: return 3
        case .repeat4: return 4
        case .repeat5: return 5
        default: return nil
        }
    }

    public static func < (a: Card, b: Card) -> Bool { a.rawValue < b.rawValue }

    public var description: String { name }
}
