import Foundation

/// A tileable table-top texture with its mipmap pyramid, generated from a `TableStyle`.
///
/// Level 0 is `size` x `size` texels of `millimetresPerTexel` mm; each further level halves the size.
/// Sampling is trilinear so that a table seen at a grazing angle shows no moiré.
struct TableTexture: Sendable {
    static let size = 512
    static let millimetresPerTexel = 1.5

    /// RGB floats of every level, level 0 first.
    let texels: [Float]
    /// Offset of each level's first float in `texels`.
    let offsets: [Int]
    /// Side of each level in texels.
    let sides: [Int]
    /// The average colour (what the table looks like from very far).
    let mean: (Float, Float, Float)

    init(style: TableStyle) {
        let n = Self.size
        var level0 = [Float](repeating: 0, count: n * n * 3)
        let base = (Float(style.color.red), Float(style.color.green), Float(style.color.blue))
        let contrast = Float(style.contrast)
        let seed = style.seed
        level0.withUnsafeMutableBufferPointer { out in
            for v in 0..<n {
                for u in 0..<n {
                    let fu = Double(u)
                    let fv = Double(v)
                    var lum: Float
                    var warm: Float = 0
                    switch style.surface {
                    case .wood:
                        let warp = 1.6 * Self.noise(fu, fv, cellsX: 4, cellsY: 8, seed: seed)
                            + 0.35 * Self.noise(fu, fv, cellsX: 16, cellsY: 32, seed: seed &+ 1)
                        let t = fv / Double(n) * 14 + warp
                        let ring = Float(pow(0.5 + 0.5 * sin(2 * Double.pi * t), 3))
                        let fibre = Float(Self.noise(fu, fv, cellsX: 16, cellsY: 256, seed: seed &+ 2))
                        let blotch = Float(Self.noise(fu, fv, cellsX: 4, cellsY: 4, seed: seed &+ 3))
                        lum = 1 + contrast * (-0.38 * ring + 0.22 * (fibre - 0.5) + 0.25 * (blotch - 0.5))
                        warm = contrast * 0.08 * ring
                    case .cloth:
                        let fine = Float(Self.hash(u, v, seed) & 0xFFFF) / 65535
                        let mottle = Float(Self.noise(fu, fv, cellsX: 8, cellsY: 8, seed: seed &+ 4))
                        let weave = Float((u ^ v) & 1)
                        let fuzz = Float(Self.noise(fu, fv, cellsX: 128, cellsY: 128, seed: seed &+ 5))
                        lum = 1 + contrast * (0.16 * (fine - 0.5) + 0.3 * (mottle - 0.5) + 0.1 * weave + 0.2 * (fuzz - 0.5))
                    case .laminate:
                        let fine = Float(Self.hash(u, v, seed) & 0xFFFF) / 65535
                        let mottle = Float(Self.noise(fu, fv, cellsX: 8, cellsY: 8, seed: seed &+ 6))
                        let speck = Float(Self.noise(fu, fv, cellsX: 64, cellsY: 64, seed: seed &+ 7))
                        lum = 1 + contrast * (0.12 * (mottle - 0.5) + 0.08 * (fine - 0.5) + 0.12 * (speck - 0.5))
                    }
                    let i = (v * n + u) * 3
                    out[i] = base.0 * (lum + warm * 0.3)
                    out[i + 1] = base.1 * lum
                    out[i + 2] = base.2 * (lum - warm * 0.4)
                }
            }
        }
        // Mipmaps by 2 x 2 averages down to 4 x 4.
        var texels = level0
        var offsets = [0]
        var sides = [n]
        var side = n
        var source = 0
        while side > 4 {
            let half = side / 2
            let destination = texels.count
            texels.append(contentsOf: repeatElement(0, count: half * half * 3))
            texels.withUnsafeMutableBufferPointer { t in
                for y in 0..<half {
                    for x in 0..<half {
                        for c in 0..<3 {
                            let a = t[source + ((2 * y) * side + 2 * x) * 3 + c]
                            let b = t[source + ((2 * y) * side + 2 * x + 1) * 3 + c]
                            let d = t[source + ((2 * y + 1) * side + 2 * x) * 3 + c]
                            let e = t[source + ((2 * y + 1) * side + 2 * x + 1) * 3 + c]
                            t[destination + (y * half + x) * 3 + c] = (a + b + d + e) * 0.25
                        }
                    }
                }
            }
            offsets.append(destination)
            sides.append(half)
            source = destination
            side = half
        }
        var sum: (Double, Double, Double) = (0, 0, 0)
        let last = offsets[offsets.count - 1]
        let lastSide = sides[sides.count - 1]
        for i in 0..<(lastSide * lastSide) {
            sum.0 += Double(texels[last + i * 3])
            sum.1 += Double(texels[last + i * 3 + 1])
            sum.2 += Double(texels[last + i * 3 + 2])
        }
        let count = Double(lastSide * lastSide)
        mean = (Float(sum.0 / count), Float(sum.1 / count), Float(sum.2 / count))
        self.texels = texels
        self.offsets = offsets
        self.sides = sides
    }

