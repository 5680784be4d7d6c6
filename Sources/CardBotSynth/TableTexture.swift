import Foundation

/// A tileable table-top pattern with its mipmap pyramid, generated for a surface kind and a pattern seed.
///
/// A plain surface's texels hold the pattern's relative deviation per channel (three channels): the table's colour
/// is `base * (1 + contrast * d)`, so one pattern serves every colour and contrast (and a renderer caches a few per
/// surface). A printed cloth's texels hold four channels (`ClothPrint`): how much of each of its three inks covers
/// the texel, and the fabric's relative deviation (weave, folds, mottling), so that its colours are real colours
/// and still come from the table's style. Level 0 is `size` x `size` texels of `millimetresPerTexel` mm; each
/// further level halves the size. Sampling is trilinear so that a table seen at a grazing angle shows no moire.
struct TableTexture: Sendable {
    static let size = 512
    /// The texel of a plain surface, mm.
    static let millimetresPerTexel = 1.5
    /// How many different patterns each surface kind has; a table's seed picks one and an offset into it.
    static let patternsPerSurface: UInt64 = 4

    /// Floats per texel: 3 (deviations) for a plain surface, 4 (three inks' coverage, the fabric) for a printed one.
    let channels: Int
    /// The size of a level-0 texel, mm (a printed cloth's are finer, for crisp print edges up close).
    let millimetresPerTexel: Double
    /// Every level's texels, level 0 first, `channels` floats each.
    let texels: [Float]
    /// Offset of each level's first float in `texels`.
    let offsets: [Int]
    /// Side of each level in texels.
    let sides: [Int]
    /// The average of each channel (what the table looks like from very far).
    let mean: [Float]

    init(surface: TableStyle.Surface, pattern: UInt64) {
        let n = Self.size
        let channels: Int
        var texels: [Float]
        if surface.isPrinted {
            channels = ClothPrint.channels
            millimetresPerTexel = ClothPrint.millimetresPerTexel
            texels = ClothPrint(surface: surface, pattern: pattern).texels()
        } else {
            channels = 3
            millimetresPerTexel = Self.millimetresPerTexel
            texels = Self.plainTexels(surface: surface, pattern: pattern)
        }
        self.channels = channels
        // Mipmaps by 2 x 2 averages down to 4 x 4.
        var offsets = [0]
        var sides = [n]
        var side = n
        var source = 0
        while side > 4 {
            let half = side / 2
            let destination = texels.count
            texels.append(contentsOf: repeatElement(0, count: half * half * channels))
            texels.withUnsafeMutableBufferPointer { t in
                for y in 0..<half {
                    for x in 0..<half {
                        for c in 0..<channels {
                            let a = t[source + ((2 * y) * side + 2 * x) * channels + c]
                            let b = t[source + ((2 * y) * side + 2 * x + 1) * channels + c]
                            let d = t[source + ((2 * y + 1) * side + 2 * x) * channels + c]
                            let e = t[source + ((2 * y + 1) * side + 2 * x + 1) * channels + c]
                            t[destination + (y * half + x) * channels + c] = (a + b + d + e) * 0.25
                        }
                    }
                }
            }
            offsets.append(destination)
            sides.append(half)
            source = destination
            side = half
        }
        var sum = [Double](repeating: 0, count: channels)
        let last = offsets[offsets.count - 1]
        let lastSide = sides[sides.count - 1]
        for i in 0..<(lastSide * lastSide) {
            for c in 0..<channels { sum[c] += Double(texels[last + i * channels + c]) }
        }
        let count = Double(lastSide * lastSide)
        mean = sum.map { Float($0 / count) }
        self.texels = texels
        self.offsets = offsets
        self.sides = sides
    }

