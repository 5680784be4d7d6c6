import Foundation

/// Separable blurs over float planes, in place, with caller-provided scratch space.
enum Blur {
    /// A rectangle of pixels, `x0..<x1` by `y0..<y1`.
    struct Region {
        var x0: Int, y0: Int, x1: Int, y1: Int
        var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    }

    /// Three passes of a box blur of `radius` over one channel inside `region` (a close Gaussian of sigma ~ radius).
    /// Values outside the region are treated as they are (the caller grows the region by the blur's reach).
    static func box3(_ plane: inout [Float], scratch: inout [Float], width: Int, height: Int, radius: Int, region: Region) {
        guard radius >= 1, !region.isEmpty else { return }
        if scratch.count < max(width, height) { scratch = [Float](repeating: 0, count: max(width, height)) }
        let norm = 1 / Float(2 * radius + 1)
        plane.withUnsafeMutableBufferPointer { p in
            scratch.withUnsafeMutableBufferPointer { line in
                for _ in 0..<3 {
                    for y in region.y0..<region.y1 {
                        let row = y * width
                        var sum: Float = 0
                        for k in -radius...radius { sum += p[row + min(width - 1, max(0, region.x0 + k))] }
                        for x in region.x0..<region.x1 {
                            line[x] = sum * norm
                            sum += p[row + min(width - 1, x + radius + 1)] - p[row + max(0, x - radius)]
                        }
                        for x in region.x0..<region.x1 { p[row + x] = line[x] }
                    }
                    for x in region.x0..<region.x1 {
                        var sum: Float = 0
                        for k in -radius...radius { sum += p[min(height - 1, max(0, region.y0 + k)) * width + x] }
                        for y in region.y0..<region.y1 {
                            line[y] = sum * norm
                            sum += p[min(height - 1, y + radius + 1) * width + x] - p[max(0, y - radius) * width + x]
                        }
                        for y in region.y0..<region.y1 { p[y * width + x] = line[y] }
                    }
                }
            }
        }
    }

    /// A Gaussian blur of `sigma` pixels over an interleaved plane of `channels` floats per pixel.
    static func gaussian(_ plane: inout [Float], scratch: inout [Float], width: Int, height: Int, channels: Int, sigma: Double) {
        guard sigma > 0.05 else { return }
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let stride = width * channels
        if scratch.count < plane.count { scratch = [Float](repeating: 0, count: plane.count) }
        plane.withUnsafeMutableBufferPointer { planeBuffer in
            scratch.withUnsafeMutableBufferPointer { scratchBuffer in
                let p = planeBuffer.baseAddress!
                let s = scratchBuffer.baseAddress!
                // Horizontal: plane -> scratch, tap by tap over whole rows, eight floats at a time.
                let edge = radius * channels
                for y in 0..<height {
                    let row = y * stride
                    if stride > 2 * edge {
                        weightedSum(
                            into: s + row + edge, count: stride - 2 * edge, taps: kernel,
                            source: { t in UnsafePointer(p + row + edge + (t - radius) * channels) })
                    }
                    // The borders repeat the edge pixels.
                    for x in 0..<width where x < radius || x >= width - radius || stride <= 2 * edge {
                        for c in 0..<channels {
                            var sum: Float = 0
                            for t in 0..<kernel.count {
                                let xx = min(width - 1, max(0, x + t - radius))
                                sum += p[row + xx * channels + c] * kernel[t]
                            }
                            s[row + x * channels + c] = sum
                        }
                    }
                }
                // Vertical: scratch -> plane, whole rows at a time.
                for y in 0..<height {
                    weightedSum(
                        into: p + y * stride, count: stride, taps: kernel,
                        source: { t in UnsafePointer(s + min(height - 1, max(0, y + t - radius)) * stride) })
                }
            }
        }
    }

