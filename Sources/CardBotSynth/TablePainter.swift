import CardBotGeometry
import Foundation

/// Draws the table top (and the floor beyond its edge) into a frame: wood, cloth, laminate or a printed cloth,
/// sampled from a cached `TableTexture` with trilinear mipmapping (a plain table at half resolution, scaled up).
///
/// `FrameRenderer` keeps one; it caches the textures of the last few surfaces and patterns. Not thread-safe.
final class TablePainter {
    private var textures: [(surface: TableStyle.Surface, pattern: UInt64, texture: TableTexture)] = []
    private var tableHalf: [Float] = []

    /// The texture of `style`'s surface and pattern, made on first use.
    private func texture(for style: TableStyle) -> TableTexture {
        let pattern = style.seed % TableTexture.patternsPerSurface
        if let cached = textures.first(where: { $0.surface == style.surface && $0.pattern == pattern }) {
            return cached.texture
        }
        let texture = TableTexture(surface: style.surface, pattern: pattern)
        textures.append((style.surface, pattern, texture))
        if textures.count > 16 { textures.removeFirst() }
        return texture
    }

    /// Draws `table` (and the floor beyond it) into `color`, an RGB float frame of `width` x `height`, seen through
    /// `toTable` (image pixels to table millimetres).
    func draw(_ table: TableStyle, toTable: Homography, into color: inout [Float], width: Int, height: Int) {
        let texture = texture(for: table)
        let printed = texture.channels == 4
        // Table mm -> texel coordinates: turn by the grain angle, scale to texels (a printed cloth by its scale).
        let millimetresPerTexel = texture.millimetresPerTexel * (printed ? max(0.05, table.scale) : 1)
        let c = cos(-table.grainAngle) / millimetresPerTexel
        let s = sin(-table.grainAngle) / millimetresPerTexel
        // The rest of the seed shifts the pattern, so that tables sharing a pattern still differ.
        let shiftU = Double((table.seed >> 8) & 511)
        let shiftV = Double((table.seed >> 20) & 511)
        let toTexel = Homography(c, -s, shiftU, s, c, shiftV, 0, 0, 1).concatenating(toTable)
        let base = (Float(table.color.red), Float(table.color.green), Float(table.color.blue))
        let contrast = Float(table.contrast)
        let det = abs(toTexel.determinant)
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (
            toTable.m00, toTable.m01, toTable.m02, toTable.m10, toTable.m11, toTable.m12, toTable.m20, toTable.m21,
            toTable.m22)
        let (t0, t1, t2, t3, t4, t5) = (toTexel.m00, toTexel.m01, toTexel.m02, toTexel.m10, toTexel.m11, toTexel.m12)
        let halfW = table.halfWidth
        let halfH = table.halfHeight
        let maxLevel = Float(texture.sides.count - 1)
        let room = (Float(table.floor.red), Float(table.floor.green), Float(table.floor.blue))
        let wall: (Float, Float, Float) = (128, 122, 114)
        let edge: (Float, Float, Float) = (base.0 * 0.55, base.1 * 0.55, base.2 * 0.55)
        let levels = texture.sides.count
        // A printed cloth's inks, as differences from its ground (a missing ink prints as the ground).
        func ink(_ index: Int) -> (Float, Float, Float) {
            let rgb = table.inks.indices.contains(index) ? table.inks[index] : table.color
            return (Float(rgb.red) - base.0, Float(rgb.green) - base.1, Float(rgb.blue) - base.2)
        }
        let (ink0, ink1, ink2) = (ink(0), ink(1), ink(2))
        // A plain table is smooth at the pixel scale (its texels are 1.5 mm), so it is sampled at half the
        // resolution, with the footprint of a half-resolution pixel, and scaled up bilinearly. A printed cloth's
        // print has hard edges: it is sampled at every pixel.
        let step = printed ? 1 : 2
        let halfWidth = (width + step - 1) / step
        let halfHeight = (height + step - 1) / step
        let spacing = Double(step)
        let centre = (spacing - 1) / 2
        let footprint = spacing * spacing
        if tableHalf.count != halfWidth * halfHeight * 3 {
            tableHalf = [Float](repeating: 0, count: halfWidth * halfHeight * 3)
        }
        tableHalf.withUnsafeMutableBufferPointer { out in
            texture.texels.withUnsafeBufferPointer { tex in
                texture.offsets.withUnsafeBufferPointer { offsets in
                    texture.sides.withUnsafeBufferPointer { sides in
                        for y in 0..<halfHeight {
                            let fy = spacing * Double(y) + centre
                            var lod: Float = -1
                            for x in 0..<halfWidth {
                                let fx = spacing * Double(x) + centre
                                let w = m6 * fx + m7 * fy + m8
                                let o = (y * halfWidth + x) * 3
                                if w <= 1e-9 {
                                    out[o] = wall.0
                                    out[o + 1] = wall.1
                                    out[o + 2] = wall.2
                                    continue
                                }
                                let inv = 1 / w
                                let tx = (m0 * fx + m1 * fy + m2) * inv
                                let ty = (m3 * fx + m4 * fy + m5) * inv
                                if abs(tx) > halfW || abs(ty) > halfH {
                                    // The table's dark edge band, then the floor (drawn in the table's plane: it is
                                    // far away and soft), with the table's pattern coarsened and faint.
                                    if abs(tx) <= halfW + 18 && abs(ty) <= halfH + 18 {
                                        out[o] = edge.0
                                        out[o + 1] = edge.1
                                        out[o + 2] = edge.2
                                        continue
                                    }
                                    let area = footprint * det * inv * inv * inv
                                    let floorLevel = min(levels - 1, max(2, Int(0.5 * log2(max(area, 1e-12)) + 2.5)))
                                    let u = Float((t0 * fx + t1 * fy + t2) * inv) * 0.25 + 97
                                    let v = Float((t3 * fx + t4 * fy + t5) * inv) * 0.25 + 211
                                    if printed {
                                        let floor = TableTexture.bilinear4(
                                            tex, offset: offsets[floorLevel], side: sides[floorLevel],
                                            shift: floorLevel, v, u)
                                        let fabric = 1 + 0.6 * floor[3]
                                        out[o] = room.0 * fabric
                                        out[o + 1] = room.1 * fabric
                                        out[o + 2] = room.2 * fabric
                                        continue
                                    }
                                    let sample = TableTexture.bilinear(
                                        tex, offset: offsets[floorLevel], side: sides[floorLevel], shift: floorLevel, v, u)
                                    out[o] = room.0 * (1 + 0.6 * sample.0)
                                    out[o + 1] = room.1 * (1 + 0.6 * sample.1)
                                    out[o + 2] = room.2 * (1 + 0.6 * sample.2)
                                    continue
                                }
                                if x & 3 == 0 || lod < 0 {
                                    // Texels per sample (area) = footprint |det| / w^3; the level is half its log2.
                                    let area = footprint * det * inv * inv * inv
                                    lod = min(maxLevel, max(0, Float(0.5 * log2(max(area, 1e-12)))))
                                }
                                let u = Float((t0 * fx + t1 * fy + t2) * inv)
                                let v = Float((t3 * fx + t4 * fy + t5) * inv)
                                // The level just coarser than the footprint: a little soft, never aliased.
                                let level = min(levels - 1, Int(lod + 0.5))
                                if printed {
                                    // The ground and the inks by their coverage, on the fabric's weave and folds.
                                    let sample = TableTexture.bilinear4(
                                        tex, offset: offsets[level], side: sides[level], shift: level, u, v)
                                    let (a, b, c) = (sample[0], sample[1], sample[2])
                                    let fabric = 1 + contrast * sample[3]
                                    out[o] = (base.0 + ink0.0 * a + ink1.0 * b + ink2.0 * c) * fabric
                                    out[o + 1] = (base.1 + ink0.1 * a + ink1.1 * b + ink2.1 * c) * fabric
                                    out[o + 2] = (base.2 + ink0.2 * a + ink1.2 * b + ink2.2 * c) * fabric
                                    continue
                                }
                                let sample = TableTexture.bilinear(
                                    tex, offset: offsets[level], side: sides[level], shift: level, u, v)
                                out[o] = base.0 * (1 + contrast * sample.0)
                                out[o + 1] = base.1 * (1 + contrast * sample.1)
                                out[o + 2] = base.2 * (1 + contrast * sample.2)
                            }
                        }
                    }
                }
            }
        }
        if step == 1 {
            // Sampled at every pixel: the samples are the frame (the old frame buffer is reused next time).
            swap(&color, &tableHalf)
        } else {
            upsample(into: &color, halfWidth: halfWidth, halfHeight: halfHeight, width: width, height: height)
        }
    }

