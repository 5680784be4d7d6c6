import CardBotGeometry
import CardBotImaging
import Foundation

/// Renders `SynthScene`s into camera-like frames with exact ground truth.
///
/// Card faces are vector artwork (paper, band, marker cells, title glyphs) projected into the image
/// and filled with exact area coverage, so that every edge pixel has the grey level of the area it
/// covers, like a real sensor, and the marker corners are exactly where the truth says; the table
/// texture is sampled with trilinear mipmapping (`TablePainter`). Clutter beside the cards is drawn
/// the same way before them. Then come cast shadows, the hand, the light, lens blur and sensor noise.
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
    private var color: [Float] = []
    private var scratch: [Float] = []
    private var handMask: [Float] = []
    private var shadeMask: [Float] = []
    private var shadowMask: [Float] = []
    private var line: [Float] = []
    private let tablePainter = TablePainter()
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

        tablePainter.draw(scene.table, toTable: toTable, into: &color, width: width, height: height)
        let cards = scene.cards.map { card -> (SceneCard, CardArtwork)? in
            guard scene.faces.indices.contains(card.face) else { return nil }
            return (card, artwork(for: scene.faces[card.face], design: scene.design))
        }.compactMap { $0 }
        drawClutter(scene, toImage: toImage, width: width, height: height)
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

    // MARK: - Cards

    /// The card's four corners (or any rectangle given in card-local mm) on the table.
    static func tablePoints(_ card: SceneCard, _ local: [(Double, Double)]) -> [TablePoint] {
        let c = cos(card.rotation)
        let s = sin(card.rotation)
        return local.map { TablePoint(card.center.x + c * $0.0 - s * $0.1, card.center.y + s * $0.0 + c * $0.1) }
    }

    /// A clutter item's outline (item-local mm) on the table.
    static func tablePoints(_ item: SceneClutter, _ local: [(Double, Double)]) -> [TablePoint] {
        let c = cos(item.rotation)
        let s = sin(item.rotation)
        return local.map { TablePoint(item.center.x + c * $0.0 - s * $0.1, item.center.y + s * $0.0 + c * $0.1) }
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
        castShadow(polygons, radius: max(1, Int((0.9 * scale).rounded())), strength: 0.32, width: width, height: height)
    }

    /// Darkens the frame under `polygons` (united), blurred by a box of `radius` pixels run three times.
    private func castShadow(_ polygons: [[ImagePoint]], radius: Int, strength: Float, width: Int, height: Int) {
        guard !polygons.isEmpty else { return }
        let region = fill(&shadowMask, polygons, width: width, height: height)
        let grown = grow(region, by: 3 * radius + 1, width: width, height: height)
        Blur.box3(&shadowMask, scratch: &line, width: width, height: height, radius: radius, region: grown)
        darken(by: shadowMask, strength: strength, region: grown, width: width)
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
            paint(polygons, color: layer.color, width: width, height: height)
        }
    }

    /// Paints `polygons` (united) in `color` over the frame with their exact area coverage.
    private func paint(_ polygons: [[ImagePoint]], color: (Float, Float, Float), width: Int, height: Int) {
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

    // MARK: - Clutter

    /// The things beside the cards: their shadows (sheets and squares nearly flat, a die's long and soft), then
    /// their artwork, a die's sides only where they face the camera.
    private func drawClutter(_ scene: SynthScene, toImage: Homography, width: Int, height: Int) {
        guard !scene.clutter.isEmpty else { return }
        let light = scene.lighting.shadowDirection
        let items = scene.clutter.map { ($0, ClutterArtwork($0, light: light)) }
        var flat: [[ImagePoint]] = []
        var flatScale = 0.0
        for (item, artwork) in items {
            let base = Self.tablePoints(item, artwork.base)
            let lift = item.height > 0 ? item.height : 0.8
            let cast = base.map { $0.offset(light.x * lift, light.y * lift) }
            var outlines = [cast]
            if item.height > 0 {
                // The shadow of a box: its base swept along the light.
                outlines.append(base)
                for index in base.indices {
                    let next = (index + 1) % base.count
                    outlines.append([base[index], base[next], cast[next], cast[index]])
                }
            }
            let polygons = outlines.compactMap { Self.project($0, toImage).map(PolygonRasterizer.counterClockwise) }
            let scale = Self.pixelsPerMillimetre(at: item.center, toImage)
            if item.height > 0 {
                castShadow(
                    polygons, radius: max(1, Int((0.12 * item.height * scale).rounded())), strength: 0.45, width: width,
                    height: height)
            } else {
                flat += polygons
                flatScale = max(flatScale, scale)
            }
        }
        castShadow(flat, radius: max(1, Int((0.7 * flatScale).rounded())), strength: 0.26, width: width, height: height)
        let eye = scene.camera.center
        for (item, artwork) in items {
            let c = cos(item.rotation)
            let s = sin(item.rotation)
            for layer in artwork.layers {
                if let facing = layer.facing, let first = layer.polygons.first?.first {
                    // A die's side shows only when the camera is on its outer side.
                    let point = Self.tablePoints(item, [(first.x, first.y)])[0]
                    let normal = (c * facing.0 - s * facing.1, s * facing.0 + c * facing.1)
                    guard normal.0 * (eye.x - point.x) + normal.1 * (eye.y - point.y) > 0 else { continue }
                }
                let polygons = layer.polygons.compactMap { polygon -> [ImagePoint]? in
                    var image: [ImagePoint] = []
                    image.reserveCapacity(polygon.count)
                    for corner in polygon {
                        let x = item.center.x + c * corner.x - s * corner.y
                        let y = item.center.y + s * corner.x + c * corner.y
                        let seen = corner.z == 0 ? toImage.apply(x, y)
                            : scene.camera.project(TablePoint(x, y), height: corner.z)
                        guard let seen else { return nil }
                        image.append(seen)
                    }
                    return PolygonRasterizer.counterClockwise(image)
                }
                paint(polygons, color: layer.color, width: width, height: height)
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
