import CardBotGeometry
import CardBotImaging

/// A smoothed half-resolution copy of a grayscale frame, kept between frames: each pixel the mean of a 2x2
/// block, then a 3x3 box blur.
///
/// Averaging four pixels halves the sensor noise and the length of a motion blur in pixels, and the blur divides
/// the noise by three again: what a dim or shaken frame needs for clean marker outlines (their corners are then
/// refined on the full frame, so the blur costs no accuracy). Pixel (x, y) of the copy covers full-resolution pixels
/// 2x...2x+1 by 2y...2y+1, so its centre is at full-resolution (2x + 0.5, 2y + 0.5).
final class HalfResolution {
    /// The copy's pixels, `width * height`.
    let pixels = ScratchBuffer<UInt8>(capacity: 1 << 16)
    private(set) var width = 0
    private(set) var height = 0
    private let rowSums = ScratchBuffer<UInt16>(capacity: 1 << 12)

    /// Fills the copy from a `width` x `height` frame (an odd last row or column is dropped).
    func make(from source: UnsafePointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int) {
        width = sourceWidth / 2
        height = sourceHeight / 2
        pixels.reserve(max(1, width * height))
        let out = pixels.base
        // Four output pixels at a time from eight bytes of each source row, in the 16-bit lanes of a word (each
        // lane's sum is at most 1022, so no lane carries into the next).
        let low: UInt64 = 0x00FF_00FF_00FF_00FF
        let wordsPerRow = width / 4
        for y in 0..<height {
            let top = UnsafeRawPointer(source + 2 * y * sourceWidth)
            let bottom = top + sourceWidth
            let row = out + y * width
            for word in 0..<wordsPerRow {
                let a = top.loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self).littleEndian
                let b = bottom.loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self).littleEndian
                let sums = (a & low) &+ ((a >> 8) & low) &+ (b & low) &+ ((b >> 8) & low) &+ 0x0002_0002_0002_0002
                var packed = (sums >> 2) & low
                packed = (packed | (packed >> 8)) & 0x0000_FFFF_0000_FFFF
                packed = (packed | (packed >> 16)) & 0xFFFF_FFFF
                UnsafeMutableRawPointer(row + 4 * word).storeBytes(
                    of: UInt32(truncatingIfNeeded: packed).littleEndian, as: UInt32.self)
            }
            let topBytes = source + 2 * y * sourceWidth
            let bottomBytes = topBytes + sourceWidth
            for x in (4 * wordsPerRow)..<width {
                let sum = UInt16(topBytes[2 * x]) &+ UInt16(topBytes[2 * x + 1]) &+ UInt16(bottomBytes[2 * x])
                    &+ UInt16(bottomBytes[2 * x + 1])
                row[x] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
            }
        }
        blur()
    }

    /// A 3x3 box blur in place (edges repeated): horizontal sums of three into a row buffer, then the vertical sum
    /// of three such rows. Two rows of horizontal sums are kept rolling.
    private func blur() {
        guard width >= 3, height >= 3 else { return }
        rowSums.reserve(3 * width)
        let sums = rowSums.base
        let out = pixels.base
        @inline(__always) func horizontal(_ y: Int, into target: UnsafeMutablePointer<UInt16>) {
            let row = out + y * width
            target[0] = 2 &* UInt16(row[0]) &+ UInt16(row[1])
            for x in 1..<(width - 1) { target[x] = UInt16(row[x - 1]) &+ UInt16(row[x]) &+ UInt16(row[x + 1]) }
            target[width - 1] = UInt16(row[width - 2]) &+ 2 &* UInt16(row[width - 1])
        }
        // Slots: previous row, this row, next row (rotating).
        var previous = sums, current = sums + width, next = sums + 2 * width
        horizontal(0, into: current)
        previous.update(from: current, count: width)
        for y in 0..<height {
            horizontal(min(y + 1, height - 1), into: next)
            let row = out + y * width
            for x in 0..<width {
                let total = UInt32(previous[x]) &+ UInt32(current[x]) &+ UInt32(next[x])
                row[x] = UInt8(truncatingIfNeeded: (total &* 7282 &+ 32768) >> 16)
            }
            (previous, current, next) = (current, next, previous)
        }
    }

    /// A point of the copy in full-resolution coordinates.
    @inline(__always)
    static func full(_ point: ImagePoint) -> ImagePoint { ImagePoint(x: 2 * point.x + 0.5, y: 2 * point.y + 0.5) }
}
