import CardBotVision

/// Where cards go on a printed sheet: a grid of equal cards with gutters between them, centred on the page.
///
/// All lengths are millimetres from the sheet's top-left corner. A card is `cardWidth` wide and
/// `cardWidth * CardLayout.heightRatio` tall; gutters leave room to cut between cards and for the cut marks.
public struct SheetLayout: Sendable, Hashable {
    /// The paper.
    public let paper: PaperSize
    /// The card's width.
    public let cardWidth: Double
    /// The card's height.
    public let cardHeight: Double
    /// The gap between neighbouring cards.
    public let gutter: Double
    /// The least distance from the grid to the paper's edge (printers cannot print to the edge).
    public let margin: Double
    /// Cards across.
    public let columns: Int
    /// Cards down.
    public let rows: Int
    /// The grid's top-left corner.
    public let left: Double
    /// The grid's top edge.
    public let top: Double

    /// The smallest and largest card widths accepted, in millimetres.
    public static let cardWidths: ClosedRange<Double> = 30...180

    /// Lays out cards `cardWidth` wide on `paper`, or nil when not even one fits.
    public init?(paper: PaperSize, cardWidth: Double, gutter: Double = 4, margin: Double = 10) {
        let cardHeight = cardWidth * CardLayout.heightRatio
        let columns = Int(((paper.width - 2 * margin + gutter) / (cardWidth + gutter)).rounded(.down))
        let rows = Int(((paper.height - 2 * margin + gutter) / (cardHeight + gutter)).rounded(.down))
        guard columns >= 1, rows >= 1 else { return nil }
        self.paper = paper
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.gutter = gutter
        self.margin = margin
        self.columns = columns
        self.rows = rows
        let gridWidth = Double(columns) * cardWidth + Double(columns - 1) * gutter
        let gridHeight = Double(rows) * cardHeight + Double(rows - 1) * gutter
        self.left = (paper.width - gridWidth) / 2
        self.top = (paper.height - gridHeight) / 2
    }

    /// Cards per sheet.
    public var cardsPerSheet: Int { columns * rows }

    /// The top-left corner of the card in slot `slot` (row by row from the top-left).
    public func origin(ofSlot slot: Int) -> (x: Double, y: Double) {
        let column = slot % columns
        let row = slot / columns
        return (left + Double(column) * (cardWidth + gutter), top + Double(row) * (cardHeight + gutter))
    }
}
