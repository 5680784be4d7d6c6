import Foundation

/// A printed tablecloth's pattern for `TableTexture`: polka dots, a gingham check, flowers or stripes.
///
/// Level 0 holds four floats per texel: the coverage of the cloth's three inks (0...1 each, together at most 1;
/// the rest shows the ground colour) and the fabric's relative deviation (weave, fold lines, mottling). Shapes are
/// painted one over another with their area coverage (a one-texel ramp across the outline, as a box filter of a
/// straight edge gives), so level 0 is already free of aliasing and `TableTexture`'s mipmaps average it like a
/// camera would. Every repeat divides the 384 mm tile exactly, so the tile wraps without a seam. Sizes are real:
/// gingham checks of 5.5 to 19 mm, dots of 4 to 17 mm, flowers of 8 to 60 mm across, stripes of 2 to 40 mm (the
/// table's `scale` prints them larger or smaller).
struct ClothPrint {
    /// Floats per texel: three inks' coverage and the fabric.
    static let channels = 4
    /// A texel of a printed cloth, mm: fine enough for a crisp print edge at the closest views.
    static let millimetresPerTexel = 0.75

    let surface: TableStyle.Surface
    /// Which of the surface's patterns (0 ..< `TableTexture.patternsPerSurface`): it sets the pattern's size and kind.
    let pattern: UInt64
    let seed: UInt64

    init(surface: TableStyle.Surface, pattern: UInt64) {
        self.surface = surface
        self.pattern = pattern
        let code: UInt64
        switch surface {
        case .polka: code = 11
        case .gingham: code = 12
        case .floral: code = 13
        default: code = 14
        }
        seed = SynthRandom.derive(pattern, code, 0xC107)
    }

    /// Level 0: `TableTexture.size` squared texels of four floats.
    func texels() -> [Float] {
        let n = TableTexture.size
        var level0 = [Float](repeating: 0, count: n * n * Self.channels)
        var random = SynthRandom(seed: seed)
        level0.withUnsafeMutableBufferPointer { t in
            switch surface {
            case .polka: paintDots(t, &random)
            case .gingham: paintCheck(t, &random)
            case .floral: paintFlowers(t, &random)
            default: paintStripes(t, &random)
            }
            addFabric(t)
        }
        return level0
    }

    /// Millimetres in texels.
    @inline(__always)
    static func texels(_ millimetres: Double) -> Double { millimetres / millimetresPerTexel }

    // MARK: - Painting

    /// Paints ink `ink` (0, 1, 2; 3 lets the ground show through) over texel `texel` with opacity `alpha`.
    @inline(__always)
    static func paint(_ t: UnsafeMutableBufferPointer<Float>, _ texel: Int, ink: Int, _ alpha: Float) {
        let i = texel * 4
        let keep = 1 - alpha
        t[i] *= keep
        t[i + 1] *= keep
        t[i + 2] *= keep
        if ink < 3 { t[i + ink] += alpha }
    }

    /// The share of a texel inside an outline `distance` texels from its centre (negative inside).
    @inline(__always)
    static func coverage(_ distance: Double) -> Float { Float(max(0, min(1, 0.5 - distance))) }

    /// Paints a shape centred near (x, y) (texels, wrapping around the tile) reaching at most `reach` texels from
    /// there; `alpha` gives each texel's opacity from its centre's offset to (x, y).
    static func paintShape(
        _ t: UnsafeMutableBufferPointer<Float>, x: Double, y: Double, reach: Double, ink: Int,
        _ alpha: (_ dx: Double, _ dy: Double) -> Float
    ) {
        let n = TableTexture.size
        let mask = n - 1
        let x0 = Int((x - reach - 1).rounded(.down))
        let x1 = Int((x + reach + 1).rounded(.up))
        let y0 = Int((y - reach - 1).rounded(.down))
        let y1 = Int((y + reach + 1).rounded(.up))
        for row in y0...y1 {
            let dy = Double(row) + 0.5 - y
            let base = (row & mask) * n
            for column in x0...x1 {
                let a = alpha(Double(column) + 0.5 - x, dy)
                if a > 0 { paint(t, base + (column & mask), ink: ink, a) }
            }
        }
    }

    /// Paints a disc of radius `radius` texels.
    static func paintDisc(
        _ t: UnsafeMutableBufferPointer<Float>, x: Double, y: Double, radius: Double, ink: Int, strength: Float = 1
    ) {
        paintShape(t, x: x, y: y, reach: radius, ink: ink) { dx, dy in
            coverage((dx * dx + dy * dy).squareRoot() - radius) * strength
        }
    }

