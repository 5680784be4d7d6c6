import CardBotGeometry
import CardBotImaging
import CardBotSynth
import Foundation
import CardBotTestSupport
import Testing

@Suite("Synth renderer: ground truth matches the pixels")
struct SynthRendererTests {

    /// The horizontal chord of a convex polygon at height `y`: its left and right ends.
    func chord(_ polygon: [ImagePoint], y: Double) -> (Double, Double)? {
        var xs: [Double] = []
        for index in polygon.indices {
            let a = polygon[index]
            let b = polygon[(index + 1) % polygon.count]
            if (a.y <= y && b.y > y) || (b.y <= y && a.y > y) {
                xs.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x))
            }
        }
        guard xs.count == 2 else { return nil }
        return (xs.min()!, xs.max()!)
    }

    @Test(
        "a dark marker's rendered area and position match its true corners to well under 0.1 pixel",
        arguments: [
            (0.0, 0.0, 0.0, 0.0, 0.0),
            (0.37, -0.21, 0.2, 0.0, 0.0),
            (3.1, 1.7, 0.5, 0.9, 0.5),
            (-2.3, 4.4, -0.3, 2.4, 1.0),
            (1.2, -3.3, 0.25, 4.0, 1.05),
        ])
    func subpixelTruth(dx: Double, dy: Double, rotation: Double, heading: Double, tilt: Double) {
        let scene = SynthTestSupport.singleCard(center: TablePoint(dx, dy), rotation: rotation, tilt: tilt, heading: heading)
        let frame = FrameRenderer().render(scene)
        let card = frame.truth.cards[0]
        #expect(!card.hidden)
        let corners = card.corners
        let ys = corners.map(\.y)
        // Paper and ink as rendered: the marker's middle is ink, a point beyond its top edge is paper.
        let middle = ImagePoint(corners.map(\.x).reduce(0, +) / 4, ys.reduce(0, +) / 4)
        let ink = Double(frame.gray[Int(middle.x.rounded()), Int(middle.y.rounded())])
        let above = ImagePoint(
            (corners[0].x + corners[1].x) / 2 + ((corners[0].x + corners[1].x) / 2 - middle.x) * 0.1,
            (corners[0].y + corners[1].y) / 2 + ((corners[0].y + corners[1].y) / 2 - middle.y) * 0.1)
        let paper = Double(frame.gray[Int(above.x.rounded()), Int(above.y.rounded())])
        #expect(paper - ink > 200)
        var checked = 0
        // Along rows, then along columns (by transposing): the sum of darkness along a line is the chord's
        // length and its centroid the chord's middle, exactly so for area sampling of straight edges.
        // Only lines whose both ends cross steep edges (at most 60 degrees from the line's normal) count.
        for transposed in [false, true] {
            let polygon = transposed ? corners.map { ImagePoint($0.y, $0.x) } : corners
            let image = frame.gray
            func value(_ along: Int, _ line: Int) -> Double {
                Double(transposed ? image[line, along] : image[along, line])
            }
            let ys = polygon.map(\.y)
            for line in Int(ys.min()!.rounded(.up)) + 1...Int(ys.max()!.rounded(.down)) - 1 {
                guard let (left, right) = chord(polygon, y: Double(line)),
                    let (left0, right0) = chord(polygon, y: Double(line) - 0.5),
                    let (left1, right1) = chord(polygon, y: Double(line) + 0.5),
                    abs(left1 - left0) < 1.8, abs(right1 - right0) < 1.8,
                    abs((left0 + left1) / 2 - left) < 1e-6, abs((right0 + right1) / 2 - right) < 1e-6
                else { continue }
                // One pixel beyond the edges' extent in this line: still on the card's white margin.
                let x0 = Int(min(left0, left1).rounded()) - 1
                let x1 = Int(max(right0, right1).rounded()) + 1
                var length = 0.0
                var moment = 0.0
                for x in x0...x1 {
                    let darkness = (paper - value(x, line)) / (paper - ink)
                    length += darkness
                    moment += darkness * Double(x)
                }
                let name = transposed ? "column" : "row"
                #expect(abs(length - (right - left)) < 0.1, "\(name) \(line): length \(length) vs \(right - left)")
                #expect(abs(moment / length - (left + right) / 2) < 0.05,
                        "\(name) \(line): middle \(moment / length) vs \((left + right) / 2)")
                checked += 1
            }
        }
        #expect(checked >= 20)
    }

    @Test("the corners are in the marker's own upright order whatever the camera's rotation", arguments: [0.0, 1.3, 3.0, 4.6])
    func uprightOrder(heading: Double) {
        // A marker whose top-left inner cell is the only white one.
        let face = CardFace(id: 1, gridSize: 4, isWhite: { row, column in row == 0 && column == 0 })
        let scene = SynthTestSupport.singleCard(face: face, tilt: 0.4, heading: heading)
        let frame = FrameRenderer().render(scene)
        let c = frame.truth.cards[0].corners
        // The white cell sits at 1.5/6 of the way from the top-left corner along both edges.
        func along(_ a: ImagePoint, _ b: ImagePoint, _ t: Double) -> ImagePoint {
            ImagePoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
        }
        let top = along(c[0], c[1], 1.5 / 6)
        let bottom = along(c[3], c[2], 1.5 / 6)
        let white = along(top, bottom, 1.5 / 6)
        #expect(frame.gray[Int(white.x.rounded()), Int(white.y.rounded())] > 200)
        // The same place from each other corner is black.
        for start in 1..<4 {
            let a = c[start]
            let b = c[(start + 1) % 4]
            let d = c[(start + 3) % 4]
            let e = c[(start + 2) % 4]
            let p = along(along(a, b, 1.5 / 6), along(d, e, 1.5 / 6), 1.5 / 6)
            #expect(frame.gray[Int(p.x.rounded()), Int(p.y.rounded())] < 60)
        }
    }

    @Test("in generated frames every visible marker is dark just inside its true outline and light just outside")
    func borderAlignment() throws {
        let generator = try SceneGenerator(
            faces: SynthTestSupport.faces(), options: SceneOptions(width: 640, height: 480, difficulty: .easy))
        let renderer = FrameRenderer()
        var checked = 0
        for index in 0..<6 {
            let frame = renderer.render(generator.scene(seed: 11, index: index))
            for card in frame.truth.cards where !card.hidden {
                let c = card.corners
                let center = ImagePoint(c.map(\.x).reduce(0, +) / 4, c.map(\.y).reduce(0, +) / 4)
                for edge in 0..<4 {
                    let a = c[edge]
                    let b = c[(edge + 1) % 4]
                    for t in [0.3, 0.5, 0.7] {
                        let p = ImagePoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                        let dx = center.x - p.x
                        let dy = center.y - p.y
                        let length = (dx * dx + dy * dy).squareRoot()
                        // 2 px in and out: inside the one-cell border (markers here are over 20 px), outside in the margin.
                        let inside = frame.gray[Int((p.x + dx / length * 2).rounded()), Int((p.y + dy / length * 2).rounded())]
                        let outside = frame.gray[Int((p.x - dx / length * 2).rounded()), Int((p.y - dy / length * 2).rounded())]
                        #expect(Int(outside) - Int(inside) > 60, "card \(card.id) edge \(edge): in \(inside), out \(outside)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 100)
    }

    @Test("the same scene renders to the same pixels with a fresh renderer or a reused one")
    func deterministicRendering() throws {
        let generator = try SceneGenerator(
            faces: SynthTestSupport.faces(), options: SceneOptions(width: 320, height: 240, difficulty: .occluded))
        let reused = FrameRenderer()
        _ = reused.render(generator.scene(seed: 1, index: 5))
        let a = reused.render(generator.scene(seed: 4, index: 2))
        let b = FrameRenderer().render(generator.scene(seed: 4, index: 2))
        #expect(a.rgb == b.rgb)
        #expect(a.truth == b.truth)
        #expect(a.handMask == b.handMask)
    }

    @Test("the grey frame is the luminance of the colour frame")
    func grayIsLuminance() throws {
        let frame = FrameRenderer().render(SynthTestSupport.singleCard(tilt: 0.3))
        #expect(frame.gray == frame.rgb.luminance)
        #expect(frame.gray.width == 320 && frame.gray.height == 240)
    }

    @Test("blur softens edges and noise adds grain, both by the amounts asked")
    func blurAndNoise() {
        var scene = SynthTestSupport.singleCard()
        let sharp = FrameRenderer().render(scene).gray
        scene.effects = CameraEffects(blur: 1.5, noise: 0)
        let blurred = FrameRenderer().render(scene).gray
        scene.effects = CameraEffects(blur: 0, noise: 6, seed: 9)
        let noisy = FrameRenderer().render(scene).gray
        // The steepest step between neighbours: the marker's border, softened by the blur.
        func steepest(_ image: GrayImage) -> Int {
            var best = 0
            for y in 0..<image.height {
                for x in 1..<image.width { best = max(best, abs(Int(image[x, y]) - Int(image[x - 1, y]))) }
            }
            return best
        }
        #expect(steepest(sharp) > 150)
        #expect(steepest(blurred) < steepest(sharp) / 2)
        // Noise: the mean squared difference to the clean frame is near the asked sigma (6 at mid grey, more in white).
        var squares = 0.0
        for i in 0..<sharp.count {
            let d = Double(noisy.pixels[i]) - Double(sharp.pixels[i])
            squares += d * d
        }
        let rms = (squares / Double(sharp.count)).squareRoot()
        #expect(rms > 3 && rms < 12, "rms \(rms)")
    }
}
