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