    /// Level 0 of a plain surface (wood, cloth, laminate): three deviations per texel.
    private static func plainTexels(surface: TableStyle.Surface, pattern: UInt64) -> [Float] {
        let n = Self.size
        var level0 = [Float](repeating: 0, count: n * n * 3)
        let surfaceCode: UInt64 = surface == .wood ? 1 : (surface == .cloth ? 2 : 3)
        let seed = SynthRandom.derive(pattern, surfaceCode)
        let plank = 128
        let warpNoise = Noise(cellsX: 4, cellsY: 16, seed: seed)
        let warpFine = Noise(cellsX: 16, cellsY: 64, seed: seed &+ 1)
        let fibreNoise = Noise(cellsX: 8, cellsY: 256, seed: seed &+ 2)
        let blotchNoise = Noise(cellsX: 4, cellsY: 8, seed: seed &+ 3)
        let mottleNoise = Noise(cellsX: 8, cellsY: 8, seed: seed &+ 4)
        let fuzzNoise = Noise(cellsX: 128, cellsY: 128, seed: seed &+ 5)
        let threadNoise = Noise(cellsX: 256, cellsY: 16, seed: seed &+ 8)
        let speckNoise = Noise(cellsX: 64, cellsY: 64, seed: seed &+ 7)
        level0.withUnsafeMutableBufferPointer { out in
            for v in 0..<n {
                for u in 0..<n {
                    let fu = Double(u)
                    let fv = Double(v)
                    var d: Float
                    var warm: Float = 0
                    switch surface {
                    case .wood:
                        // Planks across v, each with its own tone; grain lines run along u, gently wavy.
                        let plankIndex = v / plank
                        let plankTone = Float(Self.hash(plankIndex, 7, seed) & 0xFFFF) / 65535 - 0.5
                        let inPlank = v % plank
                        let seam: Float = inPlank < 1 || inPlank == plank - 1 ? 0.45 : (inPlank < 2 ? 0.15 : 0)
                        let warp = 2.2 * warpNoise(fu, fv) + 0.4 * warpFine(fu, fv)
                        let t = fv / Double(n) * 40 + warp + Double(plankIndex) * 0.37
                        let wave = 0.5 + 0.5 * sin(2 * Double.pi * t)
                        let ring = Float(wave * wave * wave * wave)
                        let fibre = Float(fibreNoise(fu, fv))
                        let blotch = Float(blotchNoise(fu, fv))
                        d = -0.24 * ring + 0.24 * (fibre - 0.5) + 0.14 * (blotch - 0.5) + 0.16 * plankTone - seam
                        warm = 0.08 * ring
                    case .cloth:
                        let fine = Float(Self.hash(u, v, seed) & 0xFFFF) / 65535
                        let mottle = Float(mottleNoise(fu, fv))
                        let fuzz = Float(fuzzNoise(fu, fv))
                        let thread = Float(threadNoise(fu, fv))
                        d = 0.16 * (fine - 0.5) + 0.3 * (mottle - 0.5) + 0.18 * (fuzz - 0.5) + 0.1 * (thread - 0.5)
                    default:  // laminate (the printed cloths are ClothPrint's)
                        let fine = Float(Self.hash(u, v, seed) & 0xFFFF) / 65535
                        let mottle = Float(mottleNoise(fu, fv))
                        let speck = Float(speckNoise(fu, fv))
                        d = 0.14 * (mottle - 0.5) + 0.08 * (fine - 0.5) + 0.12 * (speck - 0.5)
                    }
                    let i = (v * n + u) * 3
                    out[i] = d + warm * 0.3
                    out[i + 1] = d
                    out[i + 2] = d - warm * 0.4
                }
            }
        }
        return level0
    }

    /// The four texels around level-0 texel coordinates (u, v) in the level `shift` halvings down (wrapping around
    /// the tile): the index of each one's first channel, `channels` floats a texel, and its bilinear weight.
    @inline(__always)
    static func taps(offset: Int, side: Int, shift: Int, channels: Int, _ u: Float, _ v: Float)
        -> (Int, Int, Int, Int, Float, Float, Float, Float)
    {
        let scale = 1 / Float(1 << shift)
        let x = u * scale - 0.5
        let y = v * scale - 0.5
        // Floor without a library call: truncate, then step down for negative fractions.
        var ix = Int(x)
        if Float(ix) > x { ix -= 1 }
        var iy = Int(y)
        if Float(iy) > y { iy -= 1 }
        let ax = x - Float(ix)
        let ay = y - Float(iy)
        let mask = side - 1
        let x0 = ix & mask
        let y0 = iy & mask
        let x1 = (x0 + 1) & mask
        let y1 = (y0 + 1) & mask
        let i00 = offset + (y0 * side + x0) * channels
        let i10 = offset + (y0 * side + x1) * channels
        let i01 = offset + (y1 * side + x0) * channels
        let i11 = offset + (y1 * side + x1) * channels
        let w00 = (1 - ax) * (1 - ay)
        let w10 = ax * (1 - ay)
        let w01 = (1 - ax) * ay
        let w11 = ax * ay
        return (i00, i10, i01, i11, w00, w10, w01, w11)
    }

