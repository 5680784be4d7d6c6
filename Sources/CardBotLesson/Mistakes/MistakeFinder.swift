/// Finds the first wrong card of a failed attempt on one level, and says what the robot did wrong there.
///
/// **The rule.** The failed program is run as the robot runs it, step by step (loops, ifs and calls unrolled, so
/// every program shape is judged the same way). Before each step the robot's state (tile, facing, gems taken) has
/// a distance: the fewest moves that still reach the goal with every gem, over the lesson's state graph and the
/// step cards the level offers, a turn or a forward counting one and a jump two (it crosses two tiles, so walking
/// and jumping over dry floor are equally short). A step on a shortest way lowers the distance by its cost. The
/// first step that does not (a wrong turn, a step away, a bump, a fall) is the first wrong step, and the card
/// that made it the first wrong card. Every card before it kept the robot on a shortest way, so the robot's place there is a place a
/// solution passes too, and what the robot did is compared with what the shortest way does from that place: a
/// turn the other way is a wrong turn, a turn one tile before the corner is one forward too few, a jump where
/// the way goes forward first is a jump too early. When nothing went wrong but the cards ran out, the missing
/// cards are the mistake (one forward too few at the end, or a repeat that ran too few times).
///
/// A card that made a right step before and a wrong one on a later pass (the body of a loop, an if or a function
/// used again) is not itself wrong: the block is, and the block's card is counted.
///
/// "The first card after which the level can no longer be solved" would be a weaker rule here: almost every wrong
/// turn can still be undone by later cards, so that rule names the card that finally bumps, several cards after
/// the turn that was wrong.
public struct MistakeFinder: Sendable {
    /// The level the attempts were made on.
    public let level: Level
    private let world: RobotWorld
    private let graph: StateGraph
    private let distance: [Int32]?

    /// Prepares the distances of `level` (once for all its attempts).
    public init(level: Level) {
        self.level = level
        world = RobotWorld(level.map)
        graph = StateGraph(world: world, cards: level.availableCards)
        distance = Self.distances(world: world, graph: graph)
    }

    /// What a step costs: a jump crosses two tiles.
    static func cost(_ card: Card) -> Int { card == .jump ? 2 : 1 }

    /// For every state, the least cost of steps to success (goal with every gem), or `Int32.max` when impossible;
    /// nil when the level has more than `maximumStates` states (the tables would take too much memory; the
    /// curriculum's largest has 2,048). Dial's algorithm over the reversed step graph.
    static func distances(world: RobotWorld, graph: StateGraph, maximumStates: Int = 1 << 18) -> [Int32]? {
        guard let stateCount = world.stateCount, stateCount <= maximumStates else { return nil }
        let cards = graph.stepCards
        var predecessors = [[(state: Int32, cost: Int8)]](repeating: [], count: stateCount)
        for tile in 0..<(world.width * world.height)
        where world.tiles[tile] != Tile.wall.rawValue && world.tiles[tile] != Tile.water.rawValue {
            let x = tile % world.width, y = tile / world.width
            for facing in 0..<4 {
                for card in cards {
                    guard let next = graph.move(x: x, y: y, facing: facing, card: card) else { continue }
                    let nextTile = next.y * world.width + next.x
                    let gem = world.gemAt[nextTile]
                    for mask in 0..<(1 << world.gemCount) {
                        if tile == world.goal && UInt32(mask) == world.allGems { continue }  // success is final
                        var nextMask = UInt32(mask)
                        if gem >= 0 && card != .left && card != .right { nextMask |= 1 << UInt32(gem) }
                        let state = world.stateIndex(tile: tile, facing: facing, mask: UInt32(mask))
                        let target = world.stateIndex(tile: nextTile, facing: next.facing, mask: nextMask)
                        predecessors[target].append((Int32(state), Int8(cost(card))))
                    }
                }
            }
        }
        var distance = [Int32](repeating: .max, count: stateCount)
        var buckets: [[Int32]] = [[]]
        for facing in 0..<4 {
            let state = world.stateIndex(tile: world.goal, facing: facing, mask: world.allGems)
            distance[state] = 0
            buckets[0].append(Int32(state))
        }
        var d = 0
        while d < buckets.count {
            for state in buckets[d] where distance[Int(state)] == Int32(d) {
                for (previous, cost) in predecessors[Int(state)] {
                    let through = Int32(d) + Int32(cost)
                    guard through < distance[Int(previous)] else { continue }
                    distance[Int(previous)] = through
                    while buckets.count <= Int(through) { buckets.append([]) }
                    buckets[Int(through)].append(previous)
                }
            }
            d += 1
        }
        return distance
    }

