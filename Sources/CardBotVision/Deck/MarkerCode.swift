/// The inner NxN cells of a marker (N in 4...8) as bits: white is 1, black is 0, row by row from the top-left.
///
/// Bit `row * size + column` holds the cell at that row and column, so every grid up to 8x8 fits in one `UInt64`
/// and the distance between two codes is one population count.
public struct MarkerCode: Sendable, Hashable, CustomStringConvertible {
    /// The smallest grid a marker may have.
    public static let smallestSize = 4
    /// The largest grid a marker may have.
    public static let largestSize = 8

    /// The number of cells along one side (not counting the black border).
    public let size: Int
    /// The cells, white = 1, bit `row * size + column`.
    public let bits: UInt64

    /// Creates a code from its bits.
    public init(size: Int, bits: UInt64) {
        precondition((Self.smallestSize...Self.largestSize).contains(size), "marker grids are 4x4 to 8x8")
        self.size = size
        let used = size * size
        self.bits = used == 64 ? bits : bits & ((1 << UInt64(used)) - 1)
    }

    /// Creates a code from `size * size` cells, row by row, `true` for white.
    public init(size: Int, cells: [Bool]) {
        precondition(cells.count == size * size, "a code needs size * size cells")
        var bits: UInt64 = 0
        for (index, white) in cells.enumerated() where white {
            bits |= 1 << UInt64(index)
        }
        self.init(size: size, bits: bits)
    }

    /// Whether the cell at `row`, `column` is white.
    public func isWhite(row: Int, column: Int) -> Bool {
        bits >> UInt64(row * size + column) & 1 == 1
    }

    /// The code of the same marker turned a quarter turn clockwise.
    public func rotatedClockwise() -> MarkerCode {
        var result: UInt64 = 0
        for row in 0..<size {
            for column in 0..<size {
                // After a clockwise quarter turn, cell (row, column) shows what was at (size - 1 - column, row).
                if isWhite(row: size - 1 - column, column: row) {
                    result |= 1 << UInt64(row * size + column)
                }
            }
        }
        return MarkerCode(size: size, bits: result)
    }

    /// The code turned `quarterTurns` quarter turns clockwise.
    public func rotated(quarterTurns: Int) -> MarkerCode {
        var code = self
        for _ in 0..<((quarterTurns % 4 + 4) % 4) { code = code.rotatedClockwise() }
        return code
    }

    /// The number of cells that differ (both codes must have the same size).
    @inline(__always)
    public func distance(to other: MarkerCode) -> Int {
        (bits ^ other.bits).nonzeroBitCount
    }

    /// The smallest distance between this code and `other` turned by any of the four quarter turns,
    /// with the number of clockwise quarter turns of `other` that gives it.
    public func closestRotation(of other: MarkerCode) -> (distance: Int, quarterTurns: Int) {
        var best = (distance: Int.max, quarterTurns: 0)
        var turned = other
        for turns in 0..<4 {
            let distance = self.distance(to: turned)
            if distance < best.distance { best = (distance, turns) }
            turned = turned.rotatedClockwise()
        }
        return best
    }

    /// The smallest distance between this code and itself turned by one, two or three quarter turns
    /// (0 for a rotationally symmetric marker, whose orientation cannot be told).
    public var rotationalDistance: Int {
        var best = Int.max
        var turned = self
        for _ in 1..<4 {
            turned = turned.rotatedClockwise()
            best = min(best, distance(to: turned))
        }
        return best
    }

    /// The cells as rows of `#` (black) and `.` (white), for messages and debugging.
    public var description: String {
        (0..<size).map { row in
            String((0..<size).map { isWhite(row: row, column: $0) ? "." : "#" })
        }.joined(separator: "/")
    }
}
