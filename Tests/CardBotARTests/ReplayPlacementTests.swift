import CardBotAR
import CardBotGeometry
import CardBotImaging
import CardBotLesson
import CardBotSynth
import CardBotTestSupport
import CardBotVision
import Foundation
import Testing

/// Where the replay draws the map and how large the robot is, measured in the pixels of rendered frames of tables
/// whose cards fill much of the frame: the map beside the cards, never over one; the robot big enough to see, with
/// a front.
@Suite struct ReplayPlacementTests {
    /// A rendered table of `program` at `width` x `height`, read as the replay reads it.
    static func table(program: [[Int]], seed: UInt64, width: Int, height: Int) throws -> (frame: RGBImage, cards: [Detection]) {
        let options = SceneOptions(width: width, height: height, program: program, difficulty: .easy, keepAllInView: true)
        let scene = try SceneGenerator(faces: ARTestSupport.faces, options: options).scene(seed: seed)
        let frame = try ARTestSupport.render(scene)
        return (frame.rgb, FrameAnalyzer(deck: ARTestSupport.deck).analyze(frame.gray).cards)
    }

    static func level(_ number: Int) throws -> Level {
        try LevelLoader.locate(String(number), levelsDirectory: ARTestSupport.packageRoot.appendingPathComponent("Levels").path)
    }

    /// The cards' whole outlines in the image (not only their markers).
    static func outlines(_ cards: [Detection]) -> [[ImagePoint]] {
        cards.map { ARTestSupport.geometry.cardOutline(markerCorners: $0.corners)! }
    }

    /// The pixels the replay changed, at the robot's start and half-way, that lie on a card (the caption band left
    /// out).
    static func pixelsOnCards(level: Level, program: String, frame: RGBImage, cards: [Detection]) throws -> (onCards: Int, view: ReplayView) {
        let options = ReplayOptions(cards: ARTestSupport.geometry)
        let view = ReplayView.prepare(
            plane: TablePlaneFitter(geometry: ARTestSupport.geometry).fit(cards), seen: cards.map(\.corners), programMatches: false,
            map: level.map, width: frame.width, height: frame.height, options: options)
        let trace = Robot.run(try CardProgram(program.split(separator: " ").map { Card(name: String($0))! }), on: level)
        let attempt = ARTestSupport.attempt(trace)
        let composer = ReplayComposer(level: level, options: options)
        let animation = RobotAnimation(map: level.map, trace: trace)
        let band = Int(Double(frame.height) * 0.1) + 8
        let outlines = Self.outlines(cards)
        var onCards = 0
        for time in [0, animation.duration / 2] {
            let drawn = composer.frame(attempt: attempt, animation: animation, time: time, background: frame, view: view)
            for p in ReplayPixels.changed(drawn, from: frame) where p.y < frame.height - band {
                if outlines.contains(where: { ReplayPixels.inside($0, x: p.x, y: p.y) }) { onCards += 1 }
            }
        }
        return (onCards, view)
    }

    @Test("the map never covers a card, on tables whose two rows of cards fill much of a small frame", arguments: [
        (UInt64(1), 640, 360), (UInt64(3), 480, 360), (UInt64(5), 640, 480),
    ])
    func mapBesideCards(seed: UInt64, width: Int, height: Int) throws {
        let program = [[0, 0, 2, 0, 0, 1], [0, 3, 0, 2, 0, 0]]
        let (frame, cards) = try Self.table(program: program, seed: seed, width: width, height: height)
        try #require(cards.count >= 10, "read \(cards.count) cards")
        let (onCards, view) = try Self.pixelsOnCards(
            level: try Self.level(16), program: "forward forward right forward forward", frame: frame, cards: cards)
        #expect(onCards == 0, "\(onCards) pixels drawn over the cards (\(view.fallbackReason ?? "on the table"))")
    }

    /// `card` moved so that its marker's centre is at `centre`, `scale` times its size (a card the plane leaves out:
    /// another size, or held up), marker 17.
    static func stray(_ card: Detection, at centre: ImagePoint, scale: Double) -> Detection {
        var card = card
        let c = card.quad.center
        let move = { (p: ImagePoint) in ImagePoint(centre.x + (p.x - c.x) * scale, centre.y + (p.y - c.y) * scale) }
        card.quad = Quad(topLeft: move(card.quad.topLeft), topRight: move(card.quad.topRight),
                         bottomRight: move(card.quad.bottomRight), bottomLeft: move(card.quad.bottomLeft))
        card.marker = 17
        return card
    }

