/// Follows the outer boundary of one 8-connected component of a padded binary image (Moore-neighbour tracing).
///
/// The trace starts at the component's top-most, left-most pixel and goes clockwise as seen on screen
/// (y down), so the component is on the right of the direction of travel. Points are pixel centres.
///
/// The eight directions' steps are read from small tables (the image offsets laid out twice over, so that the
/// search round a pixel indexes them without wrapping): on a floral cloth a frame traces some 750 outlines, and the
/// trace was an eighth of its time with the steps chosen by `switch`.
struct ContourTracer {
    /// Traces the outer contour that starts at pixel (`x`, `y`) into `xs`/`ys`.
    /// - Returns: false when the component is a single pixel or the contour is longer than `maximumLength`.
    static func trace(
        binary: UnsafePointer<UInt8>, stride: Int, x: Int32, y: Int32, maximumLength: Int,
        xs: ScratchBuffer<Int32>, ys: ScratchBuffer<Int32>
    ) -> Bool {
        xs.removeAll()
        ys.removeAll()
        // Direction d (0 = east, then clockwise on screen) as a step in the padded image and in x and y, for d
        // and d + 8.
        var offsets: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
            1, stride + 1, stride, stride - 1, -1, -stride - 1, -stride, -stride + 1,
            1, stride + 1, stride, stride - 1, -1, -stride - 1, -stride, -stride + 1
        )
        var steps: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (1, 1, 0, -1, -1, -1, 0, 1)
        return withUnsafePointer(to: &offsets) { offsetTuple in
            withUnsafePointer(to: &steps) { stepTuple in
                let offset = UnsafeRawPointer(offsetTuple).assumingMemoryBound(to: Int.self)
                let stepX = UnsafeRawPointer(stepTuple).assumingMemoryBound(to: Int32.self)
                // A y step is the x step two directions on: (0, 1, 1, 1, 0, -1, -1, -1).
                @inline(__always) func stepY(_ d: Int) -> Int32 { stepX[(d + 6) & 7] }
                /// The first direction after `backtrack`, clockwise, that leads to a pixel of the component.
                @inline(__always) func nextDirection(at position: Int, backtrack: Int) -> Int {
                    for turn in 1...8 where binary[position + offset[backtrack + turn]] != 0 {
                        return (backtrack + turn) & 7
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
                // Room for the longest contour accepted and the point that overruns it, made once, so that the points
                // are written without a check per point.
                xs.reserve(maximumLength + 2)
                ys.reserve(maximumLength + 2)
                let pointsX = xs.base, pointsY = ys.base
                pointsX[0] = cx
                pointsY[0] = cy
                var n = 1
                defer {
                    xs.count = n
                    ys.count = n
                }
                while true {
                    position += offset[direction]
                    cx &+= stepX[direction]
                    cy &+= stepY(direction)
                    let backtrack = direction & 1 == 0 ? (direction + 6) & 7 : (direction + 5) & 7
                    let next = nextDirection(at: position, backtrack: backtrack)
                    if position == start && next == firstDirection { return true }
                    pointsX[n] = cx
                    pointsY[n] = cy
                    n += 1
                    if n > maximumLength { return false }
                    direction = next
                }
            }
        }
    }
}
