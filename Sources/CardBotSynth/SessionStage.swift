import CardBotGeometry
import CardBotImaging
import Foundation

/// The table of a synthesized session: the layouts of its programs, the GO card beside the first row, the
/// camera, light and the child's hand, and the scene at any tenth of a second of a ``SessionTimeline``.
struct SessionStage: Sendable {
    /// Every program's cards on the table.
    let layouts: [[SceneCard]]
    /// The GO card, left of the first row, or nil.
    let goCard: SceneCard?
    /// The scene of the first program: table, light, design, effects.
    let base: SynthScene
    /// The camera, pulled back until every card is in view.
    let camera: SynthCamera
    /// The child's hand as it looks (skin, sleeve, size); placed anew for each span.
    let hand: HandPose
    let seed: UInt64

    init(programs: [[Int]], faces: [CardFace], goFace: CardFace?, options: SessionSynthesizer.Options, seed: UInt64) throws {
        self.seed = seed
        let allFaces = faces + (goFace.map { [$0] } ?? [])
        let rows = { (program: [Int]) in
            stride(from: 0, to: program.count, by: SessionSynthesizer.cardsPerRow).map {
                Array(program[$0..<min(program.count, $0 + SessionSynthesizer.cardsPerRow)])
            }
        }
        layouts = try programs.map { program in
            let sceneOptions = SceneOptions(
                width: options.width, height: options.height, program: rows(program), difficulty: options.difficulty)
            return try SceneGenerator(faces: faces, options: sceneOptions).scene(seed: seed, index: 0).cards
        }
        let firstOptions = SceneOptions(
            width: options.width, height: options.height,
            program: [Array(programs[0].prefix(SessionSynthesizer.cardsPerRow))], difficulty: options.difficulty)
        let generator = try SceneGenerator(faces: faces, options: firstOptions)
        var base = generator.scene(seed: seed, index: 0)
        base.faces = allFaces
        let design = base.design
        // The GO card lies level with the first row, left of every card any program puts on the table (rows run
        // along x), with more than half a card's width between it and the nearest one, turned as the first card is.
        if goFace != nil, let first = layouts[0].first {
            let leftmost = layouts.joined().map { card in
                card.center.x - (design.width * abs(cos(card.rotation)) + design.height * abs(sin(card.rotation))) / 2
            }.min() ?? first.center.x
            goCard = SceneCard(
                face: allFaces.count - 1,
                center: TablePoint(leftmost - 0.6 * design.width - design.width / 2, first.center.y),
                rotation: first.rotation + 0.05, row: 0, column: -1)
        } else {
            goCard = nil
        }
        // Pull the camera back until every card of every layout (and the GO card) is in view, with room for the drift.
        var camera = base.camera
        camera.target = TablePoint(0, 0)
        let corners = (layouts.joined() + (goCard.map { [$0] } ?? [])).flatMap { card in
            FrameRenderer.tablePoints(card, [
                (-design.width / 2, -design.height / 2), (design.width / 2, -design.height / 2),
                (design.width / 2, design.height / 2), (-design.width / 2, design.height / 2),
            ])
        }
        let margin = 0.1 * Double(min(options.width, options.height))
        for _ in 0..<80 {
            let inside = corners.allSatisfy { point in
                guard let p = camera.project(point) else { return false }
                return p.x >= margin && p.y >= margin && p.x <= Double(options.width) - margin
                    && p.y <= Double(options.height) - margin
            }
            if inside { break }
            camera.distance *= 1.05
        }
        self.camera = camera
        self.base = base
        var random = SynthRandom(seed: SynthRandom.derive(seed, 0x4A4D))
        hand = generator.makeHand(&random, cards: layouts[0], camera: camera)
            ?? HandPose(reach: layouts[0][0].center, armAngle: .pi / 2)
    }

    /// The scene at keyframe `keyframe` (a tenth of a second) of `timeline`.
    func scene(keyframe: Int, timeline: SessionTimeline) -> SynthScene {
        let seconds = Double(keyframe) / SessionSynthesizer.keyframesPerSecond
        let spanIndex = timeline.spanIndex(at: seconds)
        let span = timeline.spans[spanIndex]
        var scene = base
        let cards = Array(layouts[span.layout].prefix(span.shown))
        scene.cards = cards + (goCard.map { [$0] } ?? [])
        // The camera drifts: a small, smooth wander around where it started.
        let phase = seconds * 2
        scene.camera = camera
        scene.camera.target = camera.target.offset(6 * sin(phase * 0.31 + 1), 5 * cos(phase * 0.23))
        scene.camera.heading = camera.heading + 0.02 * sin(phase * 0.17)
        scene.camera.distance = camera.distance * (1 + 0.015 * sin(phase * 0.13 + 2))
        scene.effects.seed = SynthRandom.derive(seed, UInt64(keyframe), 0x5E55)
        var random = SynthRandom(seed: SynthRandom.derive(seed, UInt64(spanIndex), 0x4A4E))
        // A hand moves a little within its span.
        let wobble = TablePoint(3 * sin(seconds * 3.1), 3 * cos(seconds * 2.3))
        let layout = layouts[span.layout]
        func placed(at point: TablePoint, from angle: Double, length: Double = 900) -> HandPose {
            var pose = hand
            pose.reach = point.offset(wobble.x, wobble.y)
            pose.armAngle = angle
            pose.armLength = length
            return pose
        }
        // Hands come from the child's side of the table (+y), never across the GO card unless tapping it.
        let fromChild = Double.pi / 2 + random.uniform(-0.35...0.35)
        switch span.hand {
        case .none:
            scene.hand = nil
        case .placing(let index):
            let card = layout[min(index, layout.count - 1)]
            scene.hand = placed(at: card.center.offset(random.uniform(-8...8), random.uniform(0...14)), from: fromChild)
        case .overRow:
            let card = layout[min(layout.count / 2, layout.count - 1)]
            scene.hand = placed(at: card.center.offset(random.uniform(-10...10), random.uniform(-6...10)), from: fromChild)
        case .overCard(let index):
            let card = layout[min(index, layout.count - 1)]
            scene.hand = placed(at: card.center.offset(random.uniform(-5...5), random.uniform(-12...0)), from: fromChild)
        case .onGo:
            guard let go = goCard else { scene.hand = nil; break }
            // From the child's side and a little from the left, away from the row.
            scene.hand = placed(
                at: go.center.offset(random.uniform(-6...6), random.uniform(-14...0)),
                from: Double.pi / 2 + random.uniform(0.15...0.55))
        case .sweep:
            guard let go = goCard else { scene.hand = nil; break }
            // The palm on the GO card, the arm laid along the row over every card's marker.
            let markerMiddle = -base.design.height / 2 + base.design.markerTop + base.design.markerSize / 2
            var pose = placed(at: go.center.offset(-10 * cos(go.rotation), markerMiddle), from: go.rotation, length: 1200)
            pose.palmWidth = max(pose.palmWidth, 72)
            scene.hand = pose
        }
        return scene
    }
}
