/// The local threshold of a frame, one gray level for each cell of 2x2 pixels: a pixel of the cell is dark when it
/// lies below its cell's level.
///
/// A cell's level is the mean of the square of cells around it, less `offset` gray levels and `share` 64ths of that
/// mean. The square is an odd number of cells across, so centred on the cell: the first such width of at least
/// `window` pixels (10 px for a window of 7 to 9, 18 px for 15, 34 px for 31), clipped at the frame's edges.
/// Computing the means on cells rather than on pixels does a quarter of the arithmetic. The cell sums come
/// four at a time from the bytes of two rows, the window sums from running column sums and a prefix sum along each
/// row of cells, so the cost per cell is constant whatever the window.
///
/// Each level is stored twice, once under each pixel of its cell's row, so that the compare per pixel is one byte
/// against the byte above it in a row of levels: sixteen pixels to one vector compare.
///
/// A frame of odd width or height shares its last cells' levels with its last column or row.
final class CellThresholds {
    /// The levels, a row of `levelStride` bytes for each row of cells: cell i's level in bytes 2i and 2i + 1, and the
    /// last cell's once more after them (for an odd width's last column).
    let levels = ScratchBuffer<UInt8>(capacity: 1 << 16)
    private(set) var cellsWide = 0
    private(set) var cellsHigh = 0
    /// The bytes of a row of `levels`.
    private(set) var levelStride = 0

    /// Each cell's four pixels added up, `cellsWide * cellsHigh`, row by row: the half-resolution copy's pixels
    /// before rounding and blur (`HalfResolution.make(fromCellSums:width:height:)`).
    let cellSums = ScratchBuffer<UInt16>(capacity: 1 << 16)
    private let columnSums = ScratchBuffer<UInt32>(capacity: 1024)
    private let prefix = ScratchBuffer<UInt32>(capacity: 1024)

    /// The levels for pixel row `y`, one per pixel: pixel (x, y) is dark below `row(y)[x]`, its cell's level.
    @inline(__always)
    func row(_ y: Int) -> UnsafePointer<UInt8> {
        UnsafePointer(levels.base + min(y / 2, cellsHigh - 1) * levelStride)
    }

    /// Computes the levels of a `width` x `height` frame (both at least 2).
    func compute(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, window: Int, offset: Int, share: Int) {
        precondition(width >= 2 && height >= 2, "a frame of at least 2x2 pixels")
        cellsWide = width / 2
        cellsHigh = height / 2
        levelStride = 2 * cellsWide + 2
        levels.reserve(levelStride * cellsHigh)
        sumCells(pixels, width: width)
        let radius = max(1, (window + 1) / 4)
        columnSums.reserve(cellsWide)
        prefix.reserve(cellsWide + 1)
        let cells = UnsafePointer(cellSums.base)
        let sums = columnSums.base
        let running = prefix.base
        sums.update(repeating: 0, count: cellsWide)
        for j in 0...min(radius, cellsHigh - 1) {
            let row = cells + j * cellsWide
            for i in 0..<cellsWide { sums[i] &+= UInt32(row[i]) }
        }
        let offsetLevels = Float(max(offset, 0))
        // A cell sum is four pixels, so its mean is the sum over 4 * count; the share is in 64ths.
        let kept = Float(64 - max(0, min(share, 32))) / 256
        // Each row of levels is written as 16-bit words, a level in both bytes.
        let words = levelStride / 2
        levels.base.withMemoryRebound(to: UInt16.self, capacity: words * cellsHigh) { words16 in
            for j in 0..<cellsHigh {
                if j > 0 { slideColumnSums(sums, cells: cells, to: j, radius: radius) }
                let rows = min(j + radius, cellsHigh - 1) - max(j - radius, 0) + 1
                // Prefix sums along the row: the window sum of cells lo...hi is running[hi + 1] - running[lo].
                running[0] = 0
                var total: UInt32 = 0
                for i in 0..<cellsWide {
                    total &+= sums[i]
                    running[i + 1] = total
                }
                let target = words16 + j * words
                let middleStart = min(radius, cellsWide)
                let middleEnd = max(middleStart, cellsWide - radius)
                for i in 0..<middleStart {
                    let hi = min(i + radius, cellsWide - 1)
                    let value = level(running[hi + 1], scale: kept / Float(rows * (hi + 1)), offset: offsetLevels)
                    target[i] = twice(value)
                }
                // The hot loop, on plain pointers so that it vectorises.
                let scale = kept / Float(rows * (2 * radius + 1))
                let ahead = running + (radius + 1)
                let behind = running + (-radius)
                for i in middleStart..<middleEnd {
                    target[i] = twice(level(ahead[i] &- behind[i], scale: scale, offset: offsetLevels))
                }
                for i in middleEnd..<cellsWide {
                    let lo = max(i - radius, 0)
                    let value = level(
                        running[cellsWide] &- running[lo], scale: kept / Float(rows * (cellsWide - lo)),
                        offset: offsetLevels)
                    target[i] = twice(value)
                }
                // The odd last column's pixel, and the spare byte of an even width, take the last cell's level.
                target[cellsWide] = target[cellsWide - 1]
            }
        }
    }

