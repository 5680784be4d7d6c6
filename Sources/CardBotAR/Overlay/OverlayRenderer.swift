import CardBotGeometry
import CardBotImaging
import CardBotLesson

/// Draws a level and its robot onto a camera frame in perspective: floor, water and goal tiles on the table,
/// walls raised, gems, the goal's flag, the path walked so far, the robot as a small solid figure, and the card
/// being run lit up among the real cards.
///
/// Everything is placed in map units (a tile is 1 by 1; heights in tiles) and projected through the camera pose.
/// Flat things are drawn first; raised things after, farthest from the camera first.
public struct OverlayRenderer: Sendable {
    /// Colours and proportions.
    public var style: OverlayStyle

    /// Creates a renderer.
    public init(style: OverlayStyle = OverlayStyle()) {
        self.style = style
    }

    /// What one frame of the overlay shows.
    public struct Scene {
        /// The camera over the table.
        public var pose: CameraPose
        /// Where the map lies on the table.
        public var layout: OverlayLayout
        /// The map.
        public var map: LevelMap
        /// The robot's moment.
        public var moment: RobotAnimation.Moment
        /// Whether the run solved the level (the path's colour).
        public var solved: Bool
        /// The outline on the table of the card being run, to light up; nil for none.
        public var runningCard: [SIMD2<Double>]?
        /// The fewest pixels the robot spans on screen, across and down (see ``OverlayRenderer/robotScale(_:)``):
        /// on small tiles it is drawn larger than the style's size, up to three times. 0 keeps the style's size.
        public var robotPixels: Double

        /// Creates a scene.
        public init(pose: CameraPose, layout: OverlayLayout, map: LevelMap, moment: RobotAnimation.Moment, solved: Bool,
                    runningCard: [SIMD2<Double>]? = nil, robotPixels: Double = 0) {
            self.pose = pose
            self.layout = layout
            self.map = map
            self.moment = moment
            self.solved = solved
            self.runningCard = runningCard
            self.robotPixels = robotPixels
        }
    }