    @Test("a card the plane leaves out (twice the size) lying where the map would go is not covered either")
    func strayCard() throws {
        let (frame, cards) = try Self.table(program: [[0, 0, 2, 0, 3]], seed: 2, width: 640, height: 360)
        let level = try Self.level(5)
        let options = ReplayOptions(cards: ARTestSupport.geometry)
        let fitter = TablePlaneFitter(geometry: ARTestSupport.geometry)
        let first = ReplayView.prepare(plane: fitter.fit(cards), seen: cards.map(\.corners), programMatches: false, map: level.map,
                                       width: frame.width, height: frame.height, options: options)
        guard case .table(let pose, let layout, _) = first else {
            Issue.record("fell back to the flat map: \(first.fallbackReason ?? "")")
            return
        }
        // A big card on the middle of where the map went without it.
        let footprint = layout.footprint(pose: pose, raise: 0)
        let centre = ImagePoint(footprint.map(\.x).reduce(0, +) / Double(footprint.count),
                                footprint.map(\.y).reduce(0, +) / Double(footprint.count))
        let all = cards + [Self.stray(cards[0], at: centre, scale: 2)]
        let plane = try #require(fitter.fit(all))
        try #require(plane.cards.last?.inlier == false, "the big card fits the plane")
        let (onCards, view) = try Self.pixelsOnCards(level: level, program: "forward jump right", frame: frame, cards: all)
        #expect(onCards == 0, "\(onCards) pixels drawn over the cards (\(view.fallbackReason ?? "on the table"))")
    }