    /// The signed distance (texels, approximately) from a point to an ellipse with semi-axes a (x) and b (y).
    @inline(__always)
    static func ellipseDistance(_ x: Double, _ y: Double, _ a: Double, _ b: Double) -> Double {
        let qx = x / a
        let qy = y / b
        let q = (qx * qx + qy * qy).squareRoot()
        guard q > 1e-9 else { return -min(a, b) }
        let gx = qx / (a * q)
        let gy = qy / (b * q)
        return (q - 1) / (gx * gx + gy * gy).squareRoot()
    }

    // MARK: - Stripes and checks

    /// A repeating band profile across the tile at 1/8 texel: each sample's three inks' coverage.
    struct Profile {
        static let steps = 8
        var samples: [SIMD4<Float>]

        /// Bands (ink or nil for the ground, width in mm, strength) repeated `repeats` times across the tile, their
        /// widths stretched together so that they fill it exactly.
        init(bands: [(ink: Int?, millimetres: Double, strength: Float)], repeats: Int) {
            let n = TableTexture.size
            let total = bands.reduce(0) { $0 + $1.millimetres }
            let period = Double(n * Self.steps) / Double(max(1, repeats))
            let stretch = period / total
            var samples = [SIMD4<Float>](repeating: .zero, count: n * Self.steps)
            for index in samples.indices {
                var position = (Double(index) + 0.5).truncatingRemainder(dividingBy: period) / stretch
                for band in bands {
                    if position < band.millimetres {
                        if let ink = band.ink { samples[index][ink] = band.strength }
                        break
                    }
                    position -= band.millimetres
                }
            }
            self.samples = samples
        }

        /// The coverage over the texel starting at `x` (texels, any real number): the mean of its 8 samples.
        @inline(__always)
        func callAsFunction(_ x: Double) -> SIMD4<Float> {
            let mask = samples.count - 1
            let start = Int((x * Double(Self.steps)).rounded(.down))
            var sum = SIMD4<Float>.zero
            for step in 0..<Self.steps { sum += samples[(start + step) & mask] }
            return sum * (1 / Float(Self.steps))
        }
    }

    /// How the cloth is pulled out of true: a slow wobble of up to about a texel (0.75 mm).
    static func warp(_ seed: UInt64) -> (TableTexture.Noise, TableTexture.Noise) {
        (
            TableTexture.Noise(cellsX: 4, cellsY: 6, seed: seed &+ 21),
            TableTexture.Noise(cellsX: 6, cellsY: 4, seed: seed &+ 22)
        )
    }

    /// A gingham: stripes of one ink as wide as the gaps, both ways; half the ink where one set lies, all of it
    /// where they cross.
    func paintCheck(_ t: UnsafeMutableBufferPointer<Float>, _ random: inout SynthRandom) {
        let n = TableTexture.size
        let check = [5.5, 8.5, 12.5, 19][Int(pattern % 4)] * random.uniform(0.9...1.1)
        let repeats = max(2, Int((Double(n) * Self.millimetresPerTexel / (2 * check)).rounded()))
        let profile = Profile(bands: [(0, 1, 1), (nil, 1, 1)], repeats: repeats)
        let (warpU, warpV) = Self.warp(seed)
        for v in 0..<n {
            for u in 0..<n {
                let fu = Double(u)
                let fv = Double(v)
                let across = profile(fu + 2.4 * (warpU(fu, fv) - 0.5))[0]
                let down = profile(fv + 2.4 * (warpV(fu, fv) - 0.5))[0]
                t[(v * n + u) * 4] = 0.5 * (across + down)
            }
        }
    }

    /// Bold stripes of varied widths in up to three inks, one way.
    func paintStripes(_ t: UnsafeMutableBufferPointer<Float>, _ random: inout SynthRandom) {
        let n = TableTexture.size
        var bands: [(ink: Int?, millimetres: Double, strength: Float)]
        switch pattern % 4 {
        case 0:  // Awning: even bands of one ink.
            let width = random.uniform(18...34)
            bands = [(0, width, 1), (nil, width, 1)]
        case 1:  // Breton: narrow ink on a wide ground.
            bands = [(0, random.uniform(5...9), 1), (nil, random.uniform(11...18), 1)]
        case 2:  // Varied: wide, medium and thin stripes of the three inks.
            bands = [
                (0, random.uniform(24...40), 1), (nil, random.uniform(6...10), 1), (1, random.uniform(6...12), 1),
                (nil, random.uniform(5...8), 1), (2, random.uniform(2...4), 1), (nil, random.uniform(5...8), 1),
                (1, random.uniform(6...12), 1), (nil, random.uniform(14...26), 1),
            ]
        default:  // Ticking: pairs of thin stripes, a wide band and a tint.
            bands = [
                (0, random.uniform(8...14), 1), (nil, random.uniform(3...5), 1), (2, random.uniform(2...3), 1),
                (nil, random.uniform(3...5), 1), (0, random.uniform(8...14), 1), (nil, random.uniform(16...26), 1),
                (1, random.uniform(12...22), 0.6), (nil, random.uniform(16...26), 1),
            ]
        }
        let total = bands.reduce(0) { $0 + $1.millimetres }
        let repeats = max(1, Int((Double(n) * Self.millimetresPerTexel / total).rounded()))
        let profile = Profile(bands: bands, repeats: repeats)
        let (warpU, _) = Self.warp(seed)
        for v in 0..<n {
            for u in 0..<n {
                let fu = Double(u)
                let ink = profile(fu + 2.4 * (warpU(fu, Double(v)) - 0.5))
                let i = (v * n + u) * 4
                t[i] = ink[0]
                t[i + 1] = ink[1]
                t[i + 2] = ink[2]
            }
        }
    }