    /// Draws `scene` onto `canvas`.
    public func draw(_ scene: Scene, on canvas: inout OverlayCanvas) {
        let projector = Projector(pose: scene.pose, layout: scene.layout)
        let map = scene.map
        let columns = Double(map.width)
        let rows = Double(map.height)
        // A dark rim around the map, so that its edge reads on any table.
        let rim = 0.15
        if let outer = projector.polygon([(-rim, -rim), (columns + rim, -rim), (columns + rim, rows + rim), (-rim, rows + rim)]),
            let inner = projector.polygon([(0, 0), (columns, 0), (columns, rows), (0, rows)])
        {
            canvas.fill([outer, inner], color: RGB(20, 20, 24), opacity: 0.55, rule: .evenOdd)
        }
        var floor: [[ImagePoint]] = []
        var water: [[ImagePoint]] = []
        var goal: [[ImagePoint]] = []
        var grid: [[ImagePoint]] = []
        let line = 0.035
        for y in 0..<map.height {
            for x in 0..<map.width {
                let tile = map.tile(at: GridPoint(x: x, y: y))
                if tile == .wall { continue }
                let u = Double(x), v = Double(y)
                guard let polygon = projector.polygon([(u, v), (u + 1, v), (u + 1, v + 1), (u, v + 1)]) else { continue }
                switch tile {
                case .water: water.append(polygon)
                case .goal: goal.append(polygon)
                default: floor.append(polygon)
                }
                // The tile's north and west edges as thin lines (the others are its neighbours' or a wall's).
                for edge in [[(u, v - line), (u + 1, v - line), (u + 1, v + line), (u, v + line)],
                             [(u - line, v), (u + line, v), (u + line, v + 1), (u - line, v + 1)]] {
                    if let quad = projector.polygon(edge) { grid.append(PolygonRasterizer.counterClockwise(quad)) }
                }
            }
        }
        canvas.fill(floor, color: style.floor, opacity: style.tileOpacity)
        canvas.fill(water, color: style.water, opacity: style.tileOpacity)
        canvas.fill(goal, color: style.goal, opacity: style.tileOpacity)
        canvas.fill(grid, color: style.grid, opacity: 0.8)
        drawPath(scene, projector: projector, on: &canvas)

        // Raised things. Walls do not move: their faces are filled in a few batches (sides, then tops) before the
        // robot, and those in front of the robot and near it once more after it; the robot, gems and flag are
        // drawn farthest first.
        let eye = projector.eye
        func depth(_ u: Double, _ v: Double, _ h: Double) -> Double {
            let d = SIMD3(u, v, h) - eye
            return (d * d).sum()
        }
        let robot = scene.moment
        let robotDepth = depth(robot.position.x, robot.position.y, robot.lift + 0.3)
        let robotSize = style.robotSize * robotScale(scene)
        // A robot drawn larger than its tile stands in front of the walls around it: they would hide it.
        let grown = robotSize > style.robotSize * 1.05
        var far = WallFaces(), near = WallFaces()
        let height = style.wallHeight
        for y in 0..<map.height {
            for x in 0..<map.width where map.tile(at: GridPoint(x: x, y: y)) == .wall {
                let u = Double(x) + 0.5, v = Double(y) + 0.5
                // A side shared with another wall is never seen: left out.
                func open(_ dx: Int, _ dy: Int) -> Bool {
                    let next = GridPoint(x: x + dx, y: y + dy)
                    return !map.contains(next) || map.tile(at: next) != .wall
                }
                let sides = [open(0, -1), open(1, 0), open(0, 1), open(-1, 0)]
                let faces = boxFaces(projector, center: SIMD2(u, v), along: SIMD2(1, 0), half: SIMD2(0.5, 0.5), bottom: 0,
                                     top: height, sides: sides)
                // Walls in front of the robot and near it are drawn again after it; every top is in the first batch,
                // so that the walls' tops are one surface without seams.
                let close = !grown && abs(u - robot.position.x) < 2.5 && abs(v - robot.position.y) < 2.5
                if depth(u, v, height / 2) > robotDepth || !close {
                    far.add(faces)
                } else {
                    far.add(faces.filter { $0.face == 0 })
                    near.add(faces)
                }
            }
        }
        far.draw(on: &canvas, color: style.wall, renderer: self)
        var solids: [(depth: Double, draw: (inout OverlayCanvas) -> Void)] = []
        for (index, gem) in map.gems.enumerated() where scene.moment.gemMask & (1 << UInt32(index)) == 0 {
            let u = Double(gem.x) + 0.5, v = Double(gem.y) + 0.5
            solids.append((depth(u, v, 0.3), { canvas in self.drawGem(projector, at: SIMD2(u, v), on: &canvas) }))
        }
        let flagAt = SIMD2(Double(map.goal.x) + 0.3, Double(map.goal.y) + 0.3)
        solids.append((depth(flagAt.x, flagAt.y, 0.4), { canvas in self.drawFlag(projector, at: flagAt, on: &canvas) }))
        solids.append((robotDepth, { canvas in self.drawRobot(projector, moment: robot, size: robotSize, on: &canvas) }))
        for solid in solids.sorted(by: { $0.depth > $1.depth }) { solid.draw(&canvas) }
        near.draw(on: &canvas, color: style.wall, renderer: self)

        if let card = scene.runningCard {
            let points = card.compactMap { scene.pose.project($0.x, $0.y) }
            if points.count == card.count {
                canvas.fill(points, color: style.cardLight, opacity: 0.42)
                canvas.stroke(points, color: style.cardOutline, thickness: 4)
            }
        }
    }

    /// The visible faces of a batch of wall boxes, by the way they face: each group is filled at once.
    struct WallFaces {
        /// Side faces by outward normal (north, east, south, west), then the tops.
        var sides: [[[ImagePoint]]] = [[], [], [], []]
        var tops: [[ImagePoint]] = []

        mutating func add(_ faces: [(face: Int, polygon: [ImagePoint])]) {
            for (face, polygon) in faces {
                if face == 0 { tops.append(PolygonRasterizer.counterClockwise(polygon)) }
                else { sides[face - 1].append(PolygonRasterizer.counterClockwise(polygon)) }
            }
        }

