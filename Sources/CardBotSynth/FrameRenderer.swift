import CardBotGeometry
import CardBotImaging
import Foundation

/// Renders `SynthScene`s into camera-like frames with exact ground truth.
///
/// Card faces are vector artwork (paper, band, marker cells, title glyphs) projected into the image
/// and filled with exact area coverage, so that every edge pixel has the grey level of the area it
/// covers, like a real sensor, and the marker corners are exactly where the truth says; the table
/// texture is sampled with trilinear mipmapping. Then come cast shadows, the hand, the light,
/// lens blur and sensor noise.
///
/// A renderer keeps its card artwork, table textures and frame buffers between calls: reuse one
/// for many frames. It is not thread-safe; use one renderer per thread.
public final class FrameRenderer {
    /// A card counts as hidden when the hand covers more than this fraction of its marker.
    public var hiddenOcclusion: Double = 0.005
    /// A card counts as hidden when its marker's shortest side is shorter than this, in pixels.
    public var minimumMarkerSide: Double = 8
    /// A card counts as hidden when a marker corner is closer than this to the image border, in pixels.
    public var borderMargin: Double = 3

    private var artworks: [(face: CardFace, design: CardDesign, artwork: CardArtwork)] = []
    private var textures: [(surface: TableStyle.Surface, pattern: UInt64, texture: TableTexture)] = []
    private var color: [Float] = []
    private var scratch: [Float] = []
    private var handMask: [Float] = []
    private var shadeMask: [Float] = []
    private var shadowMask: [Float] = []
    private var line: [Float] = []
    private var tableHalf: [Float] = []
    private var rasterizer = PolygonRasterizer()

    /// Creates a renderer.
    public init() {}

    /// Renders one frame of `scene`.
    public func render(_ scene: SynthScene) -> SynthFrame {
        let camera = scene.camera
        let width = max(1, camera.width)
        let height = max(1, camera.height)
        let pixels = width * height
        let toImage = camera.tableToImage
        let toTable = toImage.inverseByDivision ?? .identity
        if color.count != pixels * 3 { color = [Float](repeating: 0, count: pixels * 3) }
        for name in [\FrameRenderer.handMask, \FrameRenderer.shadeMask, \FrameRenderer.shadowMask] {
            if self[keyPath: name].count != pixels {
                self[keyPath: name] = [Float](repeating: 0, count: pixels)
            } else {
                self[keyPath: name].withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            }
        }

        drawTable(scene, toTable: toTable, width: width, height: height)
        let cards = scene.cards.map { card -> (SceneCard, CardArtwork)? in
            guard scene.faces.indices.contains(card.face) else { return nil }
            return (card, artwork(for: scene.faces[card.face], design: scene.design))
        }.compactMap { $0 }
        drawCardShadows(scene, cards: cards, toImage: toImage, width: width, height: height)
        for (card, artwork) in cards {
            drawCard(card, artwork: artwork, toImage: toImage, width: width, height: height)
        }
        if let hand = scene.hand {
            drawHand(hand, scene: scene, toImage: toImage, width: width, height: height)
        }
        Blur.gaussian(&color, scratch: &scratch, width: width, height: height, channels: 3, sigma: scene.effects.blur)
        Blur.motion(
            &color, scratch: &scratch, width: width, height: height, channels: 3, length: scene.effects.motionLength,
            angle: scene.effects.motionAngle)
        // The light varies slowly, so it is applied after the lens blur, in the same pass as the sensor.
        let rgb = expose(scene.lighting, scene.effects, width: width, height: height)
        let gray = rgb.luminance
        let mask = GrayImage(width: width, height: height) { out in
            handMask.withUnsafeBufferPointer { m in
                for i in 0..<pixels { out[i] = UInt8(max(0, min(1, m[i])) * 255 + 0.5) }
            }
        }
        let truth = makeTruth(scene, cards: cards, toImage: toImage, width: width, height: height)
        return SynthFrame(rgb: rgb, gray: gray, handMask: mask, truth: truth)
    }

