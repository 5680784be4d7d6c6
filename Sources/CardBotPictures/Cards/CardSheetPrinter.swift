import CardBotVision
import CardBotImaging
import CardBotPrint
import CardBotSupport

/// Renders printable sheets of card faces: each card with its marker in its quiet zone, the pictogram of what it
/// does, its title, its one-sentence description and a band in its family's colour, in a grid with light cutting lines and cut marks, several cards a page.
public struct CardSheetPrinter: Sendable {
    /// Where the cards go.
    public let layout: SheetLayout
    /// Dots per inch of the images made.
    public let dpi: Int
    /// Printed in the footer of every sheet.
    public let deckName: String

    /// Creates a printer.
    public init(layout: SheetLayout, dpi: Int = 300, deckName: String) {
        self.layout = layout
        self.dpi = max(50, min(1200, dpi))
        self.deckName = deckName
    }

    /// How many sheets `count` cards take.
    public func sheetCount(cards count: Int) -> Int {
        max(1, (count + layout.cardsPerSheet - 1) / layout.cardsPerSheet)
    }

    /// The cards of sheet `sheet` (from 0).
    public func cards(ofSheet sheet: Int, from cards: [DeckCard]) -> ArraySlice<DeckCard> {
        let start = min(cards.count, sheet * layout.cardsPerSheet)
        return cards[start..<min(cards.count, start + layout.cardsPerSheet)]
    }

    /// Draws sheet `sheet` (from 0) of the sheets for `cards` on `canvas` (a page in millimetres).
    public func drawSheet(_ sheet: Int, of cards: [DeckCard], on canvas: Canvas) {
        let total = sheetCount(cards: cards.count)
        let slice = self.cards(ofSheet: sheet, from: cards)
        // One title size for the whole deck, the largest at which every title fits: cards side by side read as a set.
        let titleSize = cards.map { Self.titleFit($0, on: canvas, width: layout.cardWidth).size }.min()
        for (slot, (index, card)) in zip(slice.indices, slice).enumerated() {
            let origin = layout.origin(ofSlot: slot)
            Self.drawCard(card, index: index, on: canvas, x: origin.x, y: origin.y, width: layout.cardWidth, titleSize: titleSize)
        }
        drawCutMarks(on: canvas, used: slice.count)
        let footer = Messages.text(
            "%1$s - sheet %2$s of %3$s - cut along the grey lines", deckName, sheet + 1, total)
        let footerTop = layout.paper.height - layout.margin / 2 - 2.5
        canvas.text(
            footer,
            in: TextBox(
                x: layout.margin, y: footerTop, width: layout.paper.width - 2 * layout.margin,
                height: layout.paper.height - footerTop - 1, maxLines: 1),
            style: TextStyle(size: 2.6, color: RGB(110, 110, 110), alignment: .center))
    }

    /// Sheet `sheet` (from 0) of the sheets for `cards` as a picture at the printer's dpi.
    public func renderSheet(_ sheet: Int, of cards: [DeckCard]) -> RGBImage {
        let canvas = Canvas(paperWidthMM: layout.paper.width, heightMM: layout.paper.height, dpi: dpi)
        drawSheet(sheet, of: cards, on: canvas)
        return canvas.image
    }

    /// All the sheets for `cards` as one PDF document, a page per sheet, its text real text.
    /// - Throws: `CanvasError` when cairo fails.
    public func pdf(of cards: [DeckCard]) throws -> [UInt8] {
        let canvas = Canvas(pdfWidthMM: layout.paper.width, heightMM: layout.paper.height, title: deckName)
        for sheet in 0..<sheetCount(cards: cards.count) {
            if sheet > 0 { canvas.newPage() }
            drawSheet(sheet, of: cards, on: canvas)
        }
        return try canvas.finish()
    }

    /// The first sheet for `cards` as an SVG picture.
    /// - Throws: `CanvasError` when cairo fails.
    public func svg(ofSheet sheet: Int, of cards: [DeckCard]) throws -> [UInt8] {
        let canvas = Canvas(svgWidthMM: layout.paper.width, heightMM: layout.paper.height)
        drawSheet(sheet, of: cards, on: canvas)
        return try canvas.finish()
    }

    /// One card face on its own, `width` mm wide, at `dpi`, with a thin grey outline.
    public static func renderFace(_ card: DeckCard, index: Int = 0, width: Double, dpi: Int = 300) -> RGBImage {
        let canvas = Canvas(paperWidthMM: width, heightMM: width * CardLayout.heightRatio, dpi: dpi)
        drawCard(card, index: index, on: canvas, x: 0, y: 0, width: width)
        return canvas.image
    }

    /// Where a card's marker lies on the card, in mm from its top-left corner: its left, top and side.
    public static func markerBox(cardWidth: Double) -> (left: Double, top: Double, side: Double) {
        let side = CardLayout.markerSide * cardWidth
        return ((cardWidth - side) / 2, CardLayout.markerTop * cardWidth, side)
    }

    // MARK: - Drawing

