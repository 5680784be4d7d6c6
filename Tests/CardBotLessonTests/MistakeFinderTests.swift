import CardBotLesson
import Testing

/// The first wrong card of a failed attempt and what the robot did there, on small maps worked out by hand.
@Suite("first wrong card")
struct MistakeFinderTests {
    /// Level 3's map: forward right forward forward left forward forward forward solves it.
    static let bends = ["#######", "#>.####", "##.####", "##...G#", "#######"]
    /// Level 4's map: forward jump forward solves it.
    static let water = ["#######", "#>.~.G#", "#######"]
    /// A hall: four forwards reach the goal.
    static let hall = ["#######", "#>...G#", "#######"]

    struct Case: Sendable, CustomTestStringConvertible {
        var map: [String]
        var cards: [Int]
        var program: String
        var kind: MistakeKind?
        var position: Int?
        var card: String?
        var concept: Concept?
        var corner: Int?
        var testDescription: String { program }
    }

    static let cases: [Case] = [
        Case(map: bends, cards: [0, 1, 2], program: "forward right forward forward left forward forward forward", kind: nil),
        Case(map: bends, cards: [0, 1, 2], program: "forward left forward forward left forward forward forward",
             kind: .wrongTurn, position: 2, card: "left", concept: .turning, corner: 1),
        Case(map: bends, cards: [0, 1, 2], program: "forward right forward left forward forward forward",
             kind: .oneForwardTooFew, position: 4, card: "left", concept: .turning, corner: 2),
        Case(map: bends, cards: [0, 1, 2], program: "right forward",
             kind: .oneForwardTooFew, position: 1, card: "right", concept: .turning, corner: 1),
        Case(map: bends, cards: [0, 1, 2], program: "forward right left forward",
             kind: .turnedTooEarly, position: 3, card: "left", concept: .turning, corner: 2),
        Case(map: bends, cards: [0, 1, 2], program: "forward right forward forward forward",
             kind: .missedTurn, position: 5, card: "forward", concept: .sequence, corner: 2),
        Case(map: bends, cards: [0, 1, 2], program: "forward right forward forward left forward forward",
             kind: .stoppedOneShort, position: nil, card: nil, concept: .sequence),
        Case(map: bends, cards: [0, 1, 2], program: "forward right forward forward left forward",
             kind: .stoppedShort, position: nil, card: nil, concept: .sequence),
        Case(map: water, cards: [0, 3], program: "jump forward", kind: .jumpedTooEarly, position: 1, card: "jump", concept: .jump),
        Case(map: water, cards: [0, 3], program: "forward forward", kind: .missedJump, position: 2, card: "forward", concept: .sequence),
        Case(map: water, cards: [0, 3], program: "forward jump forward", kind: nil),
        // A jump over dry floor is as short as two forwards: no mistake until the cards run out.
        Case(map: hall, cards: [0, 3], program: "jump forward", kind: .stoppedOneShort, position: nil, card: nil, concept: .sequence),
        Case(map: bends, cards: [0, 1, 2, 4, 13], program: "repeat-2 forward end", kind: .repeatedTooOften, position: 1, card: "repeat-2", concept: .loops),
        Case(map: hall, cards: [0, 5, 6, 13], program: "repeat-3 forward end", kind: .repeatedTooFew, position: 1, card: "repeat-3", concept: .loops),
        Case(map: bends, cards: [0, 1, 2, 8, 13], program: "repeat-until-goal forward right end",
             kind: .blockDoesNotFit, position: 1, card: "repeat-until-goal", concept: .loops),
        Case(map: bends, cards: [0, 1, 2, 12], program: "forward else", kind: .notRunnable, position: 2, card: "else", concept: .conditionals),
    ]

    @Test("the first wrong card, what went wrong, its concept and corner", arguments: cases)
    func firstWrongCard(_ test: Case) throws {
        let level = try TestLevel.make(test.map, cards: test.cards)
        let finder = MistakeFinder(level: level)
        let mistake = finder.mistake(names: test.program.split(separator: " ").map(String.init))
        #expect(mistake?.kind == test.kind)
        guard let mistake else { return }
        #expect(mistake.position == test.position)
        #expect(mistake.card?.name == test.card)
        #expect(mistake.concept == test.concept)
        #expect(mistake.corner == test.corner)
    }

    @Test("what the shortest way does there: the turn the other way, the forward before the corner")
    func expected() throws {
        let finder = MistakeFinder(level: try TestLevel.make(Self.bends, cards: [0, 1, 2]))
        let wrong = try #require(finder.mistake(names: ["forward", "left"]))
        #expect(wrong.expected == .right)
        let short = try #require(finder.mistake(names: ["forward", "right", "forward", "forward", "left", "forward"]))
        #expect(short.stepsShort == 2 && short.expected == .forward)
    }

    @Test("concepts come from the card kind; an end or else from the block it closes")
    func concepts() {
        #expect(Concept(card: .forward) == .sequence && Concept(card: .right) == .turning && Concept(card: .jump) == .jump)
        #expect(Concept(card: .repeat3) == .loops && Concept(card: .ifPathLeft) == .conditionals && Concept(card: .callB) == .functions)
        let cards: [Card] = [.defineA, .forward, .end, .ifPathAhead, .forward, .else, .left, .end]
        #expect(Concept(cardAt: 3, in: cards) == .functions)
        #expect(Concept(cardAt: 6, in: cards) == .conditionals)
        #expect(Concept(cardAt: 8, in: cards) == .conditionals)
    }
}
