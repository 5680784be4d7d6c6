import CardBotGeometry
import CardBotImaging
import Foundation

/// Makes random but plausible scenes: cards laid in rows on a table, seen by a hand-held camera.
///
/// Every choice comes from a `SynthRandom` seeded by (seed, frame index), so frame `i` of a seed is the
/// same whatever else is generated. Rows run along the cards' own x axis; the first row is at the top
/// in the cards' own frame. Cards are askew by up to the difficulty's angle and unevenly spaced.
public struct SceneGenerator: Sendable {
    /// The faces cards are drawn from.
    public var faces: [CardFace]
    /// What to make.
    public var options: SceneOptions
    /// The printed card layout.
    public var design: CardDesign

    /// Creates a generator.
    /// - Throws: `SynthError` when the options do not fit the faces.
    public init(faces: [CardFace], options: SceneOptions, design: CardDesign = .standard) throws {
        try options.validate(faces: faces)
        self.faces = faces
        self.options = options
        self.design = design
    }

    /// The scene of frame `index` for `seed`.
    public func scene(seed: UInt64, index: Int = 0) -> SynthScene {
        var random = SynthRandom(seed: SynthRandom.derive(seed, UInt64(index), 0x5CE7E))
        // The stress conditions' own choices come from a second stream, so the general mixes stay as they were.
        var stress = SynthRandom(seed: SynthRandom.derive(seed, UInt64(index), 0x57E55))
        let ranges = options.difficulty.ranges
        var generator = self
        generator.design = makeDesign(&stress, ranges: ranges)
        let cards = generator.layout(&random, skew: ranges.skewDegrees * Double.pi / 180)
        var camera = generator.makeCamera(&random, cards: cards, ranges: ranges)
        var table = makeTable(&random, cards: cards, ranges: ranges)
        var lighting = makeLighting(&random, ranges: ranges)
        var effects = CameraEffects(
            blur: random.uniform(ranges.blur), noise: random.uniform(ranges.noise),
            jpegQuality: random.int(ranges.jpegQuality), seed: random.next())
        var hand: HandPose? = nil
        if random.chance(ranges.handChance) {
            hand = makeHand(&random, cards: cards, camera: camera)
        }
        camera.width = options.width
        camera.height = options.height
        generator.applyStress(
            &stress, ranges: ranges, cards: cards, camera: camera, table: &table, lighting: &lighting, effects: &effects)
        // Clutter comes from a third stream, so that a condition with clutter keeps its cards, camera and table.
        var clutter: [SceneClutter] = []
        if let count = ranges.clutter {
            var stream = SynthRandom(seed: SynthRandom.derive(seed, UInt64(index), 0xC1077E5))
            clutter = generator.makeClutter(&stream, count: stream.int(count), cards: cards, camera: camera, table: table)
        }
        return SynthScene(
            faces: faces, design: generator.design, cards: cards, table: table, camera: camera, lighting: lighting,
            hand: hand, effects: effects, coverLimit: ranges.coverLimit, clutter: clutter)
    }

    // MARK: - Stress conditions

    /// The card design of one frame: the generator's, with a stress condition's paper, ink or margin.
    func makeDesign(_ random: inout SynthRandom, ranges: DifficultyRanges) -> CardDesign {
        var design = self.design
        if let ink = ranges.ink { design.inkDarkness = random.uniform(ink) }
        if ranges.pastel {
            let pastels: [[Double]] = [[250, 214, 224], [206, 226, 250], [214, 242, 206], [250, 240, 186], [230, 214, 248]]
            design.paper = pastels[random.int(0...(pastels.count - 1))]
        }
        if let margin = ranges.margin {
            // A cell of a 4x4 marker is a sixth of its side.
            let gap = random.uniform(margin) * design.markerSize / 6
            design.width = design.markerSize + 2 * gap
            design.markerTop = gap
            design.height = design.markerSize + gap + 16
            design.cornerRadius = min(design.cornerRadius, gap)
        }
        return design
    }

