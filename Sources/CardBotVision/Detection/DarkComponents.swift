/// Adaptive thresholding and 8-connected labelling of the dark pixels of a frame, in one pass over its rows.
///
/// A pixel is dark when it lies below the mean of the `window` x `window` square around it (clipped at the
/// frame's edges) by at least `offset` gray levels plus `share` 64ths of that mean, the square taken in whole cells
/// of 2x2 pixels (`CellThresholds`). Dark pixels are collected as horizontal runs, and runs that touch (including
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

    private let runStart = ScratchBuffer<Int32>(capacity: 1 << 14)
    private let runEnd = ScratchBuffer<Int32>(capacity: 1 << 14)
    private let runRow = ScratchBuffer<Int32>(capacity: 1 << 14)
    private let parent = ScratchBuffer<Int32>(capacity: 1 << 14)
    private let statistics = ScratchBuffer<Component>(capacity: 1 << 14)

    private let thresholds = CellThresholds()

    /// The sums of the 2x2 cells of the last frame labelled (`CellThresholds.cellSums`), `(width / 2) * (height / 2)`.
    var cellSums: UnsafePointer<UInt16> { UnsafePointer(thresholds.cellSums.base) }

    /// Thresholds and labels `pixels` (`width * height`, row by row; a frame under 2x2 pixels has no dark pixel).
    func label(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, window: Int, offset: Int, share: Int) {
        self.width = width
        self.height = height
        let stride = width + 2
        binary.reserve(stride * (height + 2))
        runStart.removeAll()
        runEnd.removeAll()
        runRow.removeAll()
        parent.removeAll()
        components.removeAll()
        let out = binary.base
        guard width >= 2, height >= 2 else {
            out.update(repeating: 0, count: stride * (height + 2))
            return
        }
        out.update(repeating: 0, count: stride)
        (out + stride * (height + 1)).update(repeating: 0, count: stride)
        thresholds.compute(pixels, width: width, height: height, window: window, offset: offset, share: share)
        var previousRunsStart = 0
        var previousRunsEnd = 0
        for y in 0..<height {
            let source = pixels + y * width
            let target = out + (y + 1) * stride + 1
            target[-1] = 0
            target[width] = 0
            // Each pixel against its cell's level: the hot loop, on plain pointers so that it vectorises.
            let levels = thresholds.row(y)
            for x in 0..<width { target[x] = source[x] < levels[x] ? 1 : 0 }
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
        // A row has at most one run in every two pixels: room for them all is made once, and the runs are written
        // through plain pointers (a textured frame has tens of thousands of runs).
        let first = runStart.count
        let most = (width + 1) / 2
        runStart.reserve(first + most)
        runEnd.reserve(first + most)
        runRow.reserve(first + most)
        parent.reserve(first + most)
        let starts = runStart.base, ends = runEnd.base, rows = runRow.base, parents = parent.base
        var count = first
        // Bytes are 0 or 1, so eight at a time: the lowest set byte of a word is the next dark pixel, and the
        // lowest set byte of the word XOR 0x01...01 is the next light one.
        let ones: UInt64 = 0x0101_0101_0101_0101
        var x = 0
        while x < width {
            // Find the start of a run: most of a row is light, so sixteen bytes at a time while they are.
            if x + 16 <= width {
                let pair =
                    UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                    | UnsafeRawPointer(row + x + 8).loadUnaligned(as: UInt64.self)
                if pair == 0 {
                    x += 16
                    continue
                }
            }
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
            starts[count] = Int32(start)
            ends[count] = Int32(x)
            rows[count] = y
            parents[count] = Int32(count)
            count += 1
        }
        runStart.count = count
        runEnd.count = count
        runRow.count = count
        parent.count = count
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
