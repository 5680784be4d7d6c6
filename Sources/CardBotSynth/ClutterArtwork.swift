import CardBotGeometry
import CardBotImaging
import CardBotPrint
import Foundation

/// A clutter item as vector artwork: polygons in item-local millimetres (x along its width, y along its depth, the
/// origin at its centre, z its height above the table), painted layer by layer like `CardArtwork`.
///
/// A die is a rounded box: its sides are separate layers that the renderer shows only when they face the camera,
/// shaded by the light; everything else lies flat on the table.
struct ClutterArtwork {
    /// One colour and the polygons it covers (their union), painted in order.
    struct Layer {
        var color: (Float, Float, Float)
        var polygons: [[SIMD3<Double>]]
        /// For a die's side: its outward direction in item-local x and y; the renderer draws it only when the camera
        /// is on that side.
        var facing: (Double, Double)? = nil
    }

    /// White paper, a little warmer than the cards'.
    static let paper: (Float, Float, Float) = (240, 238, 230)

    /// The layers, bottom first.
    let layers: [Layer]
    /// The outline of its base on the table (for its shadow), item-local mm.
    let base: [(Double, Double)]

    /// The artwork of `item`, its sides (a die's) shaded for light falling along `light` (the shadows' direction on
    /// the table).
    init(_ item: SceneClutter, light: TablePoint) {
        let hw = item.width / 2
        let hd = item.depth / 2
        base = CardArtwork.rectangle(-hw, -hd, hw, hd)
        var layers: [Layer] = []
        func flat(_ color: (Float, Float, Float), _ polygons: [[(Double, Double)]], height: Double = 0) {
            layers.append(Layer(color: color, polygons: polygons.map { $0.map { SIMD3($0.0, $0.1, height) } }))
        }
        let ink = CardArtwork.ink
        switch item.kind {
        case .worksheet:
            flat(Self.paper, [base])
            for layer in Self.worksheet(item) { flat(layer.color, layer.polygons) }
        case .checkerboard:
            flat(Self.paper, [base])
            let squareWidth = (item.width - 2 * item.paper) / Double(max(1, item.columns))
            let squareDepth = (item.depth - 2 * item.paper) / Double(max(1, item.rows))
            var squares: [[(Double, Double)]] = []
            for row in 0..<item.rows {
                for column in 0..<item.columns where (row + column) % 2 == 0 {
                    let x = -hw + item.paper + Double(column) * squareWidth
                    let y = -hd + item.paper + Double(row) * squareDepth
                    squares.append(CardArtwork.rectangle(x, y, x + squareWidth, y + squareDepth))
                }
            }
            flat(ink, squares)
        case .qrCode, .foreignMarker:
            flat(Self.paper, [base])
            // A marker's inner cells lie inside a one-cell black border; a QR code's modules are the whole grid.
            let inner = item.columns
            let side = item.kind == .foreignMarker ? inner + 2 : inner
            let offset = item.kind == .foreignMarker ? 1 : 0
            var image = GrayImage(width: side, height: side, fill: item.kind == .foreignMarker ? 0 : 255)
            for row in 0..<inner {
                for column in 0..<inner {
                    let index = row * inner + column
                    let dark = item.cells.indices.contains(index) && item.cells[index]
                    image[column + offset, row + offset] = dark ? 0 : 255
                }
            }
            let cell = (item.width - 2 * item.paper) / Double(side)
            let left = -hw + item.paper
            let top = -hd + item.paper
            let cells = CardArtwork.darkRectangles(image).map { r in
                CardArtwork.rectangle(
                    left + Double(r.x0) * cell, top + Double(r.y0) * cell, left + Double(r.x1) * cell,
                    top + Double(r.y1) * cell)
            }
            flat(ink, cells)
        case .blackSquare, .holedSquare:
            flat((28, 28, 31), [base])
            if item.hole > 0 {
                let h = item.width * item.hole / 2
                flat(Self.paper, [CardArtwork.rectangle(-h, -h, h, h)])
            }
        case .die:
            layers = Self.die(item, light: light)
        }
        self.layers = layers
    }

    // MARK: - Die