    /// Scales the half-resolution table up into the frame: bilinear, half-pixel centred.
    private func upsample(into color: inout [Float], halfWidth: Int, halfHeight: Int, width: Int, height: Int) {
        // Full pixel x samples half-resolution coordinate (x - 0.5) / 2.
        let columns = (0..<width).map { x -> (Int, Int, Float) in
            let position = max(0, min(Float(halfWidth - 1), (Float(x) - 0.5) / 2))
            let left = min(halfWidth - 1, Int(position))
            return (left * 3, min(halfWidth - 1, left + 1) * 3, position - Float(left))
        }
        color.withUnsafeMutableBufferPointer { out in
            tableHalf.withUnsafeBufferPointer { half in
                columns.withUnsafeBufferPointer { columns in
                    for y in 0..<height {
                        let position = max(0, min(Float(halfHeight - 1), (Float(y) - 0.5) / 2))
                        let top = min(halfHeight - 1, Int(position))
                        let fy = position - Float(top)
                        let row0 = top * halfWidth * 3
                        let row1 = min(halfHeight - 1, top + 1) * halfWidth * 3
                        var o = y * width * 3
                        for x in 0..<width {
                            let (a, b, fx) = columns[x]
                            for c in 0..<3 {
                                let upper = half[row0 + a + c] + (half[row0 + b + c] - half[row0 + a + c]) * fx
                                let lower = half[row1 + a + c] + (half[row1 + b + c] - half[row1 + a + c]) * fx
                                out[o + c] = upper + (lower - upper) * fy
                            }
                            o += 3
                        }
                    }
                }
            }
        }
    }
}
