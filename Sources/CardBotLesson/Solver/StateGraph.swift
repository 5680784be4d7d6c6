/// The robot's moves as a graph over states (tile, facing, gems taken), for reachability and distances.
///
/// Only the step cards a level offers make edges; steps that bump or fall make none (the run would fail).
struct StateGraph {
    let world: RobotWorld
    let stepCards: [Card]

    init(world: RobotWorld, cards: [Card]) {
        self.world = world
        self.stepCards = cards.filter(\.isStep)
    }

    /// The tile (x, y) and facing after `card`, or nil when the step bumps or falls.
    @inline(__always)
    func move(x: Int, y: Int, facing: Int, card: Card) -> (x: Int, y: Int, facing: Int)? {
        let (dx, dy) = delta(facing)
        switch card {
        case .left: return (x, y, (facing + 3) & 3)
        case .right: return (x, y, (facing + 1) & 3)
        case .forward:
            let t = world.tile(x + dx, y + dy)
            return t == Tile.wall.rawValue || t == Tile.water.rawValue ? nil : (x + dx, y + dy, facing)
        case .jump:
            let over = world.tile(x + dx, y + dy)
            let landing = world.tile(x + 2 * dx, y + 2 * dy)
            if over == Tile.wall.rawValue || landing == Tile.wall.rawValue || landing == Tile.water.rawValue { return nil }
            return (x + 2 * dx, y + 2 * dy, facing)
        default:
            return nil
        }
    }

    /// Which tiles the robot can stand on after some sequence of steps without failing (gems ignored).
    func reachableTiles() -> [Bool] {
        let count = world.width * world.height
        var seen = [Bool](repeating: false, count: count * 4)
        var reached = [Bool](repeating: false, count: count)
        var queue = [world.start * 4 + world.startFacing]
        seen[queue[0]] = true
        reached[world.start] = true
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            let tile = node >> 2
            for card in stepCards {
                guard let next = move(x: tile % world.width, y: tile / world.width, facing: node & 3, card: card) else { continue }
                let nextTile = next.y * world.width + next.x
                let id = nextTile * 4 + next.facing
                if !seen[id] {
                    seen[id] = true
                    reached[nextTile] = true
                    queue.append(id)
                }
            }
        }
        return reached
    }

    /// For every state, the fewest steps to success (goal with every gem), or `UInt16.max` when impossible.
    /// Nil when the level has too many states to tabulate.
    func distancesToSuccess(maximumStates: Int = 1 << 21) -> [UInt16]? {
        guard let stateCount = world.stateCount, stateCount <= maximumStates else { return nil }
        let gemBits = world.gemCount
        let tileCount = world.width * world.height
        // Forward edges, then reverse them into compressed rows.
        var successors = [Int32](repeating: -1, count: stateCount * stepCards.count)
        var inDegree = [Int32](repeating: 0, count: stateCount + 1)
        for tile in 0..<tileCount where world.tiles[tile] != Tile.wall.rawValue && world.tiles[tile] != Tile.water.rawValue {
            let x = tile % world.width, y = tile / world.width
            for facing in 0..<4 {
                for card in stepCards.indices {
                    guard let next = move(x: x, y: y, facing: facing, card: stepCards[card]) else { continue }
                    let nextTile = next.y * world.width + next.x
                    let gem = world.gemAt[nextTile]
                    for mask in 0..<(1 << gemBits) {
                        let state = world.stateIndex(tile: tile, facing: facing, mask: UInt32(mask))
                        if tile == world.goal && UInt32(mask) == world.allGems { continue }  // success is final
                        var nextMask = UInt32(mask)
                        if gem >= 0 && stepCards[card] != .left && stepCards[card] != .right { nextMask |= 1 << UInt32(gem) }
                        let target = world.stateIndex(tile: nextTile, facing: next.facing, mask: nextMask)
                        successors[state * stepCards.count + card] = Int32(target)
                        inDegree[target + 1] += 1
                    }
                }
            }
        }
        for i in 0..<stateCount { inDegree[i + 1] += inDegree[i] }
        var fill = inDegree
        var predecessors = [Int32](repeating: 0, count: Int(inDegree[stateCount]))
        for state in 0..<stateCount {
            for card in stepCards.indices {
                let target = Int(successors[state * stepCards.count + card])
                guard target >= 0 else { continue }
                predecessors[Int(fill[target])] = Int32(state)
                fill[target] += 1
            }
        }
        var distance = [UInt16](repeating: .max, count: stateCount)
        var queue: [Int32] = []
        for facing in 0..<4 {
            let state = world.stateIndex(tile: world.goal, facing: facing, mask: world.allGems)
            distance[state] = 0
            queue.append(Int32(state))
        }
        var head = 0
        while head < queue.count {
            let state = Int(queue[head])
            head += 1
            let d = distance[state]
            guard d < UInt16.max - 1 else { continue }
            for k in Int(inDegree[state])..<Int(inDegree[state + 1]) {
                let previous = Int(predecessors[k])
                if distance[previous] == .max {
                    distance[previous] = d + 1
                    queue.append(Int32(previous))
                }
            }
        }
        return distance
    }

    /// The shortest straight program (step cards only) from the start, following `distance`.
    func straightProgram(distance: [UInt16]) -> [Card]? {
        var x = world.start % world.width, y = world.start / world.width, facing = world.startFacing
        var mask: UInt32 = 0
        var d = distance[world.stateIndex(tile: world.start, facing: facing, mask: 0)]
        guard d != .max else { return nil }
        var program: [Card] = []
        while d > 0 {
            var advanced = false
            for card in stepCards {
                guard let next = move(x: x, y: y, facing: facing, card: card) else { continue }
                let tile = next.y * world.width + next.x
                var nextMask = mask
                let gem = world.gemAt[tile]
                if gem >= 0 && card != .left && card != .right { nextMask |= 1 << UInt32(gem) }
                let nd = distance[world.stateIndex(tile: tile, facing: next.facing, mask: nextMask)]
                if nd == d - 1 {
                    (x, y, facing, mask, d) = (next.x, next.y, next.facing, nextMask, nd)
                    program.append(card)
                    advanced = true
                    break
                }
            }
            if !advanced { return nil }
        }
        return program
    }
}