    /// The level for a window sum, in the low byte: the least whole gray level at or above `sum * scale - offset`,
    /// in 0...255.
    ///
    /// Without a checked conversion, so that it vectorises: adding 1.5 x 2^23 to a Float in 0...255 rounds it to the
    /// nearest whole number and leaves that number in the low bits of the significand; one more where that rounded
    /// down.
    @inline(__always)
    private func level(_ sum: UInt32, scale: Float, offset: Float) -> UInt32 {
        var value = Float(Int32(bitPattern: sum)) * scale - offset
        value = value > 0 ? value : 0
        value = value < 255 ? value : 255
        let magic: Float = 12_582_912
        let shifted = value + magic
        let roundedDown: UInt32 = shifted - magic < value ? 1 : 0
        return (shifted.bitPattern &+ roundedDown) & 0xFF
    }

    /// `level` (0...255) in both bytes of a word: the levels of a cell's two pixels.
    @inline(__always)
    private func twice(_ level: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: level &* 0x0101)
    }

    /// Fills `cellSums`: each cell's four pixels added up (at most 1020), four cells at a time in the 16-bit lanes
    /// of a word.
    private func sumCells(_ pixels: UnsafePointer<UInt8>, width: Int) {
        cellSums.reserve(cellsWide * cellsHigh)
        let words = cellsWide / 4
        for j in 0..<cellsHigh {
            let top = pixels + 2 * j * width
            let bottom = top + width
            let row = cellSums.base + j * cellsWide
            for word in 0..<words {
                let sums = Self.fourCellSums(top, bottom, word: word)
                UnsafeMutableRawPointer(row + 4 * word).storeBytes(of: sums.littleEndian, as: UInt64.self)
            }
            for i in (4 * words)..<cellsWide { row[i] = Self.cellSum(top, bottom, i) }
        }
    }

    /// The sums of the four 2x2 cells whose pixels are the eight bytes at `8 * word` of rows `top` and `bottom`, in
    /// the 16-bit lanes of a word (the first cell in the lowest lane): at most 1,020 each.
    @inline(__always)
    static func fourCellSums(_ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>, word: Int) -> UInt64 {
        let low: UInt64 = 0x00FF_00FF_00FF_00FF
        let a = UnsafeRawPointer(top).loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self).littleEndian
        let b = UnsafeRawPointer(bottom).loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self).littleEndian
        return (a & low) &+ ((a >> 8) & low) &+ (b & low) &+ ((b >> 8) & low)
    }

    /// The sum of 2x2 cell `i` of rows `top` and `bottom`.
    @inline(__always)
    static func cellSum(_ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>, _ i: Int) -> UInt16 {
        UInt16(top[2 * i]) &+ UInt16(top[2 * i + 1]) &+ UInt16(bottom[2 * i]) &+ UInt16(bottom[2 * i + 1])
    }

    /// Moves the column sums from the window of cell row `j - 1` to that of row `j`.
    @inline(__always)
    private func slideColumnSums(
        _ sums: UnsafeMutablePointer<UInt32>, cells: UnsafePointer<UInt16>, to j: Int, radius: Int
    ) {
        let entering = j + radius
        let leaving = j - radius - 1
        if entering < cellsHigh && leaving >= 0 {
            let added = cells + entering * cellsWide
            let removed = cells + leaving * cellsWide
            for i in 0..<cellsWide { sums[i] = sums[i] &+ UInt32(added[i]) &- UInt32(removed[i]) }
        } else if entering < cellsHigh {
            let added = cells + entering * cellsWide
            for i in 0..<cellsWide { sums[i] &+= UInt32(added[i]) }
        } else if leaving >= 0 {
            let removed = cells + leaving * cellsWide
            for i in 0..<cellsWide { sums[i] &-= UInt32(removed[i]) }
        }
    }
}
