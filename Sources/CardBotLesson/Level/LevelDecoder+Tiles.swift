import CardBotSupport

extension LevelDecoder {
    /// The map: equal rows of known tiles, one start and one goal, within the size and gem limits.
    static func decodeTiles(_ value: JSONValue, source: inout LevelSource, context: inout Context) -> LevelMap? {
        guard let elements = value.elements else {
            context.error(
                at: value.position, Messages.later("'tiles' must be an array of strings, one per row, not %s", .said(value.typeSaid)))
            return nil
        }
        guard !elements.isEmpty else {
            context.error(
                at: value.position,
                Messages.later("'tiles' is empty: draw the map as rows of characters (%s)", .said(Tile.legend)))
            return nil
        }
        var rows: [[Unicode.Scalar]] = []
        var ok = true
        for (y, element) in elements.enumerated() {
            guard case .string(let text, let verbatim) = element.kind else {
                context.error(
                    at: element.position,
                    Messages.later("row %1$s of 'tiles' must be a string, not %2$s", .number(y), .said(element.typeSaid)))
                ok = false
                rows.append([])
                source.rows.append((element.position, false))
                continue
            }
            rows.append(Array(text.unicodeScalars.prefix(LevelLimits.maximumSide + 1)))
            source.rows.append((element.position, verbatim))
        }
        guard ok else { return nil }
        let width = rows[0].count
        let height = rows.count
        let widest = max(width, rows.map(\.count).max() ?? 0)
        let side = LevelLimits.maximumSide
        if height > side || widest > side {
            let said =
                widest > side
                ? Messages.later(
                    "the map is more than %1$s tiles wide and %2$s tall; at most %3$sx%4$s tiles are allowed",
                    .number(side), .number(height), .number(side), .number(side))
                : Messages.later(
                    "the map is %1$s tiles wide and %2$s tall; at most %3$sx%4$s tiles are allowed",
                    .number(widest), .number(height), .number(side), .number(side))
            context.error(at: value.position, said)
            return nil
        }
        if width == 0 {
            context.error(at: elements[0].position, Messages.later("row 0 of 'tiles' is empty"))
            return nil
        }
        for (y, row) in rows.enumerated() where row.count != width {
            context.error(
                at: elements[y].position,
                Messages.later(
                    "row %1$s has %2$s tiles but row 0 has %3$s; every row must have the same length",
                    .number(y), .number(row.count), .number(width)))
            ok = false
        }
        // Characters, starts and goals are still checked in ragged rows, so that one run reports everything.

        var tiles: [Tile] = []
        tiles.reserveCapacity(width * height)
        var starts: [(GridPoint, Facing)] = []
        var goals: [GridPoint] = []
        var gems: [GridPoint] = []
        var reported = 0
        for (y, row) in rows.enumerated() {
            for (x, scalar) in row.enumerated() {
                let point = GridPoint(x: x, y: y)
                switch scalar {
                case "#": tiles.append(.wall)
                case ".": tiles.append(.floor)
                case "~": tiles.append(.water)
                case "*":
                    tiles.append(.floor)
                    gems.append(point)
                case "G":
                    tiles.append(.goal)
                    goals.append(point)
                case "^", ">", "v", "<":
                    tiles.append(.floor)
                    starts.append((point, Facing(symbol: Character(scalar))!))
                default:
                    tiles.append(.floor)
                    ok = false
                    reported += 1
                    if reported <= maximumTileDiagnostics {
                        context.error(
                            at: source.position(ofTile: point),
                            Messages.later(
                                "unknown tile '%1$s' at (%2$s, %3$s) (row %3$s, column %2$s); use %4$s",
                                .plain(scalar.escaped(asASCII: false)), .number(x), .number(y), .said(Tile.legend)))
                    }
                }
            }
        }
        if reported > maximumTileDiagnostics {
            context.error(
                at: value.position, Messages.later("%s more unknown tiles not listed", .number(reported - maximumTileDiagnostics)))
        }
        if starts.isEmpty {
            context.error(
                at: value.position,
                Messages.later("the map has no start: mark the robot's tile with ^ (north), > (east), v (south) or < (west)"))
            ok = false
        }
        for extra in starts.dropFirst() {
            context.error(
                at: source.position(ofTile: extra.0),
                Messages.later(
                    "a second start at %1$s; the first is at %2$s; a map has exactly one start",
                    .plain("\(extra.0)"), .plain("\(starts[0].0)")))
            ok = false
        }
        if goals.isEmpty {
            context.error(at: value.position, Messages.later("the map has no goal: mark it with G"))
            ok = false
        }
        for extra in goals.dropFirst() {
            context.error(
                at: source.position(ofTile: extra),
                Messages.later(
                    "a second goal at %1$s; the first is at %2$s; a map has exactly one goal", .plain("\(extra)"), .plain("\(goals[0])")))
            ok = false
        }
        if gems.count > LevelLimits.maximumGems {
            context.error(
                at: source.position(ofTile: gems[LevelLimits.maximumGems]),
                Messages.later(
                    "the map has %1$s gems; at most %2$s are allowed", .number(gems.count), .number(LevelLimits.maximumGems)))
            ok = false
        }
        guard ok, tiles.count == width * height else { return nil }
        return LevelMap(
            width: width, height: height, tiles: tiles, start: starts[0].0, startFacing: starts[0].1, goal: goals[0], gems: gems)
    }
}