    /// Applies a stress condition's light, blur and table (pastel paper's busy cloth, a printed cloth) to a scene
    /// made as for the general mixes.
    func applyStress(
        _ random: inout SynthRandom, ranges: DifficultyRanges, cards: [SceneCard], camera: SynthCamera,
        table: inout TableStyle, lighting: inout Lighting, effects: inout CameraEffects
    ) {
        if let exposure = ranges.exposure { lighting.exposure = random.uniform(exposure) }
        if let motion = ranges.motionLength {
            effects.motionLength = random.uniform(motion)
            effects.motionAngle = random.uniform(0...Double.pi)
        }
        if let softness = ranges.shadowSoftness {
            // Half hard (an arm close to the card), half soft.
            let hard = softness.lowerBound...min(softness.upperBound, 1.5)
            let soft = min(softness.upperBound, 3)...softness.upperBound
            lighting.shadowSoftness = random.uniform(random.chance(0.5) ? hard : soft)
        }
        let markers = markersInView(cards: cards, camera: camera)
        if ranges.shadowOnMarker, let marker = markers.isEmpty ? nil : markers[random.int(0...(markers.count - 1))] {
            lighting.shadowPoint = ImagePoint(
                marker.center.x + random.signed() * 0.3 * marker.side, marker.center.y + random.signed() * 0.3 * marker.side)
        }
        if let glare = ranges.glare, let marker = markers.isEmpty ? nil : markers[random.int(0...(markers.count - 1))] {
            lighting.highlight = Highlight(
                center: ImagePoint(
                    marker.center.x + random.signed() * 0.6 * marker.side,
                    marker.center.y + random.signed() * 0.6 * marker.side),
                radius: random.uniform(0.15...0.45) * marker.side, peak: random.uniform(glare))
        }
        if ranges.pastel {
            table.surface = .cloth
            let busy = [RGB(200, 40, 60), RGB(30, 90, 170), RGB(240, 190, 40), RGB(40, 140, 70), RGB(120, 60, 150)]
            table.color = busy[random.int(0...(busy.count - 1))]
        }
        if !ranges.cloths.isEmpty, !random.chance(ranges.ordinaryTableChance) {
            makeCloth(&random, surfaces: ranges.cloths, table: &table)
        }
    }

    /// The centre and side (in pixels) of every card's marker whose centre is in view.
    func markersInView(cards: [SceneCard], camera: SynthCamera) -> [(center: ImagePoint, side: Double)] {
        let half = design.markerSize / 2
        let middle = -design.height / 2 + design.markerTop + half
        return cards.compactMap { card in
            let points = FrameRenderer.tablePoints(
                card, [(0, middle), (-half, middle - half), (half, middle - half), (half, middle + half), (-half, middle + half)])
            guard let image = FrameRenderer.project(points, camera.tableToImage) else { return nil }
            let center = image[0]
            guard center.x >= 0, center.y >= 0, center.x < Double(camera.width), center.y < Double(camera.height) else {
                return nil
            }
            let side = (image[1].distance(to: image[3]) + image[2].distance(to: image[4])) / 2 / 2.squareRoot()
            return (center, side)
        }
    }

    /// A hand reaching for card `index` of `scene` (or for a random card in view when nil), drawn from `seed`.
    ///
    /// For sessions: keep a scene's layout and camera, and add, move or remove the hand frame by frame.
    public func hand(in scene: SynthScene, reachingFor index: Int? = nil, seed: UInt64) -> HandPose? {
        var random = SynthRandom(seed: SynthRandom.derive(seed, 0x4A4D))
        if let index, scene.cards.indices.contains(index) {
            return makeHand(&random, cards: [scene.cards[index]], camera: scene.camera)
        }
        return makeHand(&random, cards: scene.cards, camera: scene.camera)
    }

    // MARK: - Layout

