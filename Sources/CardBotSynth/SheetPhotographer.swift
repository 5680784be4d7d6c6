import CardBotGeometry
import CardBotImaging
import Foundation

/// Photographs a flat printed sheet (any image: a sheet of cards, a poster) lying on the table, as the camera
/// would see it: perspective, light, lens blur and sensor noise.
///
/// The table comes from `FrameRenderer` (a scene without cards); the sheet is texture-mapped onto it with
/// trilinear mipmapping, so a 300 dpi sheet seen from afar is filtered like a lens would. For round-trip tests
/// (print, photograph, detect) and for demo frames of printed sheets.
public final class SheetPhotographer {
    private let renderer = FrameRenderer()
    private var cachedSheet: RGBImage?
    private var levels: [(width: Int, height: Int, pixels: [UInt8])] = []
    private var color: [Float] = []
    private var scratch: [Float] = []

    /// Creates a photographer. Reuse one for many photographs of the same sheet (its mipmaps are kept).
    public init() {}

    /// The sheet lying on the table.
    public struct Placement: Sendable, Hashable {
        /// The sheet's width and height in millimetres (the image fills them).
        public var width: Double
        public var height: Double
        /// Where the sheet's centre lies on the table, mm.
        public var center: TablePoint
        /// How far the sheet is turned on the table, radians.
        public var rotation: Double

        /// Creates a placement.
        public init(width: Double, height: Double, center: TablePoint = TablePoint(0, 0), rotation: Double = 0) {
            self.width = width
            self.height = height
            self.center = center
            self.rotation = rotation
        }
    }

    /// The frame of `sheet` placed as `placement`, seen by `camera`.
    /// - Returns: The colour frame (before any JPEG compression) and its grey version.
    public func photograph(
        _ sheet: RGBImage, placement: Placement, camera: SynthCamera, table: TableStyle = TableStyle(),
        lighting: Lighting = .even, effects: CameraEffects = CameraEffects()
    ) -> (rgb: RGBImage, gray: GrayImage) {
        prepare(sheet)
        // The bare table, without light or camera effects (they come after the sheet is laid on it).
        let bare = renderer.render(
            SynthScene(
                faces: [], cards: [], table: table, camera: camera, lighting: Lighting(vignette: 0),
                effects: CameraEffects(blur: 0, noise: 0, jpegQuality: 100, seed: effects.seed))
        ).rgb
        let width = bare.width, height = bare.height
        color = bare.pixels.map(Float.init)
        laySheet(placement: placement, camera: camera, width: width, height: height)
        light(lighting, width: width, height: height)
        Blur.gaussian(&color, scratch: &scratch, width: width, height: height, channels: 3, sigma: effects.blur)
        let rgb = sensor(effects, width: width, height: height)
        return (rgb, rgb.luminance)
    }

    private func prepare(_ sheet: RGBImage) {
        if let cachedSheet, cachedSheet == sheet { return }
        cachedSheet = sheet
        levels = [(sheet.width, sheet.height, sheet.pixels)]
        while let last = levels.last, last.width > 1 || last.height > 1 {
            let w = max(1, last.width / 2), h = max(1, last.height / 2)
            var pixels = [UInt8](repeating: 0, count: w * h * 3)
            last.pixels.withUnsafeBufferPointer { source in
                pixels.withUnsafeMutableBufferPointer { out in
                    for y in 0..<h {
                        let y0 = min(last.height - 1, 2 * y), y1 = min(last.height - 1, 2 * y + 1)
                        for x in 0..<w {
                            let x0 = min(last.width - 1, 2 * x), x1 = min(last.width - 1, 2 * x + 1)
                            for c in 0..<3 {
                                let sum = Int(source[(y0 * last.width + x0) * 3 + c]) + Int(source[(y0 * last.width + x1) * 3 + c])
                                    + Int(source[(y1 * last.width + x0) * 3 + c]) + Int(source[(y1 * last.width + x1) * 3 + c])
                                out[(y * w + x) * 3 + c] = UInt8((sum + 2) / 4)
                            }
                        }
                    }
                }
            }
            levels.append((w, h, pixels))
        }
    }

