/// Finds the program with the fewest cards that solves a level with its available cards, loops and ifs included.
///
/// The search is iterative deepening on the card count, so the first program found is minimal. It enumerates
/// only well-formed programs and prunes:
/// - grammar: no `end`/`else` out of place, no empty block or branch, the last card is a step (blocks close
///   by themselves at the end, so a trailing `end` only costs a card), no `left right`, no three equal turns
///   when the other turn card exists;
/// - the robot: after each card the program so far is run (blocks not closed yet pause the run); a prefix
///   that bumps, falls, gets stuck or exceeds the step limit is dropped with everything after it;
/// - memo: between top-level blocks the rest of a run depends only on the robot's state, so a state already
///   reached with fewer (or, in this round, as many) cards and no more steps is not searched again;
/// - distance: a state from which no sequence of steps reaches the goal with every gem is dropped, and
///   without loops every remaining card makes at most one step, so the steps still needed bound the cards.
/// The shortest straight program (steps only, found by breadth-first search) bounds the depth from above; when
/// neither the options nor the level set a card bound, it is the bound (and proves the level solvable).
/// Programs with definitions are searched by ``FunctionSearch`` after the programs without, at each card count.
/// The search stops at ``SolverOptions/nodeBudget`` partial programs or ``SolverOptions/stepBudget`` robot steps
/// (runs of loops on a large level walk far: a node can cost 100,000 steps), whichever comes first; the answer
/// then says what was proven, so a level of any size is answered in about a second.
public enum Solver {
    /// Solves `level`.
    public static func solve(_ level: Level, options: SolverOptions = SolverOptions()) -> Solution {
        let world = RobotWorld(level.map)
        let alphabet = level.availableCards
        let graph = StateGraph(world: world, cards: alphabet)
        let distance = graph.distancesToSuccess()

        // The straight program is an upper bound, and proven minimal if nothing shorter exists.
        var straight: CardProgram?
        if let distance, let cards = graph.straightProgram(distance: distance), cards.count <= level.stepLimit,
            let program = try? CardProgram(cards), Robot.run(program, on: level).success
        {
            straight = program
        }
        // Without a bound from the options or the level, the straight program bounds the search.
        let explicit = options.maxCards ?? level.maxCards
        let fromStraight = explicit == nil && straight != nil
        let bound = explicit.map { min($0, LevelLimits.maximumMaxCards) }
            ?? straight.map { min($0.count, LevelLimits.maximumProgramCards) } ?? SolverOptions.defaultBound
        var plain = SolverSearch(
            level: level, world: world, distance: distance, budget: options.nodeBudget, stepBudget: options.stepBudget)
        func solution(_ program: CardProgram?, proven: Bool, searched: Int, nodes: Int, exhausted: Bool) -> Solution {
            var solution = Solution(
                program: program, isProven: proven, searchedUpTo: searched, bound: bound, nodes: nodes,
                budgetExhausted: exhausted, boundFromStraightProgram: fromStraight)
            solution.steps = plain.steps
            return solution
        }
        if let distance, distance[world.stateIndex(tile: world.start, facing: world.startFacing, mask: 0)] == .max {
            // No sequence of steps at all reaches the goal with every gem: nothing to search.
            return solution(nil, proven: true, searched: bound, nodes: 0, exhausted: false)
        }
        let deepest = min(bound, (straight?.count).map { $0 - 1 } ?? bound)

        let plainAlphabet = alphabet.filter { !$0.isDefine && !$0.isCall }
        var functions = FunctionSearch(
            level: level, world: world, distance: distance, budget: options.nodeBudget, stepBudget: options.stepBudget)
        let usesFunctions = !functions.functions.isEmpty
        var searched = 0
        if deepest >= 1 {
            for length in 1...deepest {
                var found = plain.run(length: length, alphabet: plainAlphabet)
                if found == nil && !plain.exhausted && usesFunctions {
                    (functions.nodes, functions.steps) = (plain.nodes, plain.steps)
                    found = functions.run(total: length)
                    (plain.nodes, plain.steps) = (functions.nodes, functions.steps)
                    (functions.nodes, functions.steps) = (0, 0)
                    if functions.exhausted { plain.exhausted = true }
                }
                if let found, let program = try? CardProgram(found), Robot.run(program, on: level).success {
                    return solution(program, proven: true, searched: length - 1, nodes: plain.nodes, exhausted: false)
                }
                if plain.exhausted {
                    let best = straight.flatMap { $0.count <= bound ? $0 : nil }
                    return solution(best, proven: false, searched: searched, nodes: plain.nodes, exhausted: true)
                }
                searched = length
            }
        }
        if let straight, straight.count <= bound {
            return solution(straight, proven: true, searched: straight.count - 1, nodes: plain.nodes, exhausted: false)
        }
        return solution(nil, proven: true, searched: bound, nodes: plain.nodes, exhausted: false)
    }
}

/// Limits of a ``Solver`` search.
public struct SolverOptions: Sendable {
    /// The card bound when neither the options nor the level set one.
    public static let defaultBound = 20
    /// The default budget of partial programs looked at (about a second in a release build).
    public static let defaultNodeBudget = 3_000_000
    /// The default budget of robot steps taken by all the runs of one search together (about a second in a
    /// release build): on small levels the node budget is reached first; on a large level, where each run of a
    /// loop may walk up to its step limit, this one is.
    public static let defaultStepBudget = 150_000_000

    /// The most cards a program may have; nil means the level's `maxCards`, else the length of the shortest
    /// straight program, else ``defaultBound`` (when the level has too many states for that search).
    public var maxCards: Int?
    /// The most partial programs looked at before the search gives up proving.
    public var nodeBudget: Int
    /// The most robot steps all the runs of the search may take together before it gives up proving.
    public var stepBudget: Int

    public init(
        maxCards: Int? = nil, nodeBudget: Int = SolverOptions.defaultNodeBudget,
        stepBudget: Int = SolverOptions.defaultStepBudget
    ) {
        self.maxCards = maxCards
        self.nodeBudget = nodeBudget
        self.stepBudget = stepBudget
    }
}