    /// The mistake of an attempt given as card names; nil when it solves the level, has no cards, or its level is
    /// too large to tabulate.
    public func mistake(names: [String]) -> AttemptMistake? {
        do {
            return mistake(in: try CardProgram(names: names))
        } catch {
            return notRunnable(error, cards: names.map { Card(name: $0) })
        }
    }

    /// The mistake of an attempt given as cards; nil when it solves the level, has no cards, or its level is too
    /// large to tabulate.
    public func mistake(in cards: [Card]) -> AttemptMistake? {
        do {
            return mistake(in: try CardProgram(cards))
        } catch {
            return notRunnable(error, cards: cards)
        }
    }

    /// The mistake of a program that could not run: at the card the program's error names.
    private func notRunnable(_ error: ProgramError, cards: [Card?]) -> AttemptMistake {
        guard error.position >= 1, error.position <= cards.count, let card = cards[error.position - 1] else {
            return AttemptMistake(kind: .notRunnable, position: nil, card: nil, concept: .sequence)
        }
        let known = cards.map { $0 ?? .forward }
        return AttemptMistake(
            kind: .notRunnable, position: error.position, card: card, concept: Concept(cardAt: error.position, in: known))
    }

    /// The mistake of a program that runs.
    public func mistake(in program: CardProgram) -> AttemptMistake? {
        let trace = Robot.run(program, on: level)
        guard !trace.success, trace.result.reason != .noCards, distance != nil else { return nil }
        let walk = walk(trace)
        let cards = program.cards
        if let wrong = walk.wrongStep {
            let step = trace.steps[wrong]
            let expected = expectedCards(from: walk.before)
            var mistake = classify(step.card, expected: expected, at: walk.before)
            mistake.position = step.cardPosition
            mistake.card = step.card
            switch mistake.kind {
            case .oneForwardTooFew, .turnedTooEarly:
                mistake.corner = walk.corners + 1  // the corner ahead
            case .wrongTurn, .missedTurn:
                // The corner here: a second turn on the tile of the last one is still that corner.
                mistake.corner = walk.lastTurnTile == walk.before.position ? walk.corners : walk.corners + 1
            default:
                break
            }
            let earlier = trace.steps[..<wrong].filter { $0.cardPosition == step.cardPosition }.count
            if earlier > 0, let opener = Self.enclosingBlock(of: step.cardPosition - 1, in: cards) {
                let block = cards[opener]
                let lastPass = block.repeatCount.map { earlier + 1 == $0 } ?? false
                mistake.kind = lastPass ? .repeatedTooOften : .blockDoesNotFit
                mistake.position = opener + 1
                mistake.card = block
                mistake.concept = Concept(card: block)
                mistake.corner = nil
            }
            return mistake
        }
        switch trace.result.reason {
        case .stuck:
            let position = trace.result.stuckCardPosition
            return AttemptMistake(kind: .stuck, position: position, card: position.map { cards[$0 - 1] }, concept: .loops)
        case .stepLimit:
            return AttemptMistake(kind: .tooManySteps, position: nil, card: nil, concept: .loops)
        default:
            break
        }
        // The cards ran out on a shortest way: a card is missing.
        if let last = trace.steps.last, let opener = Self.enclosingBlock(of: last.cardPosition - 1, in: cards),
            let count = cards[opener].repeatCount, count < 5, let more = Card(name: "repeat-\(count + 1)")
        {
            var longer = cards
            longer[opener] = more
            if let program = try? CardProgram(longer) {
                let trace = Robot.run(program, on: level)
                if trace.success || self.walk(trace).distance < walk.distance {
                    return AttemptMistake(
                        kind: .repeatedTooFew, position: opener + 1, card: cards[opener], concept: .loops,
                        expected: more)
                }
            }
        }
        let expected = expectedCards(from: walk.before)
        let next = Self.preferred(expected)
        if walk.distance == 1, expected.contains(.forward) {  // one forward (a jump costs two)
            return AttemptMistake(kind: .stoppedOneShort, position: nil, card: nil, concept: .sequence, expected: .forward)
        }
        return AttemptMistake(
            kind: .stoppedShort, position: nil, card: nil, concept: next.map { Concept(card: $0) } ?? .sequence,
            expected: next, stepsShort: walk.distance)
    }

    /// How a trace went along the shortest ways: the first step off them, the robot before it (or at the end),
    /// its distance then, and the corners turned at before.
    struct Walk {
        var wrongStep: Int?
        var before: RobotState
        var distance: Int
        var corners = 0
        var lastTurnTile: GridPoint?
    }