    /// Draws one card face with its top-left corner at (`x`, `y`): the marker in its quiet white margin, the
    /// pictogram and the title, the description, and the family's coloured band.
    ///
    /// The title is as large as fits its row, or `titleSize` (in mm) when given: the printed sheet gives every card
    /// the same.
    public static func drawCard(
        _ card: DeckCard, index: Int, on canvas: Canvas, x: Double, y: Double, width: Double, titleSize: Double? = nil
    ) {
        let height = width * CardLayout.heightRatio
        // Cutting line: a thin light grey outline just outside the card.
        canvas.strokeRectangle(x - 0.125, y - 0.125, x + width + 0.125, y + height + 0.125, width: 0.25, color: RGB(190, 190, 190))
        // The marker: pixels rendered at about 300 dpi, drawn as sharp squares.
        let box = markerBox(cardWidth: width)
        let pixels = max(8, Int((box.side * 300 / 25.4).rounded()))
        canvas.draw(card.markerImage(side: pixels), x: x + box.left, y: y + box.top, width: box.side, height: box.side)
        // The band.
        let accent = CardPictogram.familyColor(for: card.name) ?? palette[((index % palette.count) + palette.count) % palette.count]
        let bandTop = y + height - CardLayout.band * width
        canvas.fillRectangle(x, bandTop, x + width, y + height, color: accent)
        // Below the marker's quiet zone: the pictogram and the title, then the description.
        let areaTop = y + box.top + box.side + CardLayout.quietZone * width
        let areaBottom = bandTop - 0.03 * width
        let areaLeft = x + box.left
        let areaRight = x + box.left + box.side
        let rowHeight = min(CardLayout.titleRow * width, areaBottom - areaTop)
        let fit = titleFit(card, on: canvas, width: width)
        var titleStyle = fit.style
        titleStyle.size = titleSize.map { min($0, fit.size) } ?? fit.size
        let textLeft = areaLeft + fit.left
        let textWidth = fit.width
        if CardPictogram.exists(for: card.name) {
            // The pictogram sits where a line starts: on the left, or on the right for a right-to-left title.
            let iconLeft = TextDirection.isRightToLeft(card.title) ? areaRight - rowHeight : areaLeft
            CardPictogram.draw(card.name, on: canvas, x: iconLeft, y: areaTop, size: rowHeight, color: accent)
        }
        // The title stays in its row: a longer one ends in "…", and nothing reaches up into the marker's quiet zone.
        let titleBox = TextBox(
            x: textLeft, y: areaTop, width: textWidth, height: rowHeight, maxLines: 2, vertical: .center)
        canvas.text(card.title, in: titleBox, style: titleStyle)
        let descriptionTop = areaTop + rowHeight + 0.025 * width
        guard !card.description.isEmpty, areaBottom - descriptionTop > 0.03 * width else { return }
        var style = TextStyle(size: 0.042 * width, color: RGB(60, 60, 66), alignment: .center)
        style.size = canvas.fittedSize(
            card.description, style: style, width: areaRight - areaLeft, height: areaBottom - descriptionTop, maxLines: 4,
            minimum: 0.022 * width)
        let descriptionBox = TextBox(
            x: areaLeft, y: descriptionTop, width: areaRight - areaLeft, height: areaBottom - descriptionTop,
            maxLines: 4)
        canvas.text(card.description, in: descriptionBox, style: style)
    }

    /// The title's style, the largest size (mm) at which it fits its row on a card `width` mm wide, and where its
    /// box starts (from the marker's left edge) and how wide it is: beside the pictogram when the card has one.
    static func titleFit(_ card: DeckCard, on canvas: Canvas, width: Double) -> (style: TextStyle, size: Double, left: Double, width: Double) {
        let box = markerBox(cardWidth: width)
        let height = width * CardLayout.heightRatio
        let areaTop = box.top + box.side + CardLayout.quietZone * width
        let areaBottom = height - CardLayout.band * width - 0.03 * width
        let rowHeight = min(CardLayout.titleRow * width, areaBottom - areaTop)
        var left = 0.0
        var textWidth = box.side
        var style = TextStyle(size: 0.075 * width, bold: true, color: RGB(30, 30, 36), alignment: .center)
        if CardPictogram.exists(for: card.name) {
            textWidth -= rowHeight + 0.04 * width
            if !TextDirection.isRightToLeft(card.title) { left = rowHeight + 0.04 * width }
            style.alignment = .start
        }
        let size = canvas.fittedSize(card.title, style: style, width: textWidth, height: rowHeight, maxLines: 2, minimum: 0.02 * width)
        return (style, size, left, textWidth)
    }

    /// Cut marks outside the grid in line with every card edge.
    private func drawCutMarks(on canvas: Canvas, used: Int) {
        guard used > 0 else { return }
        let rowsUsed = (used + layout.columns - 1) / layout.columns
        let columnsUsed = min(used, layout.columns)
        let gridRight = layout.left + Double(columnsUsed) * layout.cardWidth + Double(columnsUsed - 1) * layout.gutter
        let gridBottom = layout.top + Double(rowsUsed) * layout.cardHeight + Double(rowsUsed - 1) * layout.gutter
        let gap = 1.5
        let length = min(5, layout.margin - 2)
        guard length > 0.5 else { return }
        let thickness = 0.2
        let ink = RGB(0, 0, 0)
        for column in 0..<columnsUsed {
            let x0 = layout.left + Double(column) * (layout.cardWidth + layout.gutter)
            for edge in [x0, x0 + layout.cardWidth] {
                canvas.stroke([(edge, layout.top - gap), (edge, layout.top - gap - length)], width: thickness, color: ink)
                canvas.stroke([(edge, gridBottom + gap), (edge, gridBottom + gap + length)], width: thickness, color: ink)
            }
        }
        for row in 0..<rowsUsed {
            let y0 = layout.top + Double(row) * (layout.cardHeight + layout.gutter)
            for edge in [y0, y0 + layout.cardHeight] {
                canvas.stroke([(layout.left - gap, edge), (layout.left - gap - length, edge)], width: thickness, color: ink)
                canvas.stroke([(gridRight + gap, edge), (gridRight + gap + length, edge)], width: thickness, color: ink)
            }
        }
    }

    private static let palette = [
        RGB(226, 87, 76), RGB(63, 136, 197), RGB(246, 174, 45), RGB(92, 170, 96), RGB(151, 98, 186),
        RGB(232, 125, 170), RGB(45, 170, 170), RGB(140, 110, 80),
    ]
}
