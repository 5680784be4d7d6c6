/// Adaptive thresholding and 8-connected labelling of the dark pixels of a frame, in one pass over its rows.
///
/// A pixel is dark when it lies below the mean of the `window` x `window` square around it (clipped at the
/// frame's edges) by at least `offset` gray levels plus `share` 64ths of that mean. The box means come from running column sums, so the cost per pixel
/// is constant whatever the window. Dark pixels are collected as horizontal runs, and runs that touch (including
/// diagonally) are joined with union-find; each component keeps its bounding box, pixel count and first run
/// (its top-most, left-most pixel, where the tracing of its outer contour starts).
///
/// The binary image is kept with a one-pixel border of background so that contour tracing needs no bounds checks.
final class DarkComponents {
    /// One connected set of dark pixels.
    struct Component {
        var startX: Int32
        var startY: Int32
        var minX: Int32
        var maxX: Int32
        var minY: Int32
        var maxY: Int32
        var area: Int32
    }

    /// The padded binary image: `(width + 2) * (height + 2)` bytes, 1 for dark, with a background border.
    let binary = ScratchBuffer<UInt8>(capacity: 1 << 16)
    private(set) var width = 0
    private(set) var height = 0
    /// The row length of `binary`.
    var stride: Int { width + 2 }

    /// The components of the last frame labelled.
    let components = ScratchBuffer<Component>(capacity: 1024)

    /// Column sums over the window's rows: at most 255 rows of 255, so 16 bits hold them.
    private let columnSums = ScratchBuffer<UInt16>(capacity: 2048)
    private let prefix = ScratchBuffer<UInt32>(capacity: 2048)
    private let runStart = ScratchBuffer<Int32>(capacity: 1 << 14)
    private let runEnd = ScratchBuffer<Int32>(capacity: 1 << 14)
    private let runRow = ScratchBuffer<Int32>(capacity: 1 << 14)
    private let parent = ScratchBuffer<Int32>(capacity: 1 << 14)
    private let statistics = ScratchBuffer<Component>(capacity: 1 << 14)

    /// Thresholds and labels `pixels` (`width * height`, row by row).
    func label(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, window: Int, offset: Int, share: Int) {
        self.width = width
        self.height = height
        let stride = width + 2
        binary.reserve(stride * (height + 2))
        columnSums.reserve(width)
        prefix.reserve(width + 1)
        runStart.removeAll()
        runEnd.removeAll()
        runRow.removeAll()
        parent.removeAll()
        components.removeAll()
        let out = binary.base
        out.update(repeating: 0, count: stride)
        (out + stride * (height + 1)).update(repeating: 0, count: stride)

        let radius = window / 2
        let sums = columnSums.base
        let running = prefix.base
        sums.update(repeating: 0, count: width)
        for y in 0...min(radius, height - 1) {
            let row = pixels + y * width
            for x in 0..<width { sums[x] &+= UInt16(row[x]) }
        }
        // Dark when (pixel + offset) * count * 64 < sum * (64 - share): no division per pixel. The largest
        // product, (255 + offset) * 255 * 255 * 64 for the widest window, fits in 32 bits.
        let offset32 = UInt32(max(offset, 0))
        let keep = UInt32(64 - max(0, min(share, 32)))
        var previousRunsStart = 0
        var previousRunsEnd = 0
        for y in 0..<height {
            if y > 0 {
                let entering = y + radius
                let leaving = y - radius - 1
                if entering < height && leaving >= 0 {
                    // One pass over the sums for both rows.
                    let enteringRow = pixels + entering * width
                    let leavingRow = pixels + leaving * width
                    for x in 0..<width { sums[x] = sums[x] &+ UInt16(enteringRow[x]) &- UInt16(leavingRow[x]) }
                } else if entering < height {
                    let row = pixels + entering * width
                    for x in 0..<width { sums[x] &+= UInt16(row[x]) }
                } else if leaving >= 0 {
                    let row = pixels + leaving * width
                    for x in 0..<width { sums[x] &-= UInt16(row[x]) }
                }
            }
            let rows = UInt32(min(y + radius, height - 1) - max(y - radius, 0) + 1)
            // Prefix sums of the column sums: the box sum of columns lo...hi is running[hi + 1] - running[lo].
            // Two chains of additions, one per half of the row, interleaved so that each addition need not wait
            // for the one before; then the second half is lifted by the first half's total.
            running[0] = 0
            let runningAhead = running + 1
            let half = width / 2
            var total0: UInt32 = 0, total1: UInt32 = 0
            for i in 0..<half {
                total0 &+= UInt32(sums[i])
                total1 &+= UInt32(sums[half + i])
                runningAhead[i] = total0
                runningAhead[half + i] = total1
            }
            if width > 2 * half {
                total1 &+= UInt32(sums[width - 1])
                runningAhead[width - 1] = total1
            }
            for x in half..<width { runningAhead[x] &+= total0 }
            let source = pixels + y * width
            let target = out + (y + 1) * stride + 1
            target[-1] = 0
            target[width] = 0
            // Left edge, middle (constant window), right edge.
            let middleStart = min(radius, width)
            let middleEnd = max(middleStart, width - radius)
            for x in 0..<middleStart {
                let hi = min(x + radius, width - 1)
                let count = rows &* UInt32(hi + 1)
                let sum = running[hi + 1]
                target[x] = ((UInt32(source[x]) &+ offset32) &* count) &<< 6 < sum &* keep ? 1 : 0
            }
            let middle = middleEnd - middleStart
            if middle > 0 {
                // The hot loop, on plain pointers so that it vectorises. The same test in single precision, which
                // x86's SIMD multiplies in one instruction where 32-bit integers take several. It is exact for the
                // windows chosen by default (up to 31): sum * keep stays under 2^24, and (pixel + offset) * count
                // * 64 is a power of two times a number under 2^24, so both products are whole numbers a Float
                // holds exactly.
                let fullCount = Float(rows &* UInt32(2 * radius + 1) &<< 6)
                let keepFloat = Float(keep)
                let offsetFloat = Float(offset32)
                let ahead = running + (middleStart + radius + 1)
                let behind = running + (middleStart - radius)
                let from = source + middleStart
                let to = target + middleStart
                for i in 0..<middle {
                    let sum = Float(Int32(bitPattern: ahead[i] &- behind[i])) * keepFloat
                    to[i] = (Float(Int32(from[i])) + offsetFloat) * fullCount < sum ? 1 : 0
                }
            }
            for x in middleEnd..<width {
                let lo = max(x - radius, 0)
                let count = rows &* UInt32(width - lo)
                let sum = running[width] &- running[lo]
                target[x] = ((UInt32(source[x]) &+ offset32) &* count) &<< 6 < sum &* keep ? 1 : 0
            }
            // Runs of this row, joined to the touching runs of the row above.
            let currentRunsStart = runStart.count
            collectRuns(target, width: width, row: Int32(y))
            joinRuns(previous: previousRunsStart..<previousRunsEnd, current: currentRunsStart..<runStart.count)
            previousRunsStart = currentRunsStart
            previousRunsEnd = runStart.count
        }
        summarize()
    }

