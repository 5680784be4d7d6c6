import CardBotSupport

/// The result of a run in words a child knows, without coordinates: what happened, on which step, and near what
/// (the start, the goal, the water, a gem), or how many tiles short of the goal; what the AR replay shows after the
/// robot's last step. The terminal trace names the tile where it stopped (``TraceFormatter/resultSentence(_:level:)``);
/// JSON keeps the coordinates.
///
/// The words: "the start", "the goal", "the water", "a gem", "a wall", "the edge of the map", "step N" (the step
/// that ended the run, counted as the replay's captions count them), "N tiles from the goal" (counted along the
/// map's open tiles, never through a wall).
public enum ResultWords {
    /// What lies at or next to where the robot stopped, named in a result.
    public enum Landmark: Sendable, Equatable {
        /// The robot stands on its start tile.
        case start
        /// The goal is the next tile.
        case goal
        /// Water is the next tile.
        case water
        /// A gem not taken lies on the next tile.
        case gem

        /// "at the start", "next to the water", ...: a phrase that ends a sentence after a comma.
        public var phrase: String {
            switch self {
            case .start: Messages.text("at the start")
            case .goal: Messages.text("next to the goal")
            case .water: Messages.text("next to the water")
            case .gem: Messages.text("next to a gem")
            }
        }
    }

    /// The result of `trace` on `level` in one or two sentences, in the current language.
    public static func sentence(_ trace: Trace, level: Level) -> String {
        let result = trace.result
        let map = level.map
        let at = result.state.position
        let steps = result.steps
        let left = trace.gemsLeft
        switch result.reason {
        case .goal:
            switch trace.gemsTotal {
            case 0:
                return Messages.plural(
                    "Well done! The robot reached the goal in %s step.", "Well done! The robot reached the goal in %s steps.",
                    count: steps, steps)
            case 1:
                return Messages.plural(
                    "Well done! The robot took the gem and reached the goal in %s step.",
                    "Well done! The robot took the gem and reached the goal in %s steps.", count: steps, steps)
            default:
                return Messages.plural(
                    "Well done! The robot took all %2$s gems and reached the goal in %1$s step.",
                    "Well done! The robot took all %2$s gems and reached the goal in %1$s steps.", count: steps, steps,
                    trace.gemsTotal)
            }
        case .bumped:
            let place = landmark(at: at, trace: trace, map: map)?.phrase
            let jumped = trace.steps.last?.card == .jump
            if let obstacle = result.obstacle, !map.contains(obstacle) {
                return place.map { Messages.text("The robot bumped into the edge of the map on step %1$s, %2$s.", steps, $0) }
                    ?? Messages.text("The robot bumped into the edge of the map on step %s.", steps)
            }
            if jumped {
                return place.map { Messages.text("The robot tried to jump on step %1$s, %2$s, but a wall was in the way.", steps, $0) }
                    ?? Messages.text("The robot tried to jump on step %s, but a wall was in the way.", steps)
            }
            return place.map { Messages.text("The robot bumped into a wall on step %1$s, %2$s.", steps, $0) }
                ?? Messages.text("The robot bumped into a wall on step %s.", steps)
        case .fell:
            return Messages.text("The robot fell into the water on step %s.", steps)
        case .stuck:
            if let position = result.stuckCardPosition, position <= trace.program.count {
                // A repeat-until-goal loop, or a call that calls again before a step: the card the child can find.
                let card = trace.program.cards[position - 1]
                return Messages.text(
                    "The robot got stuck: %1$s (card %2$s) goes round and round without a step.", card.localizedName, position)
            }
            return Messages.text("The robot got stuck: its cards go round and round without a step.")
        case .stepLimit:
            return Messages.text("The robot took %s steps without reaching the goal, so it was stopped.", level.stepLimit)
        case .noCards:
            return Messages.text("There are no cards yet: lay some cards and try again.")
        case .gemsLeft:
            return Messages.plural(
                "The robot reached the goal, but %s gem is still waiting.",
                "The robot reached the goal, but %s gems are still waiting.", count: left, left)
        case .ended:
            let ran: String
            if at == map.start {
                ran = Messages.text("The cards ran out while the robot was still at the start.")
            } else if let tiles = tilesToGoal(from: at, map: map) {
                ran = tiles == 1
                    ? Messages.text("The cards ran out right next to the goal.")
                    : Messages.plural(
                        "The cards ran out %s tile from the goal.", "The cards ran out %s tiles from the goal.", count: tiles, tiles)
            } else {
                ran = Messages.text("The cards ran out before the robot reached the goal.")
            }
            guard left > 0 && trace.gemsTotal > 0 else { return ran }
            return ran + " " + Messages.plural("%s gem is still waiting.", "%s gems are still waiting.", count: left, left)
        }
    }

    /// What the robot at `point` stands on or next to, most telling first: the start tile it stands on, then the
    /// goal, water or a gem not yet taken on a tile beside it (north, east, south, west); nil for none.
    public static func landmark(at point: GridPoint, trace: Trace, map: LevelMap) -> Landmark? {
        if point == map.start { return .start }
        let beside = [(0, -1), (1, 0), (0, 1), (-1, 0)].map { GridPoint(x: point.x + $0.0, y: point.y + $0.1) }.filter(map.contains)
        if beside.contains(map.goal) { return .goal }
        if beside.contains(where: { map.tile(at: $0) == .water }) { return .water }
        let taken = trace.result.state.gemMask
        if beside.contains(where: { map.gemIndex(at: $0).map { taken & (1 << UInt32($0)) == 0 } ?? false }) { return .gem }
        return nil
    }

    /// How many tiles the goal is from `point`, counted from tile to tile (north, east, south, west) over every tile
    /// but walls (water counts: a jump crosses it); nil when walls cut the goal off.
    public static func tilesToGoal(from point: GridPoint, map: LevelMap) -> Int? {
        guard map.contains(point) else { return nil }
        var distance = [Int](repeating: -1, count: map.width * map.height)
        distance[point.y * map.width + point.x] = 0
        var queue = [point]
        var head = 0
        while head < queue.count {
            let here = queue[head]
            head += 1
            let d = distance[here.y * map.width + here.x]
            if here == map.goal { return d }
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                let next = GridPoint(x: here.x + dx, y: here.y + dy)
                guard map.contains(next), map.tile(at: next) != .wall, distance[next.y * map.width + next.x] < 0 else { continue }
                distance[next.y * map.width + next.x] = d + 1
                queue.append(next)
            }
        }
        return nil
    }
}
