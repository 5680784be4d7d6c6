import CardBotGeometry
import CardBotVision
import Foundation

extension SceneGenerator {
    /// Up to `count` clutter items beside the cards, most near a card and the rest anywhere the camera sees (some cut
    /// by the frame's edge), each clear of every card by a few millimetres (a die, whose top the camera may see from
    /// the side, by more) and of each other.
    func makeClutter(
        _ random: inout SynthRandom, count: Int, cards: [SceneCard], camera: SynthCamera, table: TableStyle
    ) -> [SceneClutter] {
        guard count > 0, let toTable = camera.tableToImage.inverseByDivision else { return [] }
        let hw = design.width / 2
        let hh = design.height / 2
        let outlines = cards.map { FrameRenderer.tablePoints($0, [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]) }
        let avoided = avoidedCodes()
        var placed: [SceneClutter] = []
        var attempts = 0
        while placed.count < count, attempts < 80 * count {
            attempts += 1
            let worksheetAllowed = !placed.contains { $0.kind == .worksheet }
            var item = makeClutterItem(&random, worksheetAllowed: worksheetAllowed, avoiding: avoided)
            let reach = (item.width * item.width + item.depth * item.depth).squareRoot() / 2
            // Most things lie near a card (a child's table is crowded); the rest anywhere in view.
            let spot: TablePoint
            if random.chance(0.65), !cards.isEmpty {
                let card = cards[random.int(0...(cards.count - 1))]
                let angle = random.uniform(0...(2 * Double.pi))
                let distance = (hw * hw + hh * hh).squareRoot() + reach + random.uniform(4...120)
                spot = card.center.offset(cos(angle) * distance, sin(angle) * distance)
            } else {
                guard
                    let point = toTable.apply(
                        random.uniform(-0.05...1.05) * Double(camera.width),
                        random.uniform(-0.05...1.05) * Double(camera.height))
                else { continue }
                spot = TablePoint(point.x, point.y)
            }
            item.center = spot
            item.rotation = random.uniform(0...(2 * Double.pi))
            guard abs(spot.x) + reach < table.halfWidth, abs(spot.y) + reach < table.halfHeight else { continue }
            let clear = item.footprint(margin: 6 + 1.6 * item.height)
            guard outlines.allSatisfy({ Self.separated($0, clear) }),
                placed.allSatisfy({ Self.separated($0.footprint(margin: 3), item.footprint()) })
            else { continue }
            placed.append(item)
        }
        return placed
    }

    /// Whether two convex outlines are apart (a line separates them).
    static func separated(_ a: [TablePoint], _ b: [TablePoint]) -> Bool {
        for polygon in [a, b] {
            for index in polygon.indices {
                let p = polygon[index]
                let q = polygon[(index + 1) % polygon.count]
                let axis = (q.y - p.y, p.x - q.x)
                let first = a.map { $0.x * axis.0 + $0.y * axis.1 }
                let second = b.map { $0.x * axis.0 + $0.y * axis.1 }
                if first.max()! < second.min()! || second.max()! < first.min()! { return true }
            }
        }
        return false
    }