    @inline(__always)
    private func collectRuns(_ row: UnsafeMutablePointer<UInt8>, width: Int, row y: Int32) {
        // Bytes are 0 or 1, so eight at a time: the lowest set byte of a word is the next dark pixel, and the
        // lowest set byte of the word XOR 0x01...01 is the next light one.
        let ones: UInt64 = 0x0101_0101_0101_0101
        var x = 0
        while x < width {
            // Find the start of a run.
            if x + 8 <= width {
                let word = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                if word == 0 {
                    x += 8
                    continue
                }
                x += word.littleEndian.trailingZeroBitCount >> 3
            } else if row[x] == 0 {
                x += 1
                continue
            }
            let start = x
            // Find its end.
            while x < width {
                if x + 8 <= width {
                    let word = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self).littleEndian ^ ones
                    if word == 0 {
                        x += 8
                        continue
                    }
                    x += word.trailingZeroBitCount >> 3
                    break
                }
                if row[x] == 0 { break }
                x += 1
            }
            let index = Int32(runStart.count)
            runStart.append(Int32(start))
            runEnd.append(Int32(x))
            runRow.append(y)
            parent.append(index)
        }
    }

    @inline(__always)
    private func joinRuns(previous: Range<Int>, current: Range<Int>) {
        guard !previous.isEmpty, !current.isEmpty else { return }
        let starts = runStart.base
        let ends = runEnd.base
        let parents = parent.base
        var j = previous.lowerBound
        for i in current {
            let a = starts[i]
            let b = ends[i]
            // Runs of the row above that end before this one starts (diagonals included) cannot touch it.
            while j < previous.upperBound && ends[j] < a { j += 1 }
            var k = j
            while k < previous.upperBound && starts[k] <= b {
                union(parents, Int32(i), Int32(k))
                k += 1
            }
        }
    }

    @inline(__always)
    private func find(_ parents: UnsafeMutablePointer<Int32>, _ index: Int32) -> Int32 {
        var node = index
        while parents[Int(node)] != node {
            let up = parents[Int(parents[Int(node)])]
            parents[Int(node)] = up
            node = up
        }
        return node
    }

    @inline(__always)
    private func union(_ parents: UnsafeMutablePointer<Int32>, _ a: Int32, _ b: Int32) {
        let rootA = find(parents, a)
        let rootB = find(parents, b)
        if rootA == rootB { return }
        // The smaller index (the earlier run) stays the root, so a root is its component's first run.
        if rootA < rootB { parents[Int(rootB)] = rootA } else { parents[Int(rootA)] = rootB }
    }

    private func summarize() {
        let count = runStart.count
        statistics.reserve(count)
        let stats = statistics.base
        let starts = runStart.base
        let ends = runEnd.base
        let rows = runRow.base
        let parents = parent.base
        for i in 0..<count {
            let root = Int(find(parents, Int32(i)))
            let x0 = starts[i], x1 = ends[i] - 1, y = rows[i]
            if root == i {
                stats[i] = Component(startX: x0, startY: y, minX: x0, maxX: x1, minY: y, maxY: y, area: x1 - x0 + 1)
            } else {
                stats[root].minX = min(stats[root].minX, x0)
                stats[root].maxX = max(stats[root].maxX, x1)
                stats[root].maxY = max(stats[root].maxY, y)
                stats[root].area += x1 - x0 + 1
            }
        }
        for i in 0..<count where parents[i] == Int32(i) {
            components.append(stats[i])
        }
    }
}
