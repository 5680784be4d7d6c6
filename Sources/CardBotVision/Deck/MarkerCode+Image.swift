import CardBotImaging

extension MarkerCode {
    /// The marker as an image: a black border one cell wide around the cells, `cell` pixels per cell, no margin.
    public func markerImage(cell: Int) -> GrayImage {
        let cell = max(1, cell)
        let across = size + 2
        let side = across * cell
        return GrayImage(width: side, height: side, unsafeUninitializedPixels: { pixels in
            for y in 0..<side {
                let row = y / cell
                for x in 0..<side {
                    let column = x / cell
                    let inner = row > 0 && column > 0 && row <= size && column <= size
                    pixels[y * side + x] = inner && isWhite(row: row - 1, column: column - 1) ? 255 : 0
                }
            }
        })
    }

    /// The code's cells as a bit string, row by row from the top-left, `1` for white: the patterns-file form.
    public var bitString: String {
        String((0..<(size * size)).map { bits >> UInt64($0) & 1 == 1 ? "1" : "0" })
    }

    /// Parses a bit string of `N * N` characters `0` (black) and `1` (white), N in 4...8, row by row.
    /// Spaces, underscores and slashes between digits are ignored. Returns nil when it is not such a string.
    public init?(bitString text: String) {
        var cells: [Bool] = []
        for character in text {
            switch character {
            case "0": cells.append(false)
            case "1": cells.append(true)
            case " ", "_", "/", "\t": continue
            default: return nil
            }
        }
        let size = Int(Double(cells.count).squareRoot().rounded())
        guard size * size == cells.count, (Self.smallestSize...Self.largestSize).contains(size) else { return nil }
        self.init(size: size, cells: cells)
    }
}
