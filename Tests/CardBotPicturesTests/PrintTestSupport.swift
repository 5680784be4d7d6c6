import CardBotGeometry
import CardBotImaging
import CardBotSynth
import CardBotTestSupport
import CardBotPictures
import CardBotVision

/// The decks the printing tests print, and printed sheets photographed lying on a table.
enum PrintTestSupport {
    /// The default deck, Cards/deck.json, loaded once.
    static let defaultDeck: Deck = {
        do { return try Deck.load(PackageRoot.url.path + "/Cards/deck.json") } catch {
            fatalError("the default deck does not load: \(error)")
        }
    }()

    /// The example picture deck, Cards/examples/picture-deck/deck.json, loaded once.
    static let pictureDeck: Deck = {
        do { return try Deck.load(PackageRoot.url.path + "/Cards/examples/picture-deck/deck.json") } catch {
            fatalError("the picture deck does not load: \(error)")
        }
    }()

    /// How a printed sheet lies under the camera.
    struct Pose: Sendable, CustomStringConvertible {
        var tilt: Double
        var heading: Double
        var rotation: Double
        var blur: Double
        var noise: Double
        var quality: Int

        var description: String { "tilt \(tilt), heading \(heading), blur \(blur), noise \(noise), JPEG \(quality)" }
    }

    /// A printed A4 sheet photographed lying on a table at `pose` by a 1600x1200 camera, JPEG compressed and decoded.
    static func photograph(_ sheet: RGBImage, paper: PaperSize, pose: Pose, seed: UInt64 = 1) throws -> GrayImage {
        let width = 1600, height = 1200
        let camera = SynthCamera(
            width: width, height: height, focalLength: SynthCamera.focalLength(width: width, horizontalFieldOfView: 62),
            target: TablePoint(0, 0), distance: 390, tilt: pose.tilt * Double.pi / 180,
            heading: pose.heading * Double.pi / 180)
        let photo = SheetPhotographer().photograph(
            sheet, placement: .init(width: paper.width, height: paper.height, rotation: pose.rotation * Double.pi / 180),
            camera: camera, lighting: Lighting(exposure: 0.92, gradient: 0.25, gradientAngle: 0.7, vignette: 0.2),
            effects: CameraEffects(blur: pose.blur, noise: pose.noise, jpegQuality: pose.quality, seed: seed))
        return try ImageReader.decodeGray(JPEGCodec.encode(photo.rgb, quality: pose.quality))
    }

}
