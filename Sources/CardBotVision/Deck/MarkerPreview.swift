/// A marker drawn in the terminal with block characters: two characters per cell, so the square looks square.
public enum MarkerPreview {
    /// The lines of the preview of `card`'s marker, border included, with a one-cell white quiet zone.
    ///
    /// Code markers show one cell per two characters; pictures are sampled on a `pictureCells` grid
    /// (border included) and shown with shades (`█` dark, `▓`, `▒`, `░`, space light).
    public static func lines(for card: DeckCard, pictureCells: Int = 16) -> [String] {
        if let code = card.code { return lines(for: code) }
        guard let picture = card.picture else { return [] }
        let cells = max(8, pictureCells)
        let marker = picture.markerImage(side: cells * 8)
        var rows: [String] = [String(repeating: " ", count: 2 * (cells + 2))]
        for row in 0..<cells {
            var line = "  "
            for column in 0..<cells {
                var sum = 0
                for y in (row * 8)..<(row * 8 + 8) {
                    for x in (column * 8)..<(column * 8 + 8) { sum += Int(marker[x, y]) }
                }
                let shade = shades[min(4, (sum / 64) * 5 / 256)]
                line += String(repeating: shade, count: 2)
            }
            rows.append(line + "  ")
        }
        rows.append(rows[0])
        return rows
    }

    /// The lines of the preview of a code marker.
    public static func lines(for code: MarkerCode) -> [String] {
        let across = code.size + 2
        var rows: [String] = [String(repeating: " ", count: 2 * (across + 2))]
        for row in 0..<across {
            var line = "  "
            for column in 0..<across {
                let inner = row > 0 && column > 0 && row <= code.size && column <= code.size
                let white = inner && code.isWhite(row: row - 1, column: column - 1)
                line += white ? "  " : "██"
            }
            rows.append(line + "  ")
        }
        rows.append(rows[0])
        return rows
    }

    private static let shades: [Character] = ["█", "▓", "▒", "░", " "]
}