    /// One clutter item of a random kind and size, not yet placed.
    func makeClutterItem(
        _ random: inout SynthRandom, worksheetAllowed: Bool, avoiding avoided: [Int: [[Bool]]]
    ) -> SceneClutter {
        let weights: [(SceneClutter.Kind, Double)] = [
            (.worksheet, worksheetAllowed ? 0.7 : 0), (.checkerboard, 1), (.qrCode, 1.1), (.die, 1.1),
            (.foreignMarker, 1.6), (.blackSquare, 0.8), (.holedSquare, 0.8),
        ]
        var pick = random.unit() * weights.reduce(0) { $0 + $1.1 }
        var kind = SceneClutter.Kind.blackSquare
        for (candidate, weight) in weights {
            pick -= weight
            if pick < 0 {
                kind = candidate
                break
            }
        }
        let origin = TablePoint(0, 0)
        switch kind {
        case .worksheet:
            let a4 = random.chance(0.7)
            return SceneClutter(
                kind: kind, center: origin, width: a4 ? 210 : 148, depth: a4 ? 297 : 210, seed: random.next())
        case .checkerboard:
            let columns = random.int(4...8)
            let rows = random.int(4...8)
            let square = random.logUniform(6...25)
            let paper = random.uniform(3...10)
            return SceneClutter(
                kind: kind, center: origin, width: Double(columns) * square + 2 * paper,
                depth: Double(rows) * square + 2 * paper, columns: columns, rows: rows, paper: paper)
        case .qrCode:
            let modules = random.chance(0.5) ? 21 : 25
            let module = random.uniform(0.9...2.2)
            let paper = random.uniform(2...4) * module
            let side = Double(modules) * module + 2 * paper
            return SceneClutter(
                kind: kind, center: origin, width: side, depth: side, columns: modules, rows: modules,
                cells: Self.qrModules(modules, &random), paper: paper)
        case .die:
            let side = random.uniform(14...19)
            return SceneClutter(
                kind: kind, center: origin, width: side, depth: side, height: side, columns: random.int(1...6))
        case .foreignMarker:
            let pickSize = random.unit()
            // The cells come from a stream of their own: however many tries the deck's codes cost, the rest of the
            // clutter is the same for every deck (a benchmark compares decks on the same scenes).
            var cellRandom = SynthRandom(seed: random.next())
            let (grid, cells) = Self.foreignCells(
                pickSize < 0.4 ? 4 : (pickSize < 0.7 ? 5 : 6), avoiding: avoided, &cellRandom)
            let marker = random.uniform(30...80)
            let paper = marker / Double(grid + 2) * random.uniform(0.6...1.5)
            return SceneClutter(
                kind: kind, center: origin, width: marker + 2 * paper, depth: marker + 2 * paper, columns: grid,
                rows: grid, cells: cells, paper: paper)
        case .blackSquare:
            let side = random.logUniform(10...60)
            return SceneClutter(kind: kind, center: origin, width: side, depth: side)
        case .holedSquare:
            let side = random.logUniform(15...60)
            return SceneClutter(kind: kind, center: origin, width: side, depth: side, hole: random.uniform(0.3...0.65))
        }
    }

    // MARK: - Codes

    /// A QR-like code of `n` modules: random data, three finder squares with their light separators, timing lines.
    static func qrModules(_ n: Int, _ random: inout SynthRandom) -> [Bool] {
        var cells = (0..<(n * n)).map { _ in random.chance(0.5) }
        for index in 8..<(n - 8) {
            cells[6 * n + index] = index % 2 == 0
            cells[index * n + 6] = index % 2 == 0
        }
        for (top, left) in [(0, 0), (0, n - 7), (n - 7, 0)] {
            for row in -1...7 {
                for column in -1...7 {
                    let y = top + row
                    let x = left + column
                    guard y >= 0, y < n, x >= 0, x < n else { continue }
                    let ring = max(abs(row - 3), abs(column - 3))
                    cells[y * n + x] = ring != 2 && ring != 4
                }
            }
        }
        return cells
    }

    /// The inner cells (dark = true) of every code CardBot knows, by grid size: the faces' own and every shipped
    /// ArUco dictionary's (DICT_4X4_50's for 4x4).
    func avoidedCodes() -> [Int: [[Bool]]] {
        var codes: [Int: [[Bool]]] = [:]
        for dictionary in ArUcoDictionary.all {
            let count = dictionary.gridSize * dictionary.gridSize
            codes[dictionary.gridSize, default: []] += dictionary.codes.map { code in
                (0..<count).map { (code >> UInt64(count - 1 - $0)) & 1 == 0 }
            }
        }
        for face in faces where face.marker.width == face.marker.height && face.marker.width <= 10 {
            let n = face.marker.width - 2
            guard n >= 3 else { continue }
            codes[n, default: []].append((0..<(n * n)).map { face.marker[$0 % n + 1, $0 / n + 1] < 128 })
        }
        return codes
    }

    /// Random inner cells of an `n` x `n` marker, at least 4 cells from every avoided code of that size.
    ///
    /// They differ in every quarter turn, so no detector's error correction can read them as one of the codes.
    /// Falls back to a larger grid when none is found.
    static func foreignCells(_ n: Int, avoiding avoided: [Int: [[Bool]]], _ random: inout SynthRandom) -> (Int, [Bool]) {
        let codes = avoided[n] ?? []
        for _ in 0..<2000 {
            let cells = (0..<(n * n)).map { _ in random.chance(0.5) }
            var turned = cells
            var far = true
            for _ in 0..<4 where far {
                far = codes.allSatisfy { code in zip(code, turned).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) } >= 4 }
                turned = (0..<(n * n)).map { index in turned[(n - 1 - index % n) * n + index / n] }
            }
            if far { return (n, cells) }
        }
        return foreignCells(n + 1, avoiding: avoided, &random)
    }
}
