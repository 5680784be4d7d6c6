import CardBotSupport

/// A programming card. Its ``name`` is the contract shared by level files, decks, typed programs and outputs.
public enum Card: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    case forward, left, right, jump
    case repeat2, repeat3, repeat4, repeat5, repeatUntilGoal
    case ifPathAhead, ifPathLeft, ifPathRight
    case `else`, end
    case defineA, callA, defineB, callB

    /// The card's name: `forward`, `left`, `right`, `jump`, `repeat-2` ... `repeat-5`, `repeat-until-goal`,
    /// `if-path-ahead`, `if-path-left`, `if-path-right`, `else`, `end`, `define-a`, `call-a`, `define-b`, `call-b`.
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
        case .defineA: return "define-a"
        case .callA: return "call-a"
        case .defineB: return "define-b"
        case .callB: return "call-b"
        }
    }

    /// The card with this name (exact, lower case), if any.
    public init?(name: String) {
        guard let card = Card.allCases.first(where: { $0.name == name }) else { return nil }
        self = card
    }

    /// The card's keyword in the reader's language (`frem` for `forward` in Danish), as the message catalog
    /// translates it: what the terminal shows and a typed program may use. Files and JSON keep ``name``.
    public var localizedName: String { Messages.text(name, context: "card") }

    /// The card whose ``name`` or ``localizedName`` is `word` (ignoring case in the latter), or nil.
    public init?(typed word: String) {
        if let card = Card(name: word) {
            self = card
            return
        }
        let lowered = word.lowercased()
        guard let card = Card.allCases.first(where: { $0.localizedName.lowercased() == lowered }) else { return nil }
        self = card
    }

    /// `name` as the reader's language shows it when it names a card, else `name` itself (a deck's own name).
    public static func shown(_ name: String) -> String {
        Card(name: name)?.localizedName ?? name
    }

    /// Every card name, in card order.
    public static let allNames: [String] = Card.allCases.map(\.name)

    /// True for the cards that make the robot take one step: forward, left, right, jump.
    public var isStep: Bool { rawValue <= Card.jump.rawValue }

    /// True for the cards that open a block that `end` closes: the repeats, the ifs and the definitions.
    public var opensBlock: Bool {
        (rawValue >= Card.repeat2.rawValue && rawValue <= Card.ifPathRight.rawValue) || isDefine
    }

    /// True for `define-a` and `define-b`: they open the definition of a function.
    public var isDefine: Bool { self == .defineA || self == .defineB }

    /// True for `call-a` and `call-b`: they run a function's cards.
    public var isCall: Bool { self == .callA || self == .callB }

    /// The function a define or call card is about: 0 for a, 1 for b; nil for other cards.
    public var function: Int? {
        switch self {
        case .defineA, .callA: return 0
        case .defineB, .callB: return 1
        default: return nil
        }
    }

    /// The define card of function `index` (0 for a, 1 for b).
    public static func define(_ index: Int) -> Card { index == 0 ? .defineA : .defineB }

    /// The call card of function `index` (0 for a, 1 for b).
    public static func call(_ index: Int) -> Card { index == 0 ? .callA : .callB }

    /// The letter of function `index`, as children read it on the cards: `a` or `b`.
    public static func functionLetter(_ index: Int) -> String { index == 0 ? "a" : "b" }

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
