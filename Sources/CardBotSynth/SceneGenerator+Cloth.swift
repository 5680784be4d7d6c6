import CardBotImaging

extension SceneGenerator {
    /// One printed cloth's colours: the ground and three inks (see `TableStyle.inks` for each pattern's use).
    typealias ClothColors = (ground: RGB, inks: [RGB])

    /// Lays a printed tablecloth of one of `surfaces` over `table`.
    ///
    /// Its colours are as real printed cloths have them (strong: dark red, navy, black or green on white, white on a
    /// dark ground), at its own print scale. The table's size, grain angle, seed (which picks the pattern) and fabric
    /// contrast are kept.
    func makeCloth(_ random: inout SynthRandom, surfaces: [TableStyle.Surface], table: inout TableStyle) {
        let surface = surfaces[random.int(0...(surfaces.count - 1))]
        let choices: [ClothColors]
        switch surface {
        case .polka: choices = Self.polkaColors
        case .gingham: choices = Self.ginghamColors
        case .floral: choices = Self.floralColors
        default: choices = Self.stripeColors
        }
        let colors = choices[random.int(0...(choices.count - 1))]
        table.surface = surface
        table.color = colors.ground
        table.inks = colors.inks
        table.scale = random.uniform(surface == .gingham ? 0.8...1.35 : 0.8...1.3)
    }

    static let white = RGB(244, 242, 236)
    static let cream = RGB(238, 228, 204)
    static let red = RGB(186, 28, 38)
    static let navy = RGB(28, 40, 92)
    static let black = RGB(30, 30, 34)
    static let green = RGB(28, 104, 58)
    static let blue = RGB(36, 82, 168)

    /// Dots dark on light and light on dark (large dots, small dots).
    static let polkaColors: [ClothColors] = [
        (white, [red, red, red]), (white, [navy, red, navy]), (white, [black, black, black]),
        (navy, [white, white, white]), (red, [white, white, white]), (black, [white, RGB(226, 196, 60), white]),
        (RGB(238, 206, 70), [black, black, black]), (cream, [green, red, green]),
        (RGB(40, 120, 150), [white, navy, white]),
    ]

    /// A check of one ink on a light ground, and buffalo checks of black on red or navy on green.
    static let ginghamColors: [ClothColors] = [
        (white, [red, red, red]), (white, [navy, navy, navy]), (white, [black, black, black]),
        (white, [green, green, green]), (white, [blue, blue, blue]), (cream, [RGB(150, 30, 40), white, white]),
        (RGB(178, 30, 36), [RGB(24, 20, 22), white, white]), (RGB(60, 110, 70), [navy, white, white]),
    ]

    /// Flowers (petals, leaves, centres) on light and dark grounds.
    static let floralColors: [ClothColors] = [
        (white, [red, green, RGB(240, 196, 40)]), (cream, [RGB(200, 60, 110), RGB(60, 110, 60), navy]),
        (navy, [RGB(236, 120, 150), RGB(90, 160, 90), white]), (black, [red, RGB(50, 130, 70), RGB(244, 200, 60)]),
        (RGB(214, 226, 240), [blue, RGB(40, 100, 60), RGB(236, 180, 40)]),
        (white, [RGB(120, 50, 150), RGB(20, 80, 40), RGB(250, 170, 40)]),
        (RGB(248, 236, 180), [RGB(220, 90, 40), RGB(70, 110, 40), RGB(90, 40, 30)]),
    ]

    /// Stripes (main, second, thin) on a light ground, and light stripes on a dark one.
    static let stripeColors: [ClothColors] = [
        (white, [navy, red, navy]), (white, [red, navy, RGB(240, 196, 40)]), (cream, [green, RGB(150, 30, 40), black]),
        (white, [black, RGB(120, 120, 124), red]), (navy, [white, RGB(200, 40, 50), white]),
        (RGB(240, 200, 60), [RGB(40, 40, 44), white, red]), (white, [blue, RGB(40, 150, 160), navy]),
    ]
}