    /// Motion blur: every pixel becomes the mean of the image along a line `length` pixels long through it, in
    /// direction `angle` (radians), over an interleaved plane of `channels` floats per pixel.
    ///
    /// The line is sampled every half pixel with bilinear weights; since every pixel uses the same offsets, the
    /// samples fold into one set of whole-pixel taps, applied a row at a time. Pixels beyond the frame repeat the edge.
    static func motion(
        _ plane: inout [Float], scratch: inout [Float], width: Int, height: Int, channels: Int, length: Double,
        angle: Double
    ) {
        guard length >= 1 else { return }
        let steps = max(2, Int((length * 2).rounded(.up)))
        var weights: [Int: Float] = [:]
        let ux = cos(angle), uy = sin(angle)
        for k in 0...steps {
            let t = (Double(k) / Double(steps) - 0.5) * length
            let x = t * ux, y = t * uy
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
            let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
            let share = 1 / Float(steps + 1)
            for (dx, dy, w) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)]
            where w > 0 {
                // Offsets are small: pack (dx, dy) into one key.
                weights[(y0 + dy) * 4096 + (x0 + dx), default: 0] += w * share
            }
        }
        // In key order: a dictionary's order changes from one process to the next, and the sum's rounding with it,
        // so the same seed would not give the same frame.
        let taps = weights.sorted { $0.key < $1.key }.map { key, weight -> (dx: Int, dy: Int, weight: Float) in
            let dy = Int((Double(key) / 4096).rounded())
            return (key - dy * 4096, dy, weight)
        }
        let reachLeft = max(0, -(taps.map(\.dx).min() ?? 0)), reachRight = max(0, taps.map(\.dx).max() ?? 0)
        let stride = width * channels
        if scratch.count < plane.count { scratch = [Float](repeating: 0, count: plane.count) }
        let tapWeights = taps.map(\.weight)
        plane.withUnsafeMutableBufferPointer { planeBuffer in
            scratch.withUnsafeMutableBufferPointer { scratchBuffer in
                let p = planeBuffer.baseAddress!
                let s = scratchBuffer.baseAddress!
                for y in 0..<height {
                    let rows = taps.map { min(height - 1, max(0, y + $0.dy)) * stride }
                    let row = y * stride
                    if width > reachLeft + reachRight {
                        let start = reachLeft * channels
                        weightedSum(
                            into: s + row + start, count: (width - reachLeft - reachRight) * channels, taps: tapWeights,
                            source: { t in UnsafePointer(p + rows[t] + start + taps[t].dx * channels) })
                    }
                    for x in 0..<width where x < reachLeft || x >= width - reachRight || width <= reachLeft + reachRight {
                        for c in 0..<channels {
                            var sum: Float = 0
                            for t in taps.indices {
                                let xx = min(width - 1, max(0, x + taps[t].dx))
                                sum += p[rows[t] + xx * channels + c] * taps[t].weight
                            }
                            s[row + x * channels + c] = sum
                        }
                    }
                }
                p.update(from: s, count: stride * height)
            }
        }
    }

    /// `output[i] = sum over t of taps[t] * source(t)[i]` for `count` floats, in SIMD steps.
    @inline(__always)
    private static func weightedSum(
        into output: UnsafeMutablePointer<Float>, count: Int, taps: [Float], source: (Int) -> UnsafePointer<Float>
    ) {
        let raw = UnsafeMutableRawPointer(output)
        var i = 0
        while i + 8 <= count {
            var sum = SIMD8<Float>(repeating: 0)
            for t in 0..<taps.count {
                let vector = UnsafeRawPointer(source(t) + i).loadUnaligned(as: SIMD8<Float>.self)
                sum += vector * taps[t]
            }
            raw.storeBytes(of: sum, toByteOffset: i * 4, as: SIMD8<Float>.self)
            i += 8
        }
        while i < count {
            var sum: Float = 0
            for t in 0..<taps.count { sum += source(t)[i] * taps[t] }
            output[i] = sum
            i += 1
        }
    }
}