    /// The cards in rows, centred on the table's origin.
    func layout(_ random: inout SynthRandom, skew: Double) -> [SceneCard] {
        let faceIndex = Dictionary(faces.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var rowsOfFaces: [[Int]]
        if let program = options.program {
            rowsOfFaces = program.map { $0.map { faceIndex[$0] ?? 0 } }
        } else {
            let count = options.cards ?? random.int(3...8)
            let rowCount = min(count, options.rows ?? (random.chance(0.55) ? 1 : (random.chance(0.7) ? 2 : 3)))
            var sizes = [Int](repeating: count / rowCount, count: rowCount)
            for extra in 0..<(count % rowCount) { sizes[extra] += 1 }
            // Rows of a real program differ in length: move a card or two between rows.
            if rowCount > 1 {
                for _ in 0..<random.int(0...2) {
                    let from = random.int(0...(rowCount - 1))
                    let to = random.int(0...(rowCount - 1))
                    if sizes[from] > 1 {
                        sizes[from] -= 1
                        sizes[to] += 1
                    }
                }
            }
            rowsOfFaces = sizes.map { size in (0..<size).map { _ in random.int(0...(faces.count - 1)) } }
        }
        let w = design.width
        let h = design.height
        var cards: [SceneCard] = []
        var rowTop = 0.0
        for (rowIndex, row) in rowsOfFaces.enumerated() {
            let slope = random.uniform(-0.05...0.05)
            let direction = (cos(slope), sin(slope))
            let start = random.uniform(-20...20)
            var along = start
            var drift = 0.0
            var rowCards: [SceneCard] = []
            var deepest = 0.0
            for (column, face) in row.enumerated() {
                let rotation = random.uniform(-skew...skew)
                let halfX = (w * abs(cos(rotation)) + h * abs(sin(rotation))) / 2
                let halfY = (w * abs(sin(rotation)) + h * abs(cos(rotation))) / 2
                along += halfX
                drift = max(-8, min(8, drift + random.uniform(-3...3)))
                let center = TablePoint(
                    direction.0 * along - direction.1 * drift, rowTop + halfY + direction.1 * along + direction.0 * drift)
                rowCards.append(SceneCard(face: face, center: center, rotation: rotation + slope, row: rowIndex, column: column))
                deepest = max(deepest, center.y + halfY + 8)
                along += halfX + random.uniform(4...26)
            }
            cards.append(contentsOf: rowCards)
            rowTop = deepest + random.uniform(8...30)
        }
        // Centre the layout on the origin.
        let xs = cards.map(\.center.x)
        let ys = cards.map(\.center.y)
        let cx = ((xs.min() ?? 0) + (xs.max() ?? 0)) / 2
        let cy = ((ys.min() ?? 0) + (ys.max() ?? 0)) / 2
        return cards.map { card in
            var card = card
            card.center = card.center.offset(-cx, -cy)
            return card
        }
    }

    // MARK: - Camera

    func makeCamera(_ random: inout SynthRandom, cards: [SceneCard], ranges: DifficultyRanges) -> SynthCamera {
        let width = options.width
        let height = options.height
        let focal = SynthCamera.focalLength(width: width, horizontalFieldOfView: random.uniform(50...70))
        let tilt = random.uniform(ranges.tiltDegrees) * Double.pi / 180
        let heading = random.uniform(0...(2 * Double.pi))
        let roll = random.uniform(-0.25...0.25)
        let principal = ImagePoint(
            Double(width - 1) / 2 + random.normal() * 0.012 * Double(width),
            Double(height - 1) / 2 + random.normal() * 0.012 * Double(height))
        let extentX = (cards.map { abs($0.center.x) }.max() ?? 0) + 40
        let extentY = (cards.map { abs($0.center.y) }.max() ?? 0) + 50
        let fit = random.chance(ranges.fitChance) || options.keepAllInView
        let jitter = fit ? 0.08 : ranges.cropJitter
        let target = TablePoint(random.uniform(-1...1) * extentX * jitter, random.uniform(-1...1) * extentY * jitter)
        let size = random.logUniform(ranges.markerSize)
        let markerMM = design.markerSize
        // The marker's area shrinks by cos(tilt) at the centre of view.
        var distance = focal * markerMM * cos(tilt).squareRoot() / size
        let smallest = ranges.markerSize.lowerBound
        let farthest = focal * markerMM * cos(tilt).squareRoot() / smallest
        var camera = SynthCamera(
            width: width, height: height, focalLength: focal, principalPoint: principal, target: target,
            distance: distance, tilt: tilt, heading: heading, roll: roll)
        if fit {
            let margin = 0.06 * Double(min(width, height))
            let hw = design.width / 2
            let hh = design.height / 2
            let corners = cards.flatMap { card in
                FrameRenderer.tablePoints(card, [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)])
            }
            var step = 0
            while step < 40 && distance < farthest {
                let inside = corners.allSatisfy { point in
                    guard let p = camera.project(point) else { return false }
                    return p.x >= margin && p.y >= margin && p.x <= Double(width) - margin && p.y <= Double(height) - margin
                }
                if inside { break }
                distance = min(farthest, distance * 1.07)
                camera.distance = distance
                step += 1
            }
        }
        return camera
    }

    // MARK: - Table, light, hand

    func makeTable(_ random: inout SynthRandom, cards: [SceneCard], ranges: DifficultyRanges) -> TableStyle {
        let pick = random.unit()
        let surface: TableStyle.Surface = pick < 0.5 ? .wood : (pick < 0.75 ? .cloth : .laminate)
        let palette: [RGB]
        switch surface {
        case .wood:
            palette = [RGB(150, 104, 66), RGB(176, 128, 84), RGB(118, 78, 50), RGB(196, 158, 116), RGB(135, 96, 70)]
        case .cloth:
            palette = [RGB(58, 92, 70), RGB(66, 80, 112), RGB(118, 118, 120), RGB(148, 62, 56), RGB(84, 72, 96)]
        default:  // laminate (the printed cloths come from the cloth conditions, `makeCloth`)
            palette = [RGB(202, 200, 194), RGB(178, 184, 190), RGB(214, 204, 184), RGB(160, 170, 160)]
        }
        let color = palette[random.int(0...(palette.count - 1))]
        let extentX = (cards.map { abs($0.center.x) }.max() ?? 0) + 120
        let extentY = (cards.map { abs($0.center.y) }.max() ?? 0) + 120
        return TableStyle(
            surface: surface, color: color, contrast: random.uniform(ranges.tableContrast), seed: random.next(),
            grainAngle: random.uniform(0...Double.pi), halfWidth: max(extentX, random.uniform(800...1400)),
            halfHeight: max(extentY, random.uniform(500...900)),
            floor: [RGB(92, 88, 84), RGB(120, 100, 80), RGB(70, 78, 92), RGB(140, 132, 120), RGB(84, 60, 44)][random.int(0...4)])
    }