    private func laySheet(placement: Placement, camera: SynthCamera, width: Int, height: Int) {
        guard let toTable = camera.tableToImage.inverseByDivision, let base = levels.first else { return }
        // Table mm -> sheet pixels of level 0: untranslate, unrotate, scale.
        let scale = Double(base.width) / placement.width
        let c = cos(-placement.rotation) * scale, s = sin(-placement.rotation) * scale
        let cx = Double(base.width) / 2 - 0.5, cy = Double(base.height) / 2 - 0.5
        let tx = -(c * placement.center.x - s * placement.center.y) + cx
        let ty = -(s * placement.center.x + c * placement.center.y) + cy
        let toSheet = Homography(c, -s, tx, s, c, ty, 0, 0, 1).concatenating(toTable)
        let m = toSheet
        let det = abs(toSheet.determinant)
        let maxLevel = Float(levels.count - 1)
        let sheetWidth = Double(base.width), sheetHeight = Double(base.height)
        color.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let fy = Double(y)
                for x in 0..<width {
                    let fx = Double(x)
                    let w = m.m20 * fx + m.m21 * fy + m.m22
                    guard w > 1e-12 else { continue }
                    let inverse = 1 / w
                    let u = (m.m00 * fx + m.m01 * fy + m.m02) * inverse
                    let v = (m.m10 * fx + m.m11 * fy + m.m12) * inverse
                    guard u >= -0.5, v >= -0.5, u <= sheetWidth - 0.5, v <= sheetHeight - 0.5 else { continue }
                    // Sheet pixels per frame pixel (area) = |det| / w^3; the mip level is half its log2.
                    let area = det * inverse * inverse * inverse
                    let lod = min(maxLevel, max(0, Float(0.5 * log2(max(area, 1e-12)))))
                    let level = min(levels.count - 1, Int(lod))
                    let fraction = lod - Float(level)
                    var sample = bilinear(level, u, v)
                    if fraction > 0.01, level + 1 < levels.count {
                        let next = bilinear(level + 1, u, v)
                        sample.0 += (next.0 - sample.0) * fraction
                        sample.1 += (next.1 - sample.1) * fraction
                        sample.2 += (next.2 - sample.2) * fraction
                    }
                    let o = (y * width + x) * 3
                    out[o] = sample.0
                    out[o + 1] = sample.1
                    out[o + 2] = sample.2
                }
            }
        }
    }

    /// The bilinear sample of mip level `level` at level-0 pixel coordinates (`u`, `v`).
    @inline(__always)
    private func bilinear(_ level: Int, _ u: Double, _ v: Double) -> (Float, Float, Float) {
        let map = levels[level]
        let factor = 1 / Double(1 << level)
        let x = max(0, min(Double(map.width - 1), (u + 0.5) * factor - 0.5))
        let y = max(0, min(Double(map.height - 1), (v + 0.5) * factor - 0.5))
        let x0 = Int(x), y0 = Int(y)
        let x1 = min(map.width - 1, x0 + 1), y1 = min(map.height - 1, y0 + 1)
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        return map.pixels.withUnsafeBufferPointer { p in
            func at(_ xx: Int, _ yy: Int, _ c: Int) -> Float { Float(p[(yy * map.width + xx) * 3 + c]) }
            var result: (Float, Float, Float) = (0, 0, 0)
            for c in 0..<3 {
                let top = at(x0, y0, c) + (at(x1, y0, c) - at(x0, y0, c)) * fx
                let bottom = at(x0, y1, c) + (at(x1, y1, c) - at(x0, y1, c)) * fx
                let value = top + (bottom - top) * fy
                if c == 0 { result.0 = value } else if c == 1 { result.1 = value } else { result.2 = value }
            }
            return result
        }
    }

    /// Exposure, a gradient across the frame and vignetting.
    private func light(_ lighting: Lighting, width: Int, height: Int) {
        let cx = Double(width - 1) / 2, cy = Double(height - 1) / 2
        let gx = lighting.gradient * cos(lighting.gradientAngle) / Double(width)
        let gy = lighting.gradient * sin(lighting.gradientAngle) / Double(width)
        let radius2 = cx * cx + cy * cy
        color.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let dy = Double(y) - cy
                for x in 0..<width {
                    let dx = Double(x) - cx
                    let gain = Float(
                        max(0, lighting.exposure * (1 + gx * dx + gy * dy) * (1 - lighting.vignette * (dx * dx + dy * dy) / radius2)))
                    let o = (y * width + x) * 3
                    out[o] *= gain
                    out[o + 1] *= gain
                    out[o + 2] *= gain
                }
            }
        }
    }

    /// Sensor noise (grows with the signal) and quantisation to bytes.
    private func sensor(_ effects: CameraEffects, width: Int, height: Int) -> RGBImage {
        var random = SynthRandom(seed: effects.seed)
        let sigma = Float(max(0, effects.noise))
        let count = width * height * 3
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            color.withUnsafeBufferPointer { c in
                for i in 0..<count {
                    var value = c[i]
                    if sigma > 0 {
                        let level = sigma * (0.35 + 0.65 * max(0, value) / 128).squareRoot()
                        value += Float(random.normal()) * level
                    }
                    buffer[i] = UInt8(max(0, min(255, value + 0.5)))
                }
            }
            initialized = count
        }
        return RGBImage(width: width, height: height, pixels: bytes)
    }
}