    // MARK: - Caches

    private func artwork(for face: CardFace, design: CardDesign) -> CardArtwork {
        if let cached = artworks.first(where: { $0.design == design && $0.face == face }) { return cached.artwork }
        let artwork = CardArtwork(face: face, design: design)
        artworks.append((face, design, artwork))
        if artworks.count > 256 { artworks.removeFirst() }
        return artwork
    }

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

    // MARK: - Table

    private func drawTable(_ scene: SynthScene, toTable: Homography, width: Int, height: Int) {
        let table = scene.table
        let texture = texture(for: table)
        // Table mm -> texel coordinates: turn by the grain angle, scale to texels.
        let c = cos(-table.grainAngle) / TableTexture.millimetresPerTexel
        let s = sin(-table.grainAngle) / TableTexture.millimetresPerTexel
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
        // The table is smooth at the pixel scale (its finest texels are 1.5 mm), so it is sampled at half
        // the resolution, with the footprint of a half-resolution pixel, and scaled up bilinearly.
        let halfWidth = (width + 1) / 2
        let halfHeight = (height + 1) / 2
        if tableHalf.count != halfWidth * halfHeight * 3 {
            tableHalf = [Float](repeating: 0, count: halfWidth * halfHeight * 3)
        }
        tableHalf.withUnsafeMutableBufferPointer { out in
            texture.texels.withUnsafeBufferPointer { tex in
                texture.offsets.withUnsafeBufferPointer { offsets in
                    texture.sides.withUnsafeBufferPointer { sides in
                        for y in 0..<halfHeight {
                            let fy = Double(2 * y) + 0.5
                            var lod: Float = -1
                            for x in 0..<halfWidth {
                                let fx = Double(2 * x) + 0.5
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
                                    let area = 4 * det * inv * inv * inv
                                    let floorLevel = min(levels - 1, max(2, Int(0.5 * log2(max(area, 1e-12)) + 2.5)))
                                    let u = Float((t0 * fx + t1 * fy + t2) * inv) * 0.25 + 97
                                    let v = Float((t3 * fx + t4 * fy + t5) * inv) * 0.25 + 211
                                    let sample = TableTexture.bilinear(
                                        tex, offset: offsets[floorLevel], side: sides[floorLevel], shift: floorLevel, v, u)
                                    out[o] = room.0 * (1 + 0.6 * sample.0)
                                    out[o + 1] = room.1 * (1 + 0.6 * sample.1)
                                    out[o + 2] = room.2 * (1 + 0.6 * sample.2)
                                    continue
                                }
                                if x & 3 == 0 || lod < 0 {
                                    // Texels per half-resolution pixel (area) = 4 |det| / w^3; the level is half its log2.
                                    let area = 4 * det * inv * inv * inv
                                    lod = min(maxLevel, max(0, Float(0.5 * log2(max(area, 1e-12)))))
                                }
                                let u = Float((t0 * fx + t1 * fy + t2) * inv)
                                let v = Float((t3 * fx + t4 * fy + t5) * inv)
                                // The level just coarser than the footprint: a little soft, never aliased.
                                let level = min(levels - 1, Int(lod + 0.5))
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
        upsampleTable(halfWidth: halfWidth, halfHeight: halfHeight, width: width, height: height)
    }

    /// Scales the half-resolution table up into the frame: bilinear, half-pixel centred.
    private func upsampleTable(halfWidth: Int, halfHeight: Int, width: Int, height: Int) {
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

    // MARK: - Cards

    /// The card's four corners (or any rectangle given in card-local mm) on the table.
    static func tablePoints(_ card: SceneCard, _ local: [(Double, Double)]) -> [TablePoint] {
        let c = cos(card.rotation)
        let s = sin(card.rotation)
        return local.map { TablePoint(card.center.x + c * $0.0 - s * $0.1, card.center.y + s * $0.0 + c * $0.1) }
    }

    static func project(_ points: [TablePoint], _ h: Homography) -> [ImagePoint]? {
        var result: [ImagePoint] = []
        result.reserveCapacity(points.count)
        for point in points {
            guard let p = h.apply(point.x, point.y) else { return nil }
            result.append(p)
        }
        return result
    }

    /// Millimetres to pixels near a table point (the square root of the local area scale).
    static func pixelsPerMillimetre(at point: TablePoint, _ h: Homography) -> Double {
        let w = h.w(point.x, point.y)
        guard w > 1e-9 else { return 0 }
        return (abs(h.determinant) / (w * w * w)).squareRoot()
    }

    private func drawCardShadows(_ scene: SynthScene, cards: [(SceneCard, CardArtwork)], toImage: Homography, width: Int,
                                 height: Int) {
        guard !cards.isEmpty else { return }
        // Cards lie a fraction of a millimetre proud of the table and bend a little: a thin, soft shadow.
        let lift = 1.2
        let dx = scene.lighting.shadowDirection.x * lift
        let dy = scene.lighting.shadowDirection.y * lift
        var polygons: [[ImagePoint]] = []
        var scale = 0.0
        for (card, artwork) in cards {
            let inset = artwork.outline.map { ($0.0 * 0.99, $0.1 * 0.99) }
            let points = Self.tablePoints(card, inset).map { $0.offset(dx, dy) }
            guard let image = Self.project(points, toImage) else { continue }
            polygons.append(PolygonRasterizer.counterClockwise(image))
            scale = max(scale, Self.pixelsPerMillimetre(at: card.center, toImage))
        }
        guard !polygons.isEmpty else { return }
        let region = fill(&shadowMask, polygons, width: width, height: height)
        let radius = max(1, Int((0.9 * scale).rounded()))
        let grown = grow(region, by: 3 * radius + 1, width: width, height: height)
        Blur.box3(&shadowMask, scratch: &line, width: width, height: height, radius: radius, region: grown)
        darken(by: shadowMask, strength: 0.32, region: grown, width: width)
        clear(&shadowMask, region: grown, width: width)
    }

    private func drawCard(_ card: SceneCard, artwork: CardArtwork, toImage: Homography, width: Int, height: Int) {
        for layer in artwork.layers {
            var polygons: [[ImagePoint]] = []
            polygons.reserveCapacity(layer.polygons.count)
            for polygon in layer.polygons {
                // A card reaching behind the camera is not drawn (its truth says it is outside).
                guard let image = Self.project(Self.tablePoints(card, polygon), toImage) else { return }
                polygons.append(PolygonRasterizer.counterClockwise(image))
            }
            let color = layer.color
            self.color.withUnsafeMutableBufferPointer { out in
                rasterizer.rasterize(polygons, width: width, height: height, rule: .nonZero, antialiased: true) { y, x0, coverage in
                    var o = (y * width + x0) * 3
                    for i in 0..<coverage.count {
                        let alpha = coverage[i]
                        if alpha > 0 {
                            out[o] += (color.0 - out[o]) * alpha
                            out[o + 1] += (color.1 - out[o + 1]) * alpha
                            out[o + 2] += (color.2 - out[o + 2]) * alpha
                        }
                        o += 3
                    }
                }
            }
        }
    }

    // MARK: - Hand

    private func drawHand(_ hand: HandPose, scene: SynthScene, toImage: Homography, width: Int, height: Int) {
        let armLength = HandShape.safeArmLength(hand, homography: toImage)
        let scale = Self.pixelsPerMillimetre(at: hand.reach, toImage)
        guard scale > 0 else { return }
        // The shadow: the same shape moved away from the light by the hand's height, very soft.
        let offset = TablePoint(scene.lighting.shadowDirection.x * hand.height, scene.lighting.shadowDirection.y * hand.height)
        let shadowOutlines = HandShape.tablePolygons(hand, armLength: armLength, offset: offset)
            + [HandShape.sleevePolygon(hand, armLength: armLength, offset: offset)].compactMap { $0 }
        let shadowPolygons = shadowOutlines.compactMap { Self.project($0, toImage).map(PolygonRasterizer.counterClockwise) }
        let shadowRegion = fill(&shadowMask, shadowPolygons, width: width, height: height)
        let shadowRadius = max(1, Int((0.22 * hand.height * scale).rounded()))
        let shadowGrown = grow(shadowRegion, by: 3 * shadowRadius + 1, width: width, height: height)
        Blur.box3(&shadowMask, scratch: &line, width: width, height: height, radius: shadowRadius, region: shadowGrown)
        darken(by: shadowMask, strength: 0.5, region: shadowGrown, width: width)
        clear(&shadowMask, region: shadowGrown, width: width)

        var polygons = HandShape.tablePolygons(hand, armLength: armLength).compactMap {
            Self.project($0, toImage).map(PolygonRasterizer.counterClockwise)
        }
        let sleeve = HandShape.sleevePolygon(hand, armLength: armLength).flatMap { Self.project($0, toImage) }
            .map(PolygonRasterizer.counterClockwise)
        if let sleeve { polygons.append(sleeve) }
        let region = fill(&handMask, polygons, width: width, height: height)
        guard !region.isEmpty else { return }
        // Rounded shading: darker towards the outline, as skin curves away from the light.
        let shadeRadius = max(1, Int((0.05 * hand.palmWidth * scale).rounded()))
        let grown = grow(region, by: 3 * shadeRadius + 1, width: width, height: height)
        handMask.withUnsafeBufferPointer { m in
            shadeMask.withUnsafeMutableBufferPointer { s in
                for y in grown.y0..<grown.y1 {
                    for x in grown.x0..<grown.x1 { s[y * width + x] = m[y * width + x] }
                }
            }
        }
        Blur.box3(&shadeMask, scratch: &line, width: width, height: height, radius: shadeRadius, region: grown)
        let skin = (Float(hand.skin.red), Float(hand.skin.green), Float(hand.skin.blue))
        color.withUnsafeMutableBufferPointer { out in
            handMask.withUnsafeBufferPointer { m in
                shadeMask.withUnsafeBufferPointer { s in
                    for y in region.y0..<region.y1 {
                        for x in region.x0..<region.x1 {
                            let i = y * width + x
                            let alpha = m[i]
                            guard alpha > 0 else { continue }
                            let shade = 0.62 + 0.38 * min(1, s[i] * 1.25)
                            let o = i * 3
                            out[o] += (skin.0 * shade - out[o]) * alpha
                            out[o + 1] += (skin.1 * shade - out[o + 1]) * alpha
                            out[o + 2] += (skin.2 * shade - out[o + 2]) * alpha
                        }
                    }
                }
            }
        }
        // The sleeve: cloth over the forearm, shaded like the skin.
        if let sleeve, let cloth = hand.sleeve {
            let fabric = (Float(cloth.red), Float(cloth.green), Float(cloth.blue))
            color.withUnsafeMutableBufferPointer { out in
                shadeMask.withUnsafeBufferPointer { s in
                    rasterizer.rasterize([sleeve], width: width, height: height) { y, x0, coverage in
                        for i in 0..<coverage.count where coverage[i] > 0 {
                            let index = y * width + x0 + i
                            let shade = 0.55 + 0.45 * min(1, s[index] * 1.25)
                            let alpha = coverage[i]
                            let o = index * 3
                            out[o] += (fabric.0 * shade - out[o]) * alpha
                            out[o + 1] += (fabric.1 * shade - out[o + 1]) * alpha
                            out[o + 2] += (fabric.2 * shade - out[o + 2]) * alpha
                        }
                    }
                }
            }
        }
    }

    // MARK: - Masks

    /// Rasterizes `polygons` (anti-aliased, united) into `plane`; returns the rows and columns touched.
    private func fill(_ plane: inout [Float], _ polygons: [[ImagePoint]], width: Int, height: Int) -> Blur.Region {
        var region = Blur.Region(x0: width, y0: height, x1: 0, y1: 0)
        plane.withUnsafeMutableBufferPointer { p in
            rasterizer.rasterize(polygons, width: width, height: height, rule: .nonZero, antialiased: true) { y, x0, coverage in
                for i in 0..<coverage.count { p[y * width + x0 + i] = max(p[y * width + x0 + i], coverage[i]) }
                region.x0 = min(region.x0, x0)
                region.x1 = max(region.x1, x0 + coverage.count)
                region.y0 = min(region.y0, y)
                region.y1 = max(region.y1, y + 1)
            }
        }
        return region
    }

    private func grow(_ region: Blur.Region, by amount: Int, width: Int, height: Int) -> Blur.Region {
        guard !region.isEmpty else { return region }
        return Blur.Region(x0: max(0, region.x0 - amount), y0: max(0, region.y0 - amount),
                           x1: min(width, region.x1 + amount), y1: min(height, region.y1 + amount))
    }

    private func darken(by plane: [Float], strength: Float, region: Blur.Region, width: Int) {
        guard !region.isEmpty else { return }
        color.withUnsafeMutableBufferPointer { out in
            plane.withUnsafeBufferPointer { m in
                for y in region.y0..<region.y1 {
                    for x in region.x0..<region.x1 {
                        let i = y * width + x
                        let gain = 1 - strength * min(1, m[i])
                        out[i * 3] *= gain
                        out[i * 3 + 1] *= gain
                        out[i * 3 + 2] *= gain
                    }
                }
            }
        }
    }

    private func clear(_ plane: inout [Float], region: Blur.Region, width: Int) {
        guard !region.isEmpty else { return }
        plane.withUnsafeMutableBufferPointer { p in
            for y in region.y0..<region.y1 {
                for x in region.x0..<region.x1 { p[y * width + x] = 0 }
            }
        }
    }

    // MARK: - Light, noise

    /// 4096 standard normal values at evenly spaced quantiles, indexed by 12 random bits.
    static let normalTable: [Float] = (0..<4096).map { index in
        // The inverse normal CDF by bisection on erf: a one-time cost.
        let p = (Double(index) + 0.5) / 4096
        var low = -6.0
        var high = 6.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if 0.5 * (1 + erf(middle / 2.0.squareRoot())) < p { low = middle } else { high = middle }
        }
        return Float((low + high) / 2)
    }

    /// Applies the light (exposure, gradient, vignette, shadow edge, tint), adds sensor noise and rounds to bytes.
    private func expose(_ light: Lighting, _ effects: CameraEffects, width: Int, height: Int) -> RGBImage {
        let cx = Float(width - 1) / 2
        let cy = Float(height - 1) / 2
        let gx = Float(light.gradient * cos(light.gradientAngle)) / Float(width)
        let gy = Float(light.gradient * sin(light.gradientAngle)) / Float(width)
        let vignette = Float(light.vignette) / (cx * cx + cy * cy)
        let nx = Float(-sin(light.shadowAngle))
        let ny = Float(cos(light.shadowAngle))
        let inverseSoftness = 1 / Float(max(1, light.shadowSoftness))
        let shadowStrength = Float(light.shadowStrength)
        let exposure = Float(light.exposure)
        let tint = light.tint.count == 3 ? light.tint.map(Float.init) : [1, 1, 1]
        let (tintR, tintG, tintB) = (tint[0], tint[1], tint[2])
        // The gradient and the vignette split into a column part and a row part.
        let columnGradient = (0..<width).map { gx * (Float($0) - cx) }
        let columnVignette = (0..<width).map { vignette * (Float($0) - cx) * (Float($0) - cx) }
        var random = SynthRandom(seed: effects.seed)
        let sigma = Float(max(0, effects.noise))
        // Noise level by brightness (0...255, in quarter steps): shot noise grows with the signal, read noise
        // is there even in the dark.
        let levels = (0..<1024).map { sigma * (0.35 + 0.65 * Float($0) / 4 / 128).squareRoot() }
        let shadowX = Float(light.shadowPoint.x)
        let shadowY = Float(light.shadowPoint.y)
        let pixelCount = width * height
        var gainRow = [Float](repeating: 0, count: width)
        // A specular highlight adds light on top (after the lens, like the light's other slow changes).
        let highlight = light.highlight
        let highlightX = Float(highlight?.center.x ?? 0), highlightY = Float(highlight?.center.y ?? 0)
        let highlightReach = Float((highlight?.radius ?? 0) * 3.5)
        var glareRow = [Float](repeating: 0, count: width)
        let bytes = [UInt8](unsafeUninitializedCapacity: pixelCount * 3) { buffer, count in
            color.withUnsafeBufferPointer { c in
                Self.normalTable.withUnsafeBufferPointer { normal in
                    levels.withUnsafeBufferPointer { levels in
                        gainRow.withUnsafeMutableBufferPointer { gains in
                            for y in 0..<height {
                                let dy = Float(y) - cy
                                let rowGradient = 1 + gy * dy
                                let rowVignette = 1 - vignette * dy * dy
                                let shadowRow = -shadowX * nx + (Float(y) - shadowY) * ny
                                for x in 0..<width {
                                    var gain = exposure * (rowGradient + columnGradient[x]) * (rowVignette - columnVignette[x])
                                    if shadowStrength > 0 {
                                        let t = min(1, max(0, 0.5 + (shadowRow + Float(x) * nx) * inverseSoftness))
                                        gain *= 1 - shadowStrength * t * t * (3 - 2 * t)
                                    }
                                    gains[x] = max(0, gain)
                                }
                                let glareDY = Float(y) - highlightY
                                let glareHere = highlight != nil && abs(glareDY) < highlightReach
                                if glareHere, let highlight {
                                    for x in 0..<width {
                                        let dx = Float(x) - highlightX
                                        glareRow[x] = abs(dx) < highlightReach
                                            ? highlight.light(squaredDistance: dx * dx + glareDY * glareDY) : 0
                                    }
                                }
                                var state = random
                                var o = y * width * 3
                                for x in 0..<width {
                                    let gain = gains[x]
                                    var r = c[o] * gain * tintR
                                    var g = c[o + 1] * gain * tintG
                                    var b = c[o + 2] * gain * tintB
                                    if glareHere {
                                        r += glareRow[x]
                                        g += glareRow[x]
                                        b += glareRow[x]
                                    }
                                    if sigma > 0 {
                                        // One draw gives four standard normals: one shared, three per channel.
                                        let bits = state.next()
                                        let luma = min(255, max(0, r * 0.3 + g * 0.59 + b * 0.11))
                                        let level = levels[Int(luma * 4)]
                                        let common = normal[Int(bits & 0xFFF)] * level
                                        let spread = level * 0.45
                                        r += common + normal[Int((bits >> 16) & 0xFFF)] * spread
                                        g += common + normal[Int((bits >> 32) & 0xFFF)] * spread
                                        b += common + normal[Int((bits >> 48) & 0xFFF)] * spread
                                    }
                                    buffer[o] = UInt8(truncatingIfNeeded: Int32(max(0, min(255, r + 0.5))))
                                    buffer[o + 1] = UInt8(truncatingIfNeeded: Int32(max(0, min(255, g + 0.5))))
                                    buffer[o + 2] = UInt8(truncatingIfNeeded: Int32(max(0, min(255, b + 0.5))))
                                    o += 3
                                }
                                random = state
                            }
                        }
                    }
                }
            }
            count = pixelCount * 3
        }
        return RGBImage(width: width, height: height, pixels: bytes)
    }

    // MARK: - Truth

    /// The share of the quad `corners` inside the saturated core of `highlight` (sampled on a 24 x 24 grid).
    static func coveredShare(of corners: [ImagePoint], by highlight: Highlight) -> Double {
        let core = highlight.coreRadius
        guard core > 0, corners.count == 4 else { return 0 }
        let n = 24
        var inside = 0
        for j in 0..<n {
            let v = (Double(j) + 0.5) / Double(n)
            let left = ImagePoint(
                corners[0].x + (corners[3].x - corners[0].x) * v, corners[0].y + (corners[3].y - corners[0].y) * v)
            let right = ImagePoint(
                corners[1].x + (corners[2].x - corners[1].x) * v, corners[1].y + (corners[2].y - corners[1].y) * v)
            for i in 0..<n {
                let u = (Double(i) + 0.5) / Double(n)
                let point = ImagePoint(left.x + (right.x - left.x) * u, left.y + (right.y - left.y) * u)
                if point.distance(to: highlight.center) <= core { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    private func makeTruth(_ scene: SynthScene, cards: [(SceneCard, CardArtwork)], toImage: Homography, width: Int,
                           height: Int) -> FrameTruth {
        var records: [CardTruth] = []
        for (card, artwork) in cards {
            let id = scene.faces[card.face].id
            let left = artwork.markerLeft
            let top = artwork.markerTop
            let right = left + artwork.markerWidth
            let bottom = top + artwork.markerHeight
            let table = Self.tablePoints(card, [(left, top), (right, top), (right, bottom), (left, bottom)])
            guard let corners = Self.project(table, toImage) else {
                records.append(CardTruth(id: id, corners: [], hidden: true, reason: .outside, occluded: 0, row: card.row,
                                         column: card.column))
                continue
            }
            let m = borderMargin
            let inside = corners.allSatisfy {
                $0.x >= -0.5 + m && $0.y >= -0.5 + m && $0.x <= Double(width) - 0.5 - m && $0.y <= Double(height) - 0.5 - m
            }
            let shortest = (0..<4).map { corners[$0].distance(to: corners[($0 + 1) % 4]) }.min() ?? 0
            var covered = 0.0
            var area = 0.0
            handMask.withUnsafeBufferPointer { hand in
                rasterizer.rasterize([corners], width: width, height: height, antialiased: true) { y, x0, coverage in
                    for i in 0..<coverage.count {
                        let weight = Double(coverage[i])
                        area += weight
                        covered += weight * Double(hand[y * width + x0 + i])
                    }
                }
            }
            var occluded = area > 0 ? min(1, covered / area) : 0
            if let highlight = scene.lighting.highlight, highlight.coreRadius > 0 {
                occluded = min(1, occluded + Self.coveredShare(of: corners, by: highlight))
            }
            var reason: CardTruth.HiddenReason? = nil
            if !inside {
                reason = .outside
            } else if shortest < minimumMarkerSide {
                reason = .tooSmall
            } else if occluded > (scene.coverLimit ?? hiddenOcclusion) {
                reason = .occluded
            }
            let rounded = corners.map { ImagePoint(($0.x * 10000).rounded() / 10000, ($0.y * 10000).rounded() / 10000) }
            records.append(CardTruth(id: id, corners: rounded, hidden: reason != nil, reason: reason,
                                     occluded: (occluded * 10000).rounded() / 10000, row: card.row, column: card.column))
        }
        records.sort { ($0.row, $0.column) < ($1.row, $1.column) }
        return FrameTruth(width: width, height: height, visible: records.filter { !$0.hidden }.map(\.id), cards: records)
    }
}