    /// Follows `trace` until its first step that does not bring the robot one step closer to success.
    func walk(_ trace: Trace) -> Walk {
        var state = RobotState(position: level.map.start, facing: level.map.startFacing)
        var walk = Walk(wrongStep: nil, before: state, distance: distance(of: state) ?? Int.max)
        for (index, step) in trace.steps.enumerated() {
            let after = distance(of: step.state)
            let onTheWay = step.event != .bumped && step.event != .fell && after != nil
                && after! == walk.distance - Self.cost(step.card)
            guard onTheWay, let after else {
                walk.wrongStep = index
                return walk
            }
            if step.card == .left || step.card == .right, walk.lastTurnTile != state.position {
                walk.corners += 1
                walk.lastTurnTile = state.position
            }
            state = step.state
            walk.before = state
            walk.distance = after
        }
        return walk
    }

    /// What `card` did wrong from `state`, where the shortest way takes one of `expected`.
    private func classify(_ card: Card, expected: [Card], at state: RobotState) -> AttemptMistake {
        let turns = expected.filter { $0 == .left || $0 == .right }
        var kind = MistakeKind.offTheWay
        switch card {
        case .left, .right:
            if turns.contains(card == .left ? .right : .left) {
                kind = .wrongTurn
            } else if expected.contains(.forward) || expected.contains(.jump) {
                kind = forwardsBeforeTurn(from: state, turn: card) == 1 ? .oneForwardTooFew : .turnedTooEarly
            }
        case .forward:
            kind = !turns.isEmpty ? .missedTurn : expected.contains(.jump) ? .missedJump : .offTheWay
        case .jump:
            kind = expected.contains(.forward) ? .jumpedTooEarly : !turns.isEmpty ? .missedTurn : .offTheWay
        default:
            break
        }
        return AttemptMistake(
            kind: kind, position: nil, card: card, concept: Concept(card: card), expected: Self.preferred(expected))
    }

    /// How many forward steps the shortest way takes from `state` before it turns `turn`; nil when it turns the
    /// other way first or does not turn within the level's size.
    private func forwardsBeforeTurn(from state: RobotState, turn: Card) -> Int? {
        var state = state
        var forwards = 0
        for _ in 0..<(world.width + world.height) {
            let expected = expectedCards(from: state)
            if expected.contains(turn) { return forwards }
            if expected.contains(.left) || expected.contains(.right) { return nil }
            guard expected.contains(.forward), let next = self.state(after: .forward, from: state) else { return nil }
            state = next
            forwards += 1
        }
        return nil
    }

    /// The step cards that start a shortest way to success from `state`.
    func expectedCards(from state: RobotState) -> [Card] {
        guard let here = distance(of: state), here > 0 else { return [] }
        return graph.stepCards.filter { card in
            guard let next = self.state(after: card, from: state), let there = distance(of: next) else { return false }
            return there == here - Self.cost(card)
        }
    }

    /// The robot after `card` from `state`, or nil when the step bumps or falls.
    private func state(after card: Card, from state: RobotState) -> RobotState? {
        guard
            let next = graph.move(x: state.position.x, y: state.position.y, facing: state.facing.rawValue, card: card)
        else { return nil }
        var mask = state.gemMask
        let gem = world.gemAt[next.y * world.width + next.x]
        if gem >= 0 && card != .left && card != .right { mask |= 1 << UInt32(gem) }
        return RobotState(position: GridPoint(x: next.x, y: next.y), facing: Facing(rawValue: next.facing)!, gemMask: mask)
    }

    /// The fewest steps to success from `state`; nil when success cannot be reached (or the robot is off the floor).
    private func distance(of state: RobotState) -> Int? {
        guard let distance, level.map.contains(state.position) else { return nil }
        let tile = state.position.y * world.width + state.position.x
        guard world.tiles[tile] != Tile.wall.rawValue, world.tiles[tile] != Tile.water.rawValue else { return nil }
        let value = distance[world.stateIndex(tile: tile, facing: state.facing.rawValue, mask: state.gemMask)]
        return value == .max ? nil : Int(value)
    }

    /// The card to name as what the shortest way does: a turn when it turns, else forward, else a jump.
    static func preferred(_ expected: [Card]) -> Card? {
        [Card.left, .right, .forward, .jump].first { expected.contains($0) }
    }

    /// The 0-based index of the innermost repeat, if or define that holds card `index`, if any.
    static func enclosingBlock(of index: Int, in cards: [Card]) -> Int? {
        var open: [Int] = []
        for (i, card) in cards.enumerated() {
            if i == index { return open.last }
            if card.opensBlock {
                open.append(i)
            } else if card == .end, !open.isEmpty {
                open.removeLast()
            }
        }
        return nil
    }
}
