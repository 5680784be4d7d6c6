import CardBotGeometry
import CardBotImaging
import CardBotSynth
import CardBotVision
import Foundation

/// Recordings for the capture check's tests, synthesized in process: a row of the default deck's cards and the GO
/// card on a table, seen by a steady camera, then one thing made bad (the camera far, shaking, the room dark, a lamp
/// shining off a card).
public enum CaptureScenes {
    /// What is made bad.
    public enum Setup: String, CaseIterable, Sendable {
        case good, far, blurred, dark, glare, noisy
    }

    public static let deck: Deck = {
        do { return try Deck.load(PackageRoot.path("Cards/deck.json")) } catch { fatalError("the default deck does not load: \(error)") }
    }()

    /// The deck's code cards as the synthesizer's faces (the GO card among them, to lay in the row).
    public static let faces: [CardFace] = deck.cards.filter { $0.code != nil }.enumerated().map { index, card in
        let code = card.code!
        return CardFace(
            id: card.marker, gridSize: code.size, isWhite: code.isWhite, title: card.title,
            accent: CardFace.accent(forIndex: index))
    }

    /// `count` frames of `setup`, 640x480, markers about `size` px (before the setup changes them).
    public static func frames(_ setup: Setup, count: Int = 2, size: Double = 34, glare: (radius: Double, peak: Double) = (0.2, 2)) -> [GrayImage] {
        let go = deck.goMarker ?? 18
        let program = [[0, 1, 2, 3].map { deck.cards[$0].marker } + [go]]
        let generator = try! SceneGenerator(
            faces: faces, options: SceneOptions(width: 640, height: 480, program: program, difficulty: .easy, keepAllInView: true))
        let renderer = FrameRenderer()
        return (0..<count).map { index in
            var scene = generator.scene(seed: 11, index: index)
            scene.camera.tilt = min(scene.camera.tilt, 20 * Double.pi / 180)
            scene.effects = CameraEffects(blur: 0.6, noise: 2, jpegQuality: 90, seed: UInt64(index + 1))
            scene.lighting.exposure = 1
            scene.lighting.shadowStrength = 0
            var target = size
            switch setup {
            case .good, .dark, .glare, .noisy: break
            case .far: target = 11
            case .blurred: scene.effects.motionLength = 1.6 * target / 6
            }
            scene.camera.distance = scene.camera.focalLength * CardDesign.standard.markerSize * cos(scene.camera.tilt).squareRoot() / target
            if setup == .dark { scene.lighting.exposure = 0.04 }
            if setup == .noisy {
                // A dim room and a phone's high gain: noise over a tenth of the paper's brightness.
                scene.lighting.exposure = 0.2
                scene.effects.noise = 35
            }
            if setup == .glare {
                // A highlight on the top edge of the second card's marker, its saturated core over some of its black ring.
                let truth = renderer.render(scene).truth.cards[1].corners
                let center = ImagePoint(x: (truth[0].x + truth[1].x) / 2, y: (truth[0].y + truth[1].y) / 2)
                scene.lighting.highlight = Highlight(center: center, radius: glare.radius * target, peak: glare.peak)
            }
            return renderer.render(scene).gray
        }
    }
}