    /// A white die: rounded sides shaded by the light, the top, and its pips.
    static func die(_ item: SceneClutter, light: TablePoint) -> [Layer] {
        let side = item.width
        let h = item.height
        let outline = CardArtwork.roundedRectangle(width: side, height: side, radius: side * 0.2)
        // The light comes from against the shadows' direction, turned into the die's own frame.
        let c = cos(-item.rotation)
        let s = sin(-item.rotation)
        let length = max(1e-9, (light.x * light.x + light.y * light.y).squareRoot())
        let towardsLight = (-(c * light.x - s * light.y) / length, -(s * light.x + c * light.y) / length)
        var layers: [Layer] = []
        for index in outline.indices {
            let a = outline[index]
            let b = outline[(index + 1) % outline.count]
            let dx = b.0 - a.0
            let dy = b.1 - a.1
            let norm = max(1e-12, (dx * dx + dy * dy).squareRoot())
            // The outline runs clockwise on screen (y down): its outward normal is (dy, -dx).
            let normal = (dy / norm, -dx / norm)
            let lit = normal.0 * towardsLight.0 + normal.1 * towardsLight.1
            let shade = Float(max(0.5, min(0.95, 0.72 + 0.22 * lit)))
            let quad = [SIMD3(a.0, a.1, 0), SIMD3(b.0, b.1, 0), SIMD3(b.0, b.1, h), SIMD3(a.0, a.1, h)]
            layers.append(Layer(color: (236 * shade, 234 * shade, 228 * shade), polygons: [quad], facing: normal))
        }
        // The pips of the four sides (opposite faces add up to 7), shown with their side.
        let top = max(1, min(6, item.columns))
        let around = [1, 2, 3, 4, 5, 6].filter { $0 != top && $0 != 7 - top }
        let faces = [around[0], around[1], 7 - around[0], 7 - around[1]]
        for (index, normal) in [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)].enumerated() {
            let tangent = (-normal.1, normal.0)
            let pips = pipSpots[faces[index]].map { spot in
                circle(x: spot.0 * side * 0.26, y: spot.1 * side * 0.26, radius: side * 0.085, sides: 14).map { p in
                    SIMD3(normal.0 * side / 2 + tangent.0 * p.0, normal.1 * side / 2 + tangent.1 * p.0, h / 2 - p.1)
                }
            }
            layers.append(Layer(color: (30, 30, 34), polygons: pips, facing: normal))
        }
        layers.append(Layer(color: (238, 236, 230), polygons: [outline.map { SIMD3($0.0, $0.1, h) }]))
        let pips = pipSpots[top].map { spot in
            circle(x: spot.0 * side * 0.26, y: spot.1 * side * 0.26, radius: side * 0.085, sides: 14).map {
                SIMD3($0.0, $0.1, h)
            }
        }
        layers.append(Layer(color: (24, 24, 28), polygons: pips))
        return layers
    }

    /// Where a face's pips are, for 0 to 6 pips, in thirds of the face (-1, 0, 1) across and down.
    static let pipSpots: [[(Double, Double)]] = [
        [], [(0, 0)], [(-1, -1), (1, 1)], [(-1, -1), (0, 0), (1, 1)], [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    ]

    /// A circle as a polygon, clockwise on screen.
    static func circle(x: Double, y: Double, radius: Double, sides: Int) -> [(Double, Double)] {
        (0..<sides).map { index in
            let angle = Double(index) / Double(sides) * 2 * Double.pi
            return (x + radius * cos(angle), y + radius * sin(angle))
        }
    }

    // MARK: - Worksheet

    /// What a classroom worksheet says (the heading is chosen by the seed).
    static let headings = [
        "Level 3: Help the robot reach the star", "Name: ____________  Class: 2B", "Bane 5: Find vej til stjernen",
        "Program the robot!", "Week 12 - Coding club",
    ]
    static let sentences = [
        "Lay the cards in a row and press GO.", "Draw the robot's path on the map.", "How many steps did you need?",
        "Write the program with arrows.", "Can you do it with fewer cards?", "Tegn robottens vej på kortet.",
        "Turn left, then go forward two times.", "Check your program with a friend.",
    ]

    /// The worksheet's print: heading, lines of text and a map grid with walls, a start arrow and a goal.
    static func worksheet(_ item: SceneClutter) -> [CardArtwork.Layer] {
        var random = SynthRandom(seed: item.seed)
        let hw = item.width / 2
        let hd = item.depth / 2
        let margin = item.width * 0.08
        let room = item.width - 2 * margin
        var layers: [CardArtwork.Layer] = []
        var y = -hd + margin
        let heading = text(headings[random.int(0...(headings.count - 1))], left: -hw + margin, top: y,
                           height: item.width * 0.045, width: room, bold: true)
        layers.append(CardArtwork.Layer(color: (30, 30, 36), polygons: heading))
        y += item.width * 0.09
        var lines: [[(Double, Double)]] = []
        for _ in 0..<random.int(2...4) {
            lines += text(sentences[random.int(0...(sentences.count - 1))], left: -hw + margin, top: y,
                          height: item.width * 0.03, width: room, bold: false)
            y += item.width * 0.055
        }
        layers.append(CardArtwork.Layer(color: (44, 44, 52), polygons: lines))
        // The map: a grid of thin lines, some cells filled as walls, a start arrow and a goal disc.
        let columns = random.int(5...7)
        let rows = random.int(4...5)
        let cell = min((item.width - 2 * margin) / Double(columns), random.uniform(11...16))
        let left = -hw + margin + random.uniform(0...1) * (item.width - 2 * margin - Double(columns) * cell)
        let top = y + item.width * 0.03
        let line = max(0.3, cell * 0.04)
        var grid: [[(Double, Double)]] = []
        for column in 0...columns {
            let x = left + Double(column) * cell
            grid.append(CardArtwork.rectangle(x - line / 2, top, x + line / 2, top + Double(rows) * cell))
        }
        for row in 0...rows {
            let gy = top + Double(row) * cell
            grid.append(CardArtwork.rectangle(left, gy - line / 2, left + Double(columns) * cell, gy + line / 2))
        }
        var walls: [[(Double, Double)]] = []
        for row in 0..<rows {
            for column in 0..<columns where random.chance(0.2) && !(row == 0 && column == 0) {
                let x = left + Double(column) * cell
                let wy = top + Double(row) * cell
                walls.append(CardArtwork.rectangle(x, wy, x + cell, wy + cell))
            }
        }
        layers.append(CardArtwork.Layer(color: (60, 62, 70), polygons: walls))
        layers.append(CardArtwork.Layer(color: (70, 70, 80), polygons: grid))
        let arrow = [(left + cell * 0.25, top + cell * 0.25), (left + cell * 0.8, top + cell * 0.5),
                     (left + cell * 0.25, top + cell * 0.75)]
        layers.append(CardArtwork.Layer(color: (40, 110, 200), polygons: [arrow]))
        let goal = circle(x: left + (Double(columns) - 0.5) * cell, y: top + (Double(rows) - 0.5) * cell,
                          radius: cell * 0.3, sides: 16)
        layers.append(CardArtwork.Layer(color: (240, 180, 30), polygons: [goal]))
        // Under the map: a question and ruled lines to write the program on, down the rest of the page.
        y = top + Double(rows) * cell + item.width * 0.06
        var rules = text(sentences[random.int(0...(sentences.count - 1))], left: -hw + margin, top: y,
                         height: item.width * 0.03, width: room, bold: false)
        y += item.width * 0.1
        while y < hd - margin {
            rules.append(CardArtwork.rectangle(-hw + margin, y, hw - margin, y + 0.35))
            y += item.width * 0.06
        }
        layers.append(CardArtwork.Layer(color: (60, 60, 70), polygons: rules))
        return layers
    }

    /// One line of `words` set in the text renderer and turned into rectangles: its left edge at `left`, its top at
    /// `top`, its glyphs' em `height` mm (smaller if the line would be wider than `width` mm).
    static func text(
        _ words: String, left: Double, top: Double, height: Double, width: Double, bold: Bool
    ) -> [[(Double, Double)]] {
        let style = TextStyle(size: CardArtwork.glyphSize, bold: bold)
        let extent = Canvas(pixelsWide: 1, high: 1, background: RGB(255, 255, 255)).measure(words, style: style)
        let canvas = Canvas(
            pixelsWide: max(1, Int(extent.width.rounded(.up))), high: max(1, Int(extent.height.rounded(.up))),
            background: RGB(255, 255, 255))
        canvas.text(words, x: 0, y: 0, style: style)
        let pixel = min(height / CardArtwork.glyphSize, width / max(1, extent.width))
        return CardArtwork.darkRectangles(canvas.grayImage).map { r in
            CardArtwork.rectangle(
                left + Double(r.x0) * pixel, top + Double(r.y0) * pixel, left + Double(r.x1) * pixel,
                top + Double(r.y1) * pixel)
        }
    }
}