    /// Bilinear sample of one level at texel coordinates of level 0 (wrapping around the tile).
    @inline(__always)
    static func bilinear(
        _ t: UnsafeBufferPointer<Float>, offset: Int, side: Int, shift: Int, _ u: Float, _ v: Float
    ) -> (Float, Float, Float) {
        let scale = 1 / Float(1 << shift)
        let x = u * scale - 0.5
        let y = v * scale - 0.5
        let fx = x.rounded(.down)
        let fy = y.rounded(.down)
        let ax = x - fx
        let ay = y - fy
        let mask = side - 1
        let x0 = Int(fx) & mask
        let y0 = Int(fy) & mask
        let x1 = (x0 + 1) & mask
        let y1 = (y0 + 1) & mask
        let i00 = offset + (y0 * side + x0) * 3
        let i10 = offset + (y0 * side + x1) * 3
        let i01 = offset + (y1 * side + x0) * 3
        let i11 = offset + (y1 * side + x1) * 3
        let w00 = (1 - ax) * (1 - ay)
        let w10 = ax * (1 - ay)
        let w01 = (1 - ax) * ay
        let w11 = ax * ay
        return (
            t[i00] * w00 + t[i10] * w10 + t[i01] * w01 + t[i11] * w11,
            t[i00 + 1] * w00 + t[i10 + 1] * w10 + t[i01 + 1] * w01 + t[i11 + 1] * w11,
            t[i00 + 2] * w00 + t[i10 + 2] * w10 + t[i01 + 2] * w01 + t[i11 + 2] * w11
        )
    }

    /// A well-mixed 64-bit hash of a lattice point.
    @inline(__always)
    static func hash(_ x: Int, _ y: Int, _ seed: UInt64) -> UInt64 {
        var state = seed ^ (UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F)
        return SynthRandom.splitMix(&state)
    }

    /// Smooth value noise in 0...1 over the tile, periodic with `cellsX` x `cellsY` lattice cells per tile.
    static func noise(_ u: Double, _ v: Double, cellsX: Int, cellsY: Int, seed: UInt64) -> Double {
        let x = u / Double(size) * Double(cellsX)
        let y = v / Double(size) * Double(cellsY)
        let x0 = Int(x.rounded(.down))
        let y0 = Int(y.rounded(.down))
        let fx = x - Double(x0)
        let fy = y - Double(y0)
        let sx = fx * fx * (3 - 2 * fx)
        let sy = fy * fy * (3 - 2 * fy)
        func value(_ i: Int, _ j: Int) -> Double {
            let wi = ((i % cellsX) + cellsX) % cellsX
            let wj = ((j % cellsY) + cellsY) % cellsY
            return Double(hash(wi, wj, seed) >> 11) * 0x1.0p-53
        }
        let a = value(x0, y0) + (value(x0 + 1, y0) - value(x0, y0)) * sx
        let b = value(x0, y0 + 1) + (value(x0 + 1, y0 + 1) - value(x0, y0 + 1)) * sx
        return a + (b - a) * sy
    }
}
