/// The search of programs with definitions (`define-a`, `define-b`) for ``Solver``, one total card count at a time.
///
/// A program with functions is main cards plus each definition written as `define-X`, its body, the `end`s of the
/// body's blocks still open and the definition's own `end`. Reading order does not change what the robot does
/// (definitions never run where they lie), so only the card count depends on the layout, and two layouts cover
/// every shortest program: the definitions first and the main program last (its open blocks close for free at the
/// end of the cards), or the main program first, closed, and one definition last (its body's `end`s and its own
/// close for free). For each total, every body of every length (well formed, no empty block, ending with a step or
/// a call, the turn rules of the main search) is tried with every main program of the remaining length; the main
/// search runs every prefix with the definitions in place, so it prunes as without functions. Two functions are
/// tried with a body no longer than b's (renaming a and b gives the rest).
struct FunctionSearch {
    /// The functions whose define and call cards the level offers: 0 for a, 1 for b.
    let functions: [Int]
    /// The level's cards that are not definitions or calls.
    let plain: [Card]
    var search: SolverSearch
    /// Bodies by (functions in use, length), with their open blocks.
    private var bodies: [[Int]: [(cards: [Card], open: Int)]] = [:]

    /// The fewest steps from the start to success (0 when unknown).
    let startDistance: Int

    init(level: Level, search: SolverSearch, startDistance: Int) {
        self.startDistance = startDistance
        let alphabet = level.availableCards
        functions = [0, 1].filter { alphabet.contains(Card.define($0)) && alphabet.contains(Card.call($0)) }
        plain = alphabet.filter { !$0.isDefine && !$0.isCall }
        self.search = search
    }

    /// The nodes looked at so far (bodies and main prefixes).
    var nodes: Int { search.nodes }
    var exhausted: Bool { search.exhausted }

    /// The first program of exactly `total` cards (in its shortest layout) that uses functions and solves the level.
    mutating func run(total: Int) -> [Card]? {
        guard let first = functions.first else { return nil }
        // One function (a when the level offers it; b alone is the same with another letter).
        if total >= 4 {
            for k in 2...(total - 2) {
                for body in bodies(of: k, calls: [first]) {
                    let def = [Card.define(first)] + body.cards
                    if let found = try1(total: total, definitions: [(def, body.open)]) { return found }
                    if search.exhausted { return nil }
                }
            }
        }
        // Two functions.
        guard functions.count == 2, total >= 7 else { return nil }
        for kA in 2...(total - 5) {
            for kB in kA...max(kA, total - 3 - kA) where 3 + kA + kB < total {
                for a in bodies(of: kA, calls: [0, 1]) {
                    for b in bodies(of: kB, calls: [0, 1]) {
                        let definitions = [([Card.defineA] + a.cards, a.open), ([Card.defineB] + b.cards, b.open)]
                        if let found = try1(total: total, definitions: definitions) { return found }
                        if search.exhausted { return nil }
                    }
                }
            }
        }
        return nil
    }

    /// Both layouts of one choice of definitions (each `define-X` and its body, and the body's open blocks).
    private mutating func try1(total: Int, definitions: [(cards: [Card], open: Int)]) -> [Card]? {
        let mainAlphabet = plain + definitions.map { Card.call($0.cards[0].function!) }
        let written = definitions.map { $0.cards + Array(repeating: .end, count: $0.open + 1) }
        let prefix = written.flatMap { $0 }
        let full = written.reduce(0) { $0 + $1.count }
        let bodies = definitions.map { ($0.cards[0].function!, Array($0.cards.dropFirst())) }
        let stepsPerCall = bodies.map { Self.steps(of: $0.0, bodies: bodies, calling: []) }
            .reduce(Optional(0)) { most, steps in most.flatMap { m in steps.map { max(m, $0) } } }
        // Every main card makes at most max(1, stepsPerCall) steps: too few main cards cannot reach the goal.
        if let most = stepsPerCall {
            let fewestMain = (startDistance + max(1, most) - 1) / max(1, most)
            let cheapest = full - definitions.map(\.open).max()! - 1 + fewestMain
            if cheapest > total { return nil }
        }
        // The main program first, closed, and one definition last without its closing ends.
        for (i, last) in definitions.enumerated() where i == 0 || last.open != definitions[0].open {
            let length = total - (full - last.open - 1)
            guard length >= 1 else { continue }
            search.newMemo()
            if let main = search.run(length: length, alphabet: mainAlphabet, prefix: prefix, closed: true, stepsPerCall: stepsPerCall) {
                let others = written.enumerated().filter { $0.offset != i }.flatMap { $0.element }
                return main + others + last.cards
            }
            if search.exhausted { return nil }
        }
        // The definitions first, the main program last.
        let length = total - full
        guard length >= 1 else { return nil }
        search.newMemo()
        if let main = search.run(length: length, alphabet: mainAlphabet, prefix: prefix, closed: false, stepsPerCall: stepsPerCall) {
            return prefix + main
        }
        return nil
    }

    /// The steps one call of `function` makes at most: its step cards plus the steps of the calls it makes; nil when
    /// it has a loop or recursion (then no bound).
    private static func steps(of function: Int, bodies: [(Int, [Card])], calling: [Int]) -> Int? {
        guard !calling.contains(function), let body = bodies.first(where: { $0.0 == function })?.1 else { return nil }
        var total = 0
        for card in body {
            if card.isLoop { return nil }
            if card.isStep { total += 1 }
            if card.isCall {
                guard let inner = steps(of: card.function!, bodies: bodies, calling: calling + [function]) else { return nil }
                total += inner
            }
        }
        return total
    }

    /// Every body of `length` cards that may call `calls`: well formed, no empty block or branch, the last card a
    /// step or a call, no `left right` or `right left`, no three equal turns when the other turn exists.
    private mutating func bodies(of length: Int, calls: [Int]) -> [(cards: [Card], open: Int)] {
        let key = calls + [length]
        if let known = bodies[key] { return known }
        let alphabet = plain + calls.map(Card.call)
        let hasLeft = alphabet.contains(.left), hasRight = alphabet.contains(.right)
        var found: [(cards: [Card], open: Int)] = []
        var assembler = ProgramAssembler(reservingCapacity: length)
        var budgetLeft = search.budget - search.nodes
        func extend() {
            let index = assembler.cards.count
            if index == length {
                found.append((assembler.cards, assembler.open.count))
                return
            }
            let previous = assembler.cards.last
            let beforePrevious = index >= 2 ? assembler.cards[index - 2] : nil
            for card in alphabet {
                if index == length - 1 && !(card.isStep || card.isCall) { continue }
                switch card {
                case .end:
                    guard let top = assembler.open.last, top.opener != index - 1, previous != .else else { continue }
                case .else:
                    guard let top = assembler.open.last, assembler.cards[top.opener].isIf, top.elseAt == nil else { continue }
                case .left:
                    if previous == .right || (hasRight && previous == .left && beforePrevious == .left) { continue }
                case .right:
                    if previous == .left || (hasLeft && previous == .right && beforePrevious == .right) { continue }
                default:
                    break
                }
                budgetLeft -= 1
                if budgetLeft < 0 { return }
                guard (try? assembler.append(card)) != nil else { continue }
                extend()
                assembler.removeLast()
            }
        }
        extend()
        search.nodes += found.count
        bodies[key] = found
        return found
    }
}