    func makeLighting(_ random: inout SynthRandom, ranges: DifficultyRanges) -> Lighting {
        let shadow = random.chance(ranges.shadowChance)
        let warmth = random.uniform(-0.05...0.05)
        let lightAngle = random.uniform(0...(2 * Double.pi))
        let lightLength = random.uniform(0.35...0.8)
        return Lighting(
            exposure: random.uniform(0.9...1.04), gradient: random.uniform(-ranges.gradient...ranges.gradient),
            gradientAngle: random.uniform(0...(2 * Double.pi)), vignette: random.uniform(ranges.vignette),
            shadowStrength: shadow ? random.uniform(ranges.shadowStrength) : 0,
            shadowPoint: ImagePoint(random.uniform(0...Double(options.width)), random.uniform(0...Double(options.height))),
            shadowAngle: random.uniform(0...(2 * Double.pi)),
            shadowSoftness: random.uniform(0.02...0.12) * Double(options.width),
            tint: [1 + warmth, 1, 1 - warmth],
            shadowDirection: TablePoint(cos(lightAngle) * lightLength, sin(lightAngle) * lightLength))
    }

    func makeHand(_ random: inout SynthRandom, cards: [SceneCard], camera: SynthCamera) -> HandPose? {
        let width = Double(options.width)
        let height = Double(options.height)
        // Reach for a card that is in view.
        let inView = cards.filter { card in
            guard let p = camera.project(card.center) else { return false }
            return p.x > 0 && p.y > 0 && p.x < width && p.y < height
        }
        guard let card = inView.isEmpty ? cards.first : inView[random.int(0...(inView.count - 1))],
            let seen = camera.project(card.center)
        else { return nil }
        let reach = card.center.offset(random.uniform(-25...25), random.uniform(-30...30))
        // The arm comes in over the nearest image edge, more often the bottom one (where the child sits).
        let distances = [seen.y, width - seen.x, height - seen.y, seen.x]  // top, right, bottom, left
        var weights = distances.map { 1 / max(20, $0) }
        weights[2] *= 2
        let total = weights.reduce(0, +)
        var pick = random.unit() * total
        var edge = 0
        for (index, weight) in weights.enumerated() {
            pick -= weight
            if pick <= 0 {
                edge = index
                break
            }
        }
        let directions = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)]
        var direction = directions[edge]
        let wobble = random.uniform(-0.5...0.5)
        direction = (direction.0 * cos(wobble) - direction.1 * sin(wobble), direction.0 * sin(wobble) + direction.1 * cos(wobble))
        // Turn the image direction into a table direction through the inverse projection.
        guard let toTable = camera.tableToImage.inverseByDivision,
            let a = toTable.apply(seen.x, seen.y),
            let b = toTable.apply(seen.x + direction.0 * 40, seen.y + direction.1 * 40)
        else { return nil }
        let skins = [
            RGB(238, 192, 164), RGB(226, 174, 142), RGB(204, 146, 108), RGB(168, 116, 84), RGB(124, 84, 60),
            RGB(96, 64, 48),
        ]
        let sleeves = [
            RGB(200, 40, 48), RGB(40, 90, 170), RGB(240, 200, 60), RGB(60, 140, 80), RGB(230, 230, 226), RGB(40, 40, 46),
            RGB(150, 90, 170), RGB(250, 140, 60),
        ]
        return HandPose(
            reach: reach, armAngle: atan2(b.y - a.y, b.x - a.x), armLength: 900, palmWidth: random.uniform(56...76),
            spread: random.uniform(0...1), thumbSide: random.chance(0.5) ? 1 : -1, skin: skins[random.int(0...(skins.count - 1))],
            height: random.uniform(30...80), sleeve: random.chance(0.75) ? sleeves[random.int(0...(sleeves.count - 1))] : nil,
            sleeveStart: random.uniform(70...200))
    }
}
