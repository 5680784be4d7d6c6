import CardBotGeometry
import CardBotImaging

/// A smoothed half-resolution copy of a grayscale frame, kept between frames: each pixel the mean of a 2x2
/// block, then a 3x3 box blur (or the means alone, a binned copy: `make(binning:width:height:)`).
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

    /// Fills the copy of a `width` x `height` frame (an odd last row or column is dropped) from the sums of its 2x2
    /// cells (`CellThresholds.cellSums`), which the frame's thresholding has just added up: each pixel their
    /// rounded mean, then blurred.
    func make(fromCellSums sums: UnsafePointer<UInt16>, width sourceWidth: Int, height sourceHeight: Int) {
        width = sourceWidth / 2
        height = sourceHeight / 2
        let count = width * height
        pixels.reserve(max(1, count))
        let out = pixels.base
        for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: (sums[i] &+ 2) >> 2) }
        blur()
    }

    /// Fills the copy with `width` x `height` `pixels` binned 2x2 (an odd last row or column is dropped): each pixel
    /// the rounded mean of four, without the blur. Four at a time, in the 16-bit lanes of a word.
    func make(binning source: UnsafePointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int) {
        width = sourceWidth / 2
        height = sourceHeight / 2
        pixels.reserve(max(1, width * height))
        let out = pixels.base
        let low: UInt64 = 0x00FF_00FF_00FF_00FF
        let rounding: UInt64 = 0x0002_0002_0002_0002
        let words = width / 4
        for y in 0..<height {
            let top = source + 2 * y * sourceWidth
            let bottom = top + sourceWidth
            let row = out + y * width
            for word in 0..<words {
                // Four sums of at most 1,020, rounded and quartered: at most 255 each, in the low byte of its lane.
                var means = ((CellThresholds.fourCellSums(top, bottom, word: word) &+ rounding) >> 2) & low
                means = (means | (means >> 8)) & 0x0000_FFFF_0000_FFFF
                means = (means | (means >> 16)) & 0xFFFF_FFFF
                UnsafeMutableRawPointer(row + 4 * word).storeBytes(
                    of: UInt32(truncatingIfNeeded: means).littleEndian, as: UInt32.self)
            }
            for x in (4 * words)..<width {
                row[x] = UInt8(truncatingIfNeeded: (CellThresholds.cellSum(top, bottom, x) &+ 2) >> 2)
            }
        }
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
            // A ninth, rounded: (total * 7282 + 32768) >> 16 with the total (at most 2,295) in 16 bits, as the high
            // half of the product plus the rounding carry of its low half, so that it vectorises.
            for x in 0..<width {
                let total = previous[x] &+ current[x] &+ next[x]
                let high = UInt16(truncatingIfNeeded: (UInt32(total) &* 7282) >> 16)
                let low = total &* 7282
                row[x] = UInt8(truncatingIfNeeded: high &+ (low >> 15))
            }
            (previous, current, next) = (current, next, previous)
        }
    }

    /// A point of a copy `scale` times smaller than the frame (each of its pixels covering `scale` x `scale` of the
    /// frame's) in the frame's coordinates.
    @inline(__always)
    static func full(_ point: ImagePoint, scale: Int) -> ImagePoint {
        let factor = Double(scale)
        let shift = (factor - 1) / 2
        return ImagePoint(x: factor * point.x + shift, y: factor * point.y + shift)
    }
}