    /// Bilinear sample of one level at texel coordinates of level 0 (wrapping around the tile).
    @inline(__always)
    static func bilinear(
        _ t: UnsafeBufferPointer<Float>, offset: Int, side: Int, shift: Int, _ u: Float, _ v: Float
    ) -> (Float, Float, Float) {
        let (i00, i10, i01, i11, w00, w10, w01, w11) = taps(offset: offset, side: side, shift: shift, channels: 3, u, v)
        return (
            t[i00] * w00 + t[i10] * w10 + t[i01] * w01 + t[i11] * w11,
            t[i00 + 1] * w00 + t[i10 + 1] * w10 + t[i01 + 1] * w01 + t[i11 + 1] * w11,
            t[i00 + 2] * w00 + t[i10 + 2] * w10 + t[i01 + 2] * w01 + t[i11 + 2] * w11
        )
    }

    /// Bilinear sample of one level of a four-channel (printed) texture, as `bilinear`.
    @inline(__always)
    static func bilinear4(
        _ t: UnsafeBufferPointer<Float>, offset: Int, side: Int, shift: Int, _ u: Float, _ v: Float
    ) -> SIMD4<Float> {
        let (i00, i10, i01, i11, w00, w10, w01, w11) = taps(offset: offset, side: side, shift: shift, channels: 4, u, v)
        return SIMD4(
            t[i00] * w00 + t[i10] * w10 + t[i01] * w01 + t[i11] * w11,
            t[i00 + 1] * w00 + t[i10 + 1] * w10 + t[i01 + 1] * w01 + t[i11 + 1] * w11,
            t[i00 + 2] * w00 + t[i10 + 2] * w10 + t[i01 + 2] * w01 + t[i11 + 2] * w11,
            t[i00 + 3] * w00 + t[i10 + 3] * w10 + t[i01 + 3] * w01 + t[i11 + 3] * w11)
    }

    /// A well-mixed 64-bit hash of a lattice point.
    @inline(__always)
    static func hash(_ x: Int, _ y: Int, _ seed: UInt64) -> UInt64 {
        var state = seed ^ (UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F)
        return SynthRandom.splitMix(&state)
    }

    /// Smooth value noise in 0...1 over the tile, periodic with `cellsX` x `cellsY` lattice cells per tile.
    struct Noise {
        let cellsX: Int
        let cellsY: Int
        let values: [Double]
        let scaleX: Double
        let scaleY: Double

        init(cellsX: Int, cellsY: Int, seed: UInt64) {
            self.cellsX = cellsX
            self.cellsY = cellsY
            var values = [Double](repeating: 0, count: cellsX * cellsY)
            for j in 0..<cellsY {
                for i in 0..<cellsX { values[j * cellsX + i] = Double(TableTexture.hash(i, j, seed) >> 11) * 0x1.0p-53 }
            }
            self.values = values
            scaleX = Double(cellsX) / Double(TableTexture.size)
            scaleY = Double(cellsY) / Double(TableTexture.size)
        }

        /// The noise at texel (u, v) of level 0 (u, v >= 0).
        @inline(__always)
        func callAsFunction(_ u: Double, _ v: Double) -> Double {
            let x = u * scaleX
            let y = v * scaleY
            let x0 = Int(x)
            let y0 = Int(y)
            let fx = x - Double(x0)
            let fy = y - Double(y0)
            let sx = fx * fx * (3 - 2 * fx)
            let sy = fy * fy * (3 - 2 * fy)
            let i0 = x0 % cellsX
            let i1 = (x0 + 1) % cellsX
            let j0 = (y0 % cellsY) * cellsX
            let j1 = ((y0 + 1) % cellsY) * cellsX
            let a = values[j0 + i0] + (values[j0 + i1] - values[j0 + i0]) * sx
            let b = values[j1 + i0] + (values[j1 + i1] - values[j1 + i0]) * sx
            return a + (b - a) * sy
        }
    }
}
