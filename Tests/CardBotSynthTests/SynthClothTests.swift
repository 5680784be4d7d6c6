import CardBotGeometry
import CardBotImaging
import CardBotSynth
import CardBotTestSupport
import Testing

/// The printed tablecloths (polka dots, gingham, flowers, stripes) and the conditions that lay them: strong patterns
/// in real colour that stay smooth far away, and truth that still lists only the cards.
@Suite("Synth: printed cloths")
struct SynthClothTests {
    /// The conditions added with the printed cloths and the clutter.
    static let conditions: [SynthDifficulty] = [.polka, .gingham, .floral, .stripes, .clutter]

    @Test("each cloth and clutter condition renders frames whose truth lists exactly the cards", arguments: conditions)
    func truthListsTheCards(_ difficulty: SynthDifficulty) throws {
        let generator = try SceneGenerator(
            faces: SynthTestSupport.faces(), options: SceneOptions(width: 640, height: 360, difficulty: difficulty))
        let renderer = FrameRenderer()
        var visible = 0
        for index in 0..<3 {
            let scene = generator.scene(seed: 9, index: index)
            let frame = renderer.render(scene)
            let laid = scene.cards.map { scene.faces[$0.face].id }
            #expect(frame.truth.cards.map(\.id).sorted() == laid.sorted())
            #expect(frame.truth.visible.allSatisfy { laid.contains($0) })
            visible += frame.truth.visible.count
            if difficulty == .clutter {
                #expect((3...8).contains(scene.clutter.count), "frame \(index): \(scene.clutter.count) things")
            } else {
                #expect(scene.clutter.isEmpty)
                #expect(scene.table.surface.rawValue == difficulty.rawValue)
                #expect(scene.table.inks.count == 3)
            }
        }
        #expect(visible >= 6)
    }

    @Test("the clutter condition lays every kind of thing, on printed cloths and ordinary tables")
    func clutterVariety() throws {
        let generator = try SceneGenerator(
            faces: SynthTestSupport.faces(), options: SceneOptions(width: 640, height: 360, difficulty: .clutter))
        var kinds: Set<SceneClutter.Kind> = []
        var printed = 0
        let count = 60
        for index in 0..<count {
            let scene = generator.scene(seed: 4, index: index)
            kinds.formUnion(scene.clutter.map(\.kind))
            if scene.table.surface.isPrinted { printed += 1 }
        }
        #expect(kinds == Set(SceneClutter.Kind.allCases))
        #expect(printed > count / 3 && printed < count * 5 / 6, "\(printed) of \(count) on a printed cloth")
    }

    /// A bare table of `surface` (white with red, navy and green inks, or grey laminate) seen from 400 mm, straight
    /// down (about a pixel per millimetre) or tilted; `seed` picks the pattern (seed 4: the finest of each surface).
    static func bareTable(
        _ surface: TableStyle.Surface, tilt: Double = 0, size: (Int, Int) = (320, 240), seed: UInt64 = 3
    ) -> RGBImage {
        var scene = SynthTestSupport.singleCard(tilt: tilt, size: size)
        scene.cards = []
        scene.table = surface.isPrinted
            ? TableStyle(
                surface: surface, color: RGB(244, 242, 236), contrast: 0.5, seed: seed, halfWidth: 50_000,
                halfHeight: 50_000, inks: [RGB(186, 28, 38), RGB(28, 40, 92), RGB(28, 104, 58)])
            : TableStyle(surface: surface, color: RGB(202, 200, 194), contrast: 0.5, seed: seed)
        return FrameRenderer().render(scene).rgb
    }

    /// The variance of the luminance over rows `rows` of `image`.
    static func variance(_ image: RGBImage, rows: Range<Int>? = nil) -> Double {
        let gray = image.luminance
        var sum = 0.0
        var squares = 0.0
        var count = 0.0
        for y in rows ?? 0..<gray.height {
            for x in 0..<gray.width {
                let value = Double(gray[x, y])
                sum += value
                squares += value * value
                count += 1
            }
        }
        let mean = sum / count
        return squares / count - mean * mean
    }

    @Test("a printed cloth varies far more than laminate, and in real colour", arguments: TableStyle.Surface.printed)
    func strongPattern(_ surface: TableStyle.Surface) {
        let cloth = Self.bareTable(surface)
        let laminate = Self.variance(Self.bareTable(.laminate))
        let printed = Self.variance(cloth)
        #expect(printed > 30 * laminate, "\(surface): variance \(printed), laminate \(laminate)")
        // The red ink prints red: a good share of the pixels is far redder than blue.
        var red = 0
        for y in 0..<cloth.height {
            for x in 0..<cloth.width where Int(cloth[x, y].red) - Int(cloth[x, y].blue) > 60 { red += 1 }
        }
        #expect(red > cloth.width * cloth.height / 20, "\(surface): \(red) red pixels")
    }

    @Test("a printed cloth seen at a grazing angle fades to its mean colour far away instead of showing moire",
          arguments: [TableStyle.Surface.gingham, .polka, .stripes])
    func noMoire(_ surface: TableStyle.Surface) {
        // Tilted 74.5 degrees: the near table at the top of the image (under a millimetre a pixel), the horizon
        // near row 296, and above it, towards the bottom, the wall.
        let image = Self.bareTable(surface, tilt: 1.3, size: (480, 360), seed: 4)
        // Just below the horizon the table is 3 to 12 m away: a pixel spans several checks, dots or stripes, which
        // the mipmaps average. Aliasing would leave these rows as busy as the near ones.
        let far = Self.variance(image, rows: 276..<290)
        let near = Self.variance(image, rows: 0..<40)
        #expect(far < near / 10, "\(surface): far variance \(far), near \(near)")
    }
}
