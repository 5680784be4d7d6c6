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