        func draw(on canvas: inout OverlayCanvas, color: RGB, renderer: OverlayRenderer) {
            let normals = [SIMD3<Double>(0, -1, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(-1, 0, 0)]
            for (normal, polygons) in zip(normals, sides) where !polygons.isEmpty {
                canvas.fill(polygons, color: renderer.shade(color, normal))
            }
            if !tops.isEmpty { canvas.fill(tops, color: renderer.shade(color, SIMD3(0, 0, 1))) }
        }
    }

    // MARK: - Parts

    private func drawPath(_ scene: Scene, projector: Projector, on canvas: inout OverlayCanvas) {
        let path = scene.moment.path
        let color = scene.solved ? style.pathSolved : style.pathFailed
        let half = 0.08
        var pieces: [[ImagePoint]] = []
        for (a, b) in zip(path, path.dropFirst()) {
            let d = b - a
            let length = (d * d).sum().squareRoot()
            guard length > 1e-6 else { continue }
            let n = SIMD2(-d.y, d.x) / length * half
            if let quad = projector.polygon([(a.x + n.x, a.y + n.y), (b.x + n.x, b.y + n.y), (b.x - n.x, b.y - n.y),
                                             (a.x - n.x, a.y - n.y)]) {
                pieces.append(PolygonRasterizer.counterClockwise(quad))
            }
        }
        for p in path {
            let disc = (0..<12).map { i -> (Double, Double) in
                let angle = Double(i) * Double.pi / 6
                return (p.x + half * cosine(angle), p.y + half * sine(angle))
            }
            if let polygon = projector.polygon(disc) { pieces.append(PolygonRasterizer.counterClockwise(polygon)) }
        }
        canvas.fill(pieces, color: color, opacity: 0.9)
    }

    /// A box standing on the map: centre (map units), its local x axis `along` (unit), half sizes, heights in tiles;
    /// its faces that face the camera, each filled in its shade.
    func drawBox(_ projector: Projector, center: SIMD2<Double>, along: SIMD2<Double>, half: SIMD2<Double>, bottom: Double,
                 top: Double, color: RGB, on canvas: inout OverlayCanvas) {
        let side = SIMD2(-along.y, along.x)
        let normals = [SIMD3<Double>(0, 0, 1), SIMD3(-side.x, -side.y, 0), SIMD3(along.x, along.y, 0), SIMD3(side.x, side.y, 0),
                       SIMD3(-along.x, -along.y, 0)]
        for (face, polygon) in boxFaces(projector, center: center, along: along, half: half, bottom: bottom, top: top) {
            canvas.fill(polygon, color: shade(color, normals[face]), opacity: 1)
        }
    }

    /// The faces of a box that face the camera: 0 for the top, 1...4 for the sides (-side, +along, +side, -along),
    /// projected; `sides` leaves out sides that can never be seen.
    func boxFaces(_ projector: Projector, center: SIMD2<Double>, along: SIMD2<Double>, half: SIMD2<Double>, bottom: Double,
                  top: Double, sides: [Bool] = [true, true, true, true]) -> [(face: Int, polygon: [ImagePoint])] {
        let side = SIMD2(-along.y, along.x)
        let a = along * half.x
        let b = side * half.y
        let base = [center - a - b, center + a - b, center + a + b, center - a + b]
        let faces: [(normal: SIMD3<Double>, points: [(SIMD2<Double>, Double)])] = [
            (SIMD3(0, 0, 1), base.map { ($0, top) }),
            (SIMD3(-side.x, -side.y, 0), [(base[0], bottom), (base[1], bottom), (base[1], top), (base[0], top)]),
            (SIMD3(along.x, along.y, 0), [(base[1], bottom), (base[2], bottom), (base[2], top), (base[1], top)]),
            (SIMD3(side.x, side.y, 0), [(base[2], bottom), (base[3], bottom), (base[3], top), (base[2], top)]),
            (SIMD3(-along.x, -along.y, 0), [(base[3], bottom), (base[0], bottom), (base[0], top), (base[3], top)]),
        ]
        var visible: [(face: Int, polygon: [ImagePoint])] = []
        for (index, face) in faces.enumerated() where index == 0 || sides[index - 1] {
            var centre = SIMD3<Double>(0, 0, 0)
            for (p, h) in face.points { centre += SIMD3(p.x, p.y, h) }
            centre /= 4
            guard ((projector.eye - centre) * face.normal).sum() > 0, let polygon = projector.polygon3(face.points)
            else { continue }
            visible.append((index, polygon))
        }
        return visible
    }