    // MARK: - Dots

    /// Polka dots on a grid with slight jitter: one size on a half-drop grid, large dots with small ones between,
    /// or dots of three sizes.
    func paintDots(_ t: UnsafeMutableBufferPointer<Float>, _ random: inout SynthRandom) {
        let n = TableTexture.size
        let spacing = [13.0, 18, 25, 34][Int(pattern % 4)] * random.uniform(0.9...1.1)
        let repeats = max(2, Int((Double(n) * Self.millimetresPerTexel / spacing).rounded()))
        let period = Double(n) / Double(repeats)
        let style = random.int(0...2)
        let large = period * random.uniform(0.2...0.25)
        for j in 0..<repeats {
            for i in 0..<repeats {
                func jitter(_ random: inout SynthRandom) -> (Double, Double) {
                    (random.signed() * 0.045 * period, random.signed() * 0.045 * period)
                }
                let x = (Double(i) + 0.5) * period
                let y = (Double(j) + 0.5) * period
                let (jx, jy) = jitter(&random)
                let wobble = random.uniform(0.95...1.05)
                switch style {
                case 0:  // Half-drop: the same dot at every corner and centre of the grid.
                    let radius = large * 0.78 * wobble
                    Self.paintDisc(t, x: x + jx, y: y + jy, radius: radius, ink: 0)
                    let (kx, ky) = jitter(&random)
                    Self.paintDisc(t, x: x + period / 2 + kx, y: y + period / 2 + ky, radius: radius, ink: 0)
                case 1:  // Large dots with small dots of the second ink between them.
                    Self.paintDisc(t, x: x + jx, y: y + jy, radius: large * wobble, ink: 0)
                    let (kx, ky) = jitter(&random)
                    Self.paintDisc(
                        t, x: x + period / 2 + kx, y: y + period / 2 + ky, radius: large * 0.42 * wobble, ink: 1)
                default:  // Three sizes, the smallest in the second ink.
                    let size = random.int(0...2)
                    let radius = large * [1.0, 0.7, 0.42][size] * wobble
                    Self.paintDisc(t, x: x + jx, y: y + jy, radius: radius, ink: size == 2 ? 1 : 0)
                }
            }
        }
    }

    // MARK: - Fabric

    /// The fabric under the print: fine weave, thread lines both ways, mottling, a fold line each way where the
    /// cloth was folded (at the tile's edges), and ink taken up a little unevenly.
    func addFabric(_ t: UnsafeMutableBufferPointer<Float>) {
        let n = TableTexture.size
        let warpThreads = TableTexture.Noise(cellsX: 256, cellsY: 16, seed: seed &+ 31)
        let weftThreads = TableTexture.Noise(cellsX: 16, cellsY: 256, seed: seed &+ 32)
        let mottle = TableTexture.Noise(cellsX: 8, cellsY: 8, seed: seed &+ 33)
        let uptake = TableTexture.Noise(cellsX: 64, cellsY: 64, seed: seed &+ 34)
        // A fold: a dark crease with a lighter ridge beside it, a few millimetres wide.
        let fold = (0..<n).map { index -> Float in
            let d = Double(min(index, n - index))
            let side = index < n / 2 ? 1.0 : -0.6
            return Float(-0.16 * exp(-d * d / 4) + side * 0.06 * exp(-(d - 5) * (d - 5) / 12))
        }
        for v in 0..<n {
            for u in 0..<n {
                let fu = Double(u)
                let fv = Double(v)
                let fine = Float(TableTexture.hash(u, v, seed &+ 35) & 0xFFFF) / 65535 - 0.5
                let threads = Float(warpThreads(fu, fv) + weftThreads(fu, fv)) - 1
                let i = (v * n + u) * 4
                let ink = 0.9 + 0.1 * Float(uptake(fu, fv))
                t[i] *= ink
                t[i + 1] *= ink
                t[i + 2] *= ink
                t[i + 3] = 0.12 * fine + 0.1 * threads + 0.16 * (Float(mottle(fu, fv)) - 0.5) + fold[u] + fold[v]
            }
        }
    }
}