    @Test("with no room on the table, the flat map goes into a corner clear of the cards")
    func flatInsetBesideCards() throws {
        // A card in the top-left corner, where the flat map used to go: with no plane (as when the cards are seen
        // too steeply) the inset goes to another corner.
        let (frame, read) = try Self.table(program: [[0, 0, 2, 0, 0, 1], [0, 3, 0, 2, 0, 0]], seed: 3, width: 480, height: 360)
        let cards = read + [Self.stray(read[0], at: ImagePoint(60, 60), scale: 1)]
        let options = ReplayOptions(cards: ARTestSupport.geometry)
        let level = try Self.level(5)
        let view = ReplayView.prepare(plane: nil, seen: cards.map(\.corners), programMatches: false, map: level.map,
                                      width: frame.width, height: frame.height, options: options)
        guard case .flat(let flat, _) = view else {
            Issue.record("no plane, yet not flat")
            return
        }
        let clearance = CardClearance(cards: Self.outlines(cards))
        #expect(clearance.isClear(x: Double(flat.insetOrigin.x - 2), y: Double(flat.insetOrigin.y - 2),
                                  width: Double(flat.width + 4), height: Double(flat.height + 4)),
                "inset at \(flat.insetOrigin), \(flat.width) x \(flat.height)")
        let trace = Robot.run(try CardProgram([.forward, .jump]), on: level)
        let attempt = ARTestSupport.attempt(trace)
        let drawn = ReplayComposer(level: level, options: options).frame(
            attempt: attempt, animation: RobotAnimation(map: level.map, trace: trace), time: 0, background: frame, view: view)
        let band = Int(Double(frame.height) * 0.1) + 8
        let outlines = Self.outlines(cards)
        let onCards = ReplayPixels.changed(drawn, from: frame).filter { p in
            p.y < frame.height - band && outlines.contains { ReplayPixels.inside($0, x: p.x, y: p.y) }
        }
        #expect(onCards.isEmpty, "\(onCards.count) pixels of the inset over the cards")
    }

    /// The robot's drawn extent at `moment` in `scene`: the pixels that change when it is taken away.
    static func robotExtent(_ scene: OverlayRenderer.Scene, over frame: RGBImage) -> (width: Int, height: Int, pixels: [(x: Int, y: Int)]) {
        let renderer = OverlayRenderer()
        var withRobot = OverlayCanvas(frame)
        renderer.draw(scene, on: &withRobot)
        var gone = scene
        gone.moment.position = SIMD2(-1e5, -1e5)
        var without = OverlayCanvas(frame)
        renderer.draw(gone, on: &without)
        let pixels = ReplayPixels.changed(withRobot.take(), from: without.take(), threshold: 40)
        let extent = ReplayPixels.extent(pixels)
        return (extent.width, extent.height, pixels)
    }

    @Test("the robot spans at least 6% of the frame's shorter side, across and down, on the table and on the flat map",
          arguments: [(UInt64(1), 640, 360), (UInt64(3), 480, 360), (UInt64(5), 640, 480)])
    func robotSize(seed: UInt64, width: Int, height: Int) throws {
        let (frame, cards) = try Self.table(program: [[0, 0, 2, 0, 0, 1], [0, 3, 0, 2, 0, 0]], seed: seed, width: width, height: height)
        let options = ReplayOptions(cards: ARTestSupport.geometry)
        let level = try Self.level(16)
        let trace = Robot.run(try CardProgram([.forward, .forward]), on: level)
        let moment = RobotAnimation(map: level.map, trace: trace).moment(at: 0)
        let least = 0.06 * Double(min(width, height))
        let robot = ReplayComposer(level: level, options: options).robotPixels(width: width, height: height)
        let view = ReplayView.prepare(
            plane: TablePlaneFitter(geometry: ARTestSupport.geometry).fit(cards), seen: cards.map(\.corners), programMatches: false,
            map: level.map, width: width, height: height, options: options)
        if case .table(let pose, let layout, _) = view {
            let scene = OverlayRenderer.Scene(pose: pose, layout: layout, map: level.map, moment: moment, solved: false, robotPixels: robot)
            let extent = Self.robotExtent(scene, over: frame)
            #expect(Double(min(extent.width, extent.height)) >= least, "robot \(extent.width) x \(extent.height) px, at least \(least)")
        } else {
            Issue.record("fell back to the flat map: \(view.fallbackReason ?? "")")
        }
        // The flat map, as large as a corner inset of this frame.
        let flat = FlatMapView(map: level.map, width: width * 2 / 5, height: height * 2 / 5)
        let background = RGBImage(width: flat.width, height: flat.height, fill: FlatMapView.background)
        let scene = OverlayRenderer.Scene(pose: flat.pose, layout: flat.layout, map: level.map, moment: moment, solved: false, robotPixels: robot)
        let extent = Self.robotExtent(scene, over: background)
        #expect(Double(min(extent.width, extent.height)) >= least, "flat robot \(extent.width) x \(extent.height) px, at least \(least)")
    }

    @Test("the robot shows which way it faces: its arrow and nose move to the side it faces, east or west, north or south")
    func robotHasAFront() throws {
        let level = try Self.level(16)
        let flat = FlatMapView(map: level.map, width: 480, height: 360)
        let background = RGBImage(width: 480, height: 360, fill: FlatMapView.background)
        let trace = Robot.run(try CardProgram([.forward]), on: level)
        let start = RobotAnimation(map: level.map, trace: trace).moment(at: 0)
        let style = OverlayStyle()
        /// The centre of the robot's front-coloured pixels facing `heading`, after checking there are enough of them.
        func front(_ heading: Double) -> (x: Double, y: Double) {
            var moment = start
            moment.heading = heading
            let scene = OverlayRenderer.Scene(pose: flat.pose, layout: flat.layout, map: level.map, moment: moment, solved: false,
                                              robotPixels: 24)
            var canvas = OverlayCanvas(background)
            OverlayRenderer(style: style).draw(scene, on: &canvas)
            let image = canvas.take()
            let robot = Self.robotExtent(scene, over: background).pixels
            let nose = style.robotNose
            let front = robot.filter { p in
                let i = (p.y * image.width + p.x) * 3
                return abs(Int(image.pixels[i]) - Int(nose.red)) + abs(Int(image.pixels[i + 1]) - Int(nose.green))
                    + abs(Int(image.pixels[i + 2]) - Int(nose.blue)) < 60
            }
            #expect(Double(front.count) >= 0.03 * Double(robot.count), "heading \(heading): \(front.count) of \(robot.count) pixels")
            let n = Double(max(1, front.count))
            return (Double(front.map(\.x).reduce(0, +)) / n, Double(front.map(\.y).reduce(0, +)) / n)
        }
        // The flat view looks north from above the south: east is right, north is up.
        let east = front(0), west = front(Double.pi), south = front(Double.pi / 2), north = front(-Double.pi / 2)
        #expect(east.x > west.x + 2, "east \(east), west \(west)")
        #expect(north.y < south.y - 2, "north \(north), south \(south)")
    }
}
