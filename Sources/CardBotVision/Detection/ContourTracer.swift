/// Follows the outer boundary of one 8-connected component of a padded binary image (Moore-neighbour tracing).
///
/// The trace starts at the component's top-most, left-most pixel and goes clockwise as seen on screen
/// (y down), so the component is on the right of the direction of travel. Points are pixel centres.
struct ContourTracer {
    /// Direction `d` (0 = east, then clockwise on screen) as an x step.
    private static let stepX: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (1, 1, 0, -1, -1, -1, 0, 1)
    /// Direction `d` as a y step.
    private static let stepY: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 1, 1, 1, 0, -1, -1, -1)

    /// Traces the outer contour that starts at pixel (`x`, `y`) into `xs`/`ys`.
    /// - Returns: false when the component is a single pixel or the contour is longer than `maximumLength`.
    static func trace(
        binary: UnsafePointer<UInt8>, stride: Int, x: Int32, y: Int32, maximumLength: Int,
        xs: ScratchBuffer<Int32>, ys: ScratchBuffer<Int32>
    ) -> Bool {
        xs.removeAll()
        ys.removeAll()
        let offsets: (Int, Int, Int, Int, Int, Int, Int, Int) = (
            1, stride + 1, stride, stride - 1, -1, -stride - 1, -stride, -stride + 1
        )
        @inline(__always) func offset(_ d: Int) -> Int {
            switch d {
            case 0: return offsets.0
            case 1: return offsets.1
            case 2: return offsets.2
            case 3: return offsets.3
            case 4: return offsets.4
            case 5: return offsets.5
            case 6: return offsets.6
            default: return offsets.7
            }
        }
        @inline(__always) func step(_ d: Int) -> (Int32, Int32) {
            switch d {
            case 0: return (stepX.0, stepY.0)
            case 1: return (stepX.1, stepY.1)
            case 2: return (stepX.2, stepY.2)
            case 3: return (stepX.3, stepY.3)
            case 4: return (stepX.4, stepY.4)
            case 5: return (stepX.5, stepY.5)
            case 6: return (stepX.6, stepY.6)
            default: return (stepX.7, stepY.7)
            }
        }
        @inline(__always) func nextDirection(at position: Int, backtrack: Int) -> Int {
            var d = (backtrack + 1) & 7
            for _ in 0..<8 {
                if binary[position + offset(d)] != 0 { return d }
                d = (d + 1) & 7
            }
            return -1
        }
        let start = (Int(y) + 1) * stride + Int(x) + 1
        // Nothing is above or to the left of the first pixel: start as if we came from the west.
        let firstDirection = nextDirection(at: start, backtrack: 4)
        if firstDirection < 0 { return false }
        var position = start
        var cx = x, cy = y
        var direction = firstDirection
        xs.append(cx)
        ys.append(cy)
        while true {
            position += offset(direction)
            let (sx, sy) = step(direction)
            cx += sx
            cy += sy
            let backtrack = direction & 1 == 0 ? (direction + 6) & 7 : (direction + 5) & 7
            let next = nextDirection(at: position, backtrack: backtrack)
            if position == start && next == firstDirection { return true }
            xs.append(cx)
            ys.append(cy)
            if xs.count > maximumLength { return false }
            direction = next
        }
    }
}
