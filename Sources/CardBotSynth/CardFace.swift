import CardBotImaging

/// What is printed on one kind of card: its marker (as a picture) and an optional title.
///
/// The synthesizer takes faces as plain images so that it needs no deck code: the caller
/// (the `cardbot` executable, a test) loads the deck and passes each card's marker image here.
public struct CardFace: Sendable, Equatable {
    /// The marker id the face carries (reported back in the ground truth).
    public var id: Int
    /// The marker, black border included, edge to edge: its outer corners are the marker's corners.
    /// Dark values print as ink, light values as paper.
    public var marker: GrayImage
    /// A word printed under the marker (for example the card's name), or nil for none.
    public var title: String?
    /// The colour of the band along the bottom edge of the card, or nil for a plain card.
    public var accent: RGB?

    /// Creates a face.
    public init(id: Int, marker: GrayImage, title: String? = nil, accent: RGB? = nil) {
        self.id = id
        self.marker = marker
        self.title = title
        self.accent = accent
    }
}

extension CardFace {
    /// A face whose marker is drawn from its cells: a black border one cell wide around `gridSize` x `gridSize`
    /// cells, each white where `isWhite(row, column)` says so (rows top to bottom, columns left to right).
    ///
    /// The marker image gets one pixel per cell, which the renderer scales up exactly.
    public init(id: Int, gridSize: Int, isWhite: (_ row: Int, _ column: Int) -> Bool, title: String? = nil,
                accent: RGB? = nil) {
        let side = gridSize + 2
        var marker = GrayImage(width: side, height: side, fill: 0)
        for row in 0..<gridSize {
            for column in 0..<gridSize where isWhite(row, column) {
                marker[column + 1, row + 1] = 255
            }
        }
        self.init(id: id, marker: marker, title: title, accent: accent)
    }
}

extension CardFace {
    /// A pleasant band colour for the card at `index` of a deck (a fixed palette, repeating).
    public static func accent(forIndex index: Int) -> RGB {
        let palette = [
            RGB(226, 87, 76), RGB(63, 136, 197), RGB(246, 174, 45), RGB(92, 170, 96), RGB(151, 98, 186),
            RGB(232, 125, 170), RGB(45, 170, 170), RGB(140, 110, 80),
        ]
        return palette[((index % palette.count) + palette.count) % palette.count]
    }
}