    /// A colour lit by a light from the far left, above.
    func shade(_ color: RGB, _ normal: SIMD3<Double>) -> RGB {
        let light = SIMD3<Double>(-0.35, -0.55, 0.76)
        let factor = 0.62 + 0.45 * max(0, (normal * light).sum())
        func channel(_ value: UInt8) -> UInt8 { UInt8(max(0, min(255, Double(value) * factor))) }
        return RGB(channel(color.red), channel(color.green), channel(color.blue))
    }

    private func drawGem(_ projector: Projector, at centre: SIMD2<Double>, on canvas: inout OverlayCanvas) {
        let r = 0.2
        let mid = 0.3
        let ring = (0..<4).map { i -> SIMD2<Double> in
            let angle = Double(i) * Double.pi / 2 + Double.pi / 4
            return centre + SIMD2(cosine(angle), sine(angle)) * r
        }
        for apex in [mid + 0.22, mid - 0.22] {
            for i in 0..<4 {
                let p = ring[i], q = ring[(i + 1) % 4]
                let edge = (p + q) / 2 - centre
                let normal = SIMD3(edge.x, edge.y, apex > mid ? 0.3 : -0.3)
                let faceCentre = SIMD3((p.x + q.x + centre.x) / 3, (p.y + q.y + centre.y) / 3, (mid * 2 + apex) / 3)
                guard ((projector.eye - faceCentre) * normal).sum() > 0,
                    let polygon = projector.polygon3([(p, mid), (q, mid), (centre, apex)])
                else { continue }
                canvas.fill(polygon, color: shade(style.gem, normal / (normal * normal).sum().squareRoot()), opacity: 1)
            }
        }
    }

    private func drawFlag(_ projector: Projector, at foot: SIMD2<Double>, on canvas: inout OverlayCanvas) {
        drawBox(projector, center: foot, along: SIMD2(1, 0), half: SIMD2(0.025, 0.025), bottom: 0, top: 0.85,
                color: RGB(90, 80, 70), on: &canvas)
        if let flag = projector.polygon3([(foot, 0.85), (foot, 0.55), (foot + SIMD2(0.42, 0.0), 0.7)]) {
            canvas.fill(flag, color: style.flag, opacity: 1)
        }
    }

    /// How many times the style's size the robot of `scene` is drawn: 1, or more (up to 3) when at the style's size
    /// it would span fewer than ``Scene/robotPixels`` across or down where it stands.
    ///
    /// The span is measured on a round robot as wide as the real one is long, standing as tall (never sunk or
    /// lifted): it does not change as the robot turns, and the drawn robot spans at least as much.
    public func robotScale(_ scene: Scene) -> Double {
        guard scene.robotPixels > 0 else { return 1 }
        let projector = Projector(pose: scene.pose, layout: scene.layout)
        let z = style.robotSize
        let p = scene.moment.position
        var low = SIMD2(Double.infinity, Double.infinity), high = -low
        for i in 0..<16 {
            let angle = Double(i) * Double.pi / 8
            let q = p + SIMD2(cosine(angle), sine(angle)) * 0.2 * z
            for h in [0, 0.6 * z] {
                guard let point = projector.point(q.x, q.y, h) else { return 1 }
                low = pointwiseMin(low, SIMD2(point.x, point.y))
                high = pointwiseMax(high, SIMD2(point.x, point.y))
            }
        }
        let span = min(high.x - low.x, high.y - low.y)
        guard span > 1e-6 else { return 1 }
        return min(3, max(1, scene.robotPixels / span))
    }

