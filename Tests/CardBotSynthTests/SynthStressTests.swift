import CardBotGeometry
import CardBotImaging
import CardBotSynth
import CardBotTestSupport
import Testing

/// The synthesizer's stress conditions render what they promise, and their truth follows the visibility rule
/// (corners inside the frame, under 10% covered by a hand or a highlight's saturated core).
@Suite("Synth: stress conditions")
struct SynthStressTests {
    @Test("motion blur smears edges along its direction only")
    func motionBlurDirection() {
        var scene = SynthTestSupport.singleCard()
        scene.effects = CameraEffects(blur: 0, noise: 0, motionLength: 10, motionAngle: 0)
        let image = FrameRenderer().render(scene).gray
        // Steepest steps across columns (horizontal) and across rows (vertical).
        var horizontal = 0, vertical = 0
        for y in 1..<image.height {
            for x in 1..<image.width {
                horizontal = max(horizontal, abs(Int(image[x, y]) - Int(image[x - 1, y])))
                vertical = max(vertical, abs(Int(image[x, y]) - Int(image[x, y - 1])))
            }
        }
        // A 10-pixel smear turns the dark-to-light step (about 220 levels) into ramps of about 22 per pixel.
        #expect(horizontal < 40, "horizontal \(horizontal)")
        #expect(vertical > 150, "vertical \(vertical)")
    }

    @Test("a highlight saturates its core, and a marker is hidden once more than 10% of it lies in the core")
    func glareCoverage() throws {
        var scene = SynthTestSupport.singleCard()
        scene.coverLimit = 0.1
        let clean = FrameRenderer().render(scene)
        let corners = try #require(clean.truth.cards.first?.corners)
        let side = corners[0].distance(to: corners[1])
        let center = ImagePoint((corners[0].x + corners[2].x) / 2, (corners[0].y + corners[2].y) / 2)
        // A small core on the marker's corner: under 10% covered, still visible; its core is pure white.
        scene.lighting.highlight = Highlight(center: corners[0], radius: 0.12 * side, peak: 3)
        let small = FrameRenderer().render(scene)
        #expect(small.truth.cards[0].hidden == false)
        #expect(small.truth.cards[0].occluded > 0 && small.truth.cards[0].occluded < 0.1)
        #expect(small.gray[Int(corners[0].x.rounded()), Int(corners[0].y.rounded())] == 255)
        // A large one over the middle: hidden, as covered.
        scene.lighting.highlight = Highlight(center: center, radius: 0.4 * side, peak: 3)
        let large = FrameRenderer().render(scene)
        #expect(large.truth.cards[0].hidden)
        #expect(large.truth.cards[0].reason == .occluded)
    }

    @Test("faded ink prints the marker's black as grey, between the ink and the paper")
    func faded() throws {
        var scene = SynthTestSupport.singleCard()
        let full = FrameRenderer().render(scene)
        let corners = try #require(full.truth.cards.first?.corners)
        // The solid face is black all over inside its border: its centre shows the ink.
        let x = Int(((corners[0].x + corners[2].x) / 2).rounded()), y = Int(((corners[0].y + corners[2].y) / 2).rounded())
        scene.design.inkDarkness = 0.5
        scene.design.paper = [250, 214, 224]
        let faded = FrameRenderer().render(scene)
        #expect(full.gray[x, y] < 40)
        #expect(faded.gray[x, y] > 100 && faded.gray[x, y] < 160, "\(faded.gray[x, y])")
    }

    @Test("every stress condition renders frames with visible cards", arguments: SynthDifficulty.stressConditions)
    func conditionRenders(_ difficulty: SynthDifficulty) throws {
        let generator = try SceneGenerator(
            faces: SynthTestSupport.faces(), options: SceneOptions(width: 640, height: 360, difficulty: difficulty))
        let renderer = FrameRenderer()
        var visible = 0
        for index in 0..<3 { visible += renderer.render(generator.scene(seed: 5, index: index)).truth.visible.count }
        #expect(visible >= 3)
    }
}