    /// The robot, `size` tiles (see ``OverlayStyle/robotSize``): wheels, body, head; on the head's top an arrow
    /// pointing the way it faces, a nose on the head's front and the eyes beside it when the front faces the
    /// camera.
    private func drawRobot(_ projector: Projector, moment: RobotAnimation.Moment, size z: Double, on canvas: inout OverlayCanvas) {
        let forward = SIMD2(cosine(moment.heading), sine(moment.heading))
        let side = SIMD2(-forward.y, forward.x)
        let k = z * (1 - 0.85 * moment.sink)
        let lift = moment.lift * style.jumpHeight
        let p = moment.position
        let body = moment.bumping ? style.robotBump : style.robotBody
        for offset in [-0.17 * z, 0.17 * z] {
            drawBox(projector, center: p + side * offset, along: forward, half: SIMD2(0.13, 0.05) * z, bottom: lift,
                    top: lift + 0.1 * k, color: RGB(45, 45, 52), on: &canvas)
        }
        drawBox(projector, center: p, along: forward, half: SIMD2(0.2, 0.18) * z, bottom: lift + 0.06 * k,
                top: lift + 0.36 * k, color: body, on: &canvas)
        let headCentre = p + forward * 0.02 * z
        let headTop = lift + 0.6 * k
        drawBox(projector, center: headCentre, along: forward, half: SIMD2(0.15, 0.15) * z, bottom: lift + 0.36 * k,
                top: headTop, color: style.robotHead, on: &canvas)
        // The arrow on the head's top, seen from any side the camera looks down from.
        let tip = headCentre + forward * 0.14 * z
        let notch = headCentre - forward * 0.03 * z
        let wingLeft = headCentre - forward * 0.11 * z + side * 0.11 * z
        let wingRight = headCentre - forward * 0.11 * z - side * 0.11 * z
        if let arrow = projector.polygon3([(tip, headTop), (wingLeft, headTop), (notch, headTop), (wingRight, headTop)]) {
            canvas.fill(PolygonRasterizer.counterClockwise(arrow), color: style.robotNose, opacity: 1)
        }
        let front = headCentre + forward * 0.151 * z
        let frontCentre = SIMD3(front.x, front.y, lift + 0.48 * k)
        guard ((projector.eye - frontCentre) * SIMD3(forward.x, forward.y, 0)).sum() > 0 else { return }
        drawBox(projector, center: front + forward * 0.04 * z, along: forward, half: SIMD2(0.04, 0.035) * z,
                bottom: lift + 0.41 * k, top: lift + 0.47 * k, color: style.robotNose, on: &canvas)
        for offset in [-0.075 * z, 0.075 * z] {
            let c = front + side * offset
            let w = side * 0.03 * z
            if let eye = projector.polygon3([(c - w, lift + 0.48 * k), (c + w, lift + 0.48 * k), (c + w, lift + 0.56 * k),
                                             (c - w, lift + 0.56 * k)]) {
                canvas.fill(eye, color: style.eye, opacity: 1)
            }
        }
    }
}

/// Map units (tiles, heights in tiles) to image pixels through a layout and a camera pose.
struct Projector {
    let pose: CameraPose
    let layout: OverlayLayout
    /// The camera's centre in map units (x, y, height).
    let eye: SIMD3<Double>

    init(pose: CameraPose, layout: OverlayLayout) {
        self.pose = pose
        self.layout = layout
        let c = pose.centerOnTable
        eye = SIMD3((c.x - layout.origin.x) / layout.tile, (c.y - layout.origin.y) / layout.tile, c.z / layout.tile)
    }

    @inline(__always)
    func point(_ u: Double, _ v: Double, _ h: Double) -> ImagePoint? {
        let t = layout.table(u, v)
        return pose.project(t.x, t.y, height: h * layout.tile)
    }

    /// A flat polygon on the floor; nil when a corner is behind the camera.
    func polygon(_ points: [(Double, Double)]) -> [ImagePoint]? {
        var out: [ImagePoint] = []
        out.reserveCapacity(points.count)
        for (u, v) in points {
            guard let p = point(u, v, 0) else { return nil }
            out.append(p)
        }
        return out
    }

    /// A polygon of raised points (map position, height in tiles).
    func polygon3(_ points: [(SIMD2<Double>, Double)]) -> [ImagePoint]? {
        var out: [ImagePoint] = []
        out.reserveCapacity(points.count)
        for (p, h) in points {
            guard let q = point(p.x, p.y, h) else { return nil }
            out.append(q)
        }
        return out
    }
}
