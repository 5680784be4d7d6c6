import CardBotImaging
import CardBotLesson
import CardBotPrint
import CardBotSupport
import CardBotVision

/// A printed page for one level, for the classroom wall or a child's desk: the level's number and name, what to
/// do, the map as a picture (walls, water, gems, the goal's flag, the robot on the start pointing the way it
/// faces), a key to the map, the hint, the cards available (pictogram and title) and the card limit.
public struct LevelWorksheet: Sendable {
    /// The paper.
    public let paper: PaperSize
    /// The least distance from anything printed to the paper's edge, in millimetres.
    public let margin = 15.0

    /// Creates a worksheet printer for `paper`.
    public init(paper: PaperSize) {
        self.paper = paper
    }

    /// One page per level as a PDF document (real text).
    /// - Parameter pages: each level with the titles to print for its cards (a card without one shows its name).
    /// - Throws: `CanvasError` when cairo fails.
    public func pdf(_ pages: [(level: Level, cardTitles: [Card: String])]) throws -> [UInt8] {
        let canvas = Canvas(pdfWidthMM: paper.width, heightMM: paper.height, title: Messages.text("CardBot levels"))
        for (index, page) in pages.enumerated() {
            if index > 0 { canvas.newPage() }
            draw(page.level, cardTitles: page.cardTitles, on: canvas)
        }
        return try canvas.finish()
    }

    /// One level's page as a picture at `dpi`.
    public func render(_ level: Level, cardTitles: [Card: String], dpi: Int) -> RGBImage {
        let canvas = Canvas(paperWidthMM: paper.width, heightMM: paper.height, dpi: dpi)
        draw(level, cardTitles: cardTitles, on: canvas)
        return canvas.image
    }

    /// One level's page as SVG.
    /// - Throws: `CanvasError` when cairo fails.
    public func svg(_ level: Level, cardTitles: [Card: String]) throws -> [UInt8] {
        let canvas = Canvas(svgWidthMM: paper.width, heightMM: paper.height)
        draw(level, cardTitles: cardTitles, on: canvas)
        return try canvas.finish()
    }

    /// Draws one level's page on `canvas` (a page in millimetres).
    public func draw(_ level: Level, cardTitles: [Card: String], on canvas: Canvas) {
        let ink = RGB(30, 30, 36)
        let soft = RGB(90, 90, 100)
        let width = paper.width - 2 * margin
        var y = margin
        let number = canvas.text(
            Messages.text("Level %s", level.number), x: margin, y: y, style: TextStyle(size: 5, bold: true, color: RGB(48, 120, 190)),
            width: width)
        y += number.height + 1
        let title = canvas.text(level.name, x: margin, y: y, style: TextStyle(size: 10, bold: true, color: ink), width: width, maxLines: 2)
        y += title.height + 3
        let description = canvas.text(level.description, x: margin, y: y, style: TextStyle(size: 5, color: ink), width: width, maxLines: 5)
        y += description.height + 6

        // What is below the map: the key, the hint, the cards and the limit; the map gets the rest.
        let cards = level.availableCards
        let columns = 3
        let cardRows = (cards.count + columns - 1) / columns
        let cardRowHeight = 16.0
        let hintText = level.hint.map { Messages.text("Hint: %s", $0) }
        let hintHeight = hintText.map { canvas.measure($0, style: TextStyle(size: 4.6), width: width - 8).height + 8 } ?? 0
        let below = 10 + (hintHeight > 0 ? hintHeight + 6 : 0) + 9 + Double(cardRows) * cardRowHeight + 10
        let mapRoom = paper.height - margin - y - below
        let map = level.map
        let cell = max(4, min(24, width / Double(map.width), mapRoom / Double(map.height)))
        let mapWidth = cell * Double(map.width)
        let mapLeft = margin + (width - mapWidth) / 2
        MapDrawing.draw(level, trace: nil, on: canvas, x: mapLeft, y: y, cell: cell)
        y += cell * Double(map.height) + 4
        y = drawKey(on: canvas, y: y, width: width, ink: soft) + 6

        if let hintText {
            canvas.fillRectangle(margin, y, margin + width, y + hintHeight, color: RGB(255, 246, 214))
            canvas.strokeRectangle(margin, y, margin + width, y + hintHeight, width: 0.3, color: RGB(226, 180, 60))
            canvas.text(hintText, x: margin + 4, y: y + 4, style: TextStyle(size: 4.6, color: ink), width: width - 8)
            y += hintHeight + 6
        }

        let heading = canvas.text(
            Messages.text("Cards you can use"), x: margin, y: y, style: TextStyle(size: 5.5, bold: true, color: ink), width: width)
        y += heading.height + 3
        let columnWidth = width / Double(columns)
        for (index, card) in cards.enumerated() {
            let left = margin + Double(index % columns) * columnWidth
            let top = y + Double(index / columns) * cardRowHeight
            let icon = cardRowHeight - 4
            let color = CardPictogram.familyColor(for: card.name) ?? soft
            canvas.strokeRectangle(left, top, left + columnWidth - 3, top + cardRowHeight - 2, width: 0.3, color: RGB(190, 190, 190))
            CardPictogram.draw(card.name, on: canvas, x: left + 2, y: top + 1, size: icon, color: color)
            let titleText = cardTitles[card] ?? card.name
            let textWidth = columnWidth - icon - 9
            var style = TextStyle(size: 4.6, bold: true, color: ink)
            style.size = canvas.fittedSize(titleText, style: style, width: textWidth, height: cardRowHeight - 4, maxLines: 2, minimum: 2.5)
            let extent = canvas.measure(titleText, style: style, width: textWidth)
            canvas.text(titleText, x: left + icon + 5, y: top + (cardRowHeight - 2 - extent.height) / 2, style: style, width: textWidth, maxLines: 2)
        }
        y += Double(cardRows) * cardRowHeight + 3
        let limit = level.maxCards.map { Messages.plural("Use at most %s card.", "Use at most %s cards.", count: $0, $0) }
            ?? Messages.text("Use as many cards as you like.")
        canvas.text(limit, x: margin, y: y, style: TextStyle(size: 5, bold: true, color: ink), width: width)
    }

    /// The key to the map's pictures in one row; returns the bottom of the row.
    private func drawKey(on canvas: Canvas, y: Double, width: Double, ink: RGB) -> Double {
        let entries: [(RGB?, String)] = [
            (MapDrawing.wall, Messages.text("wall")), (MapDrawing.water, Messages.text("water")),
            (MapDrawing.gem, Messages.text("gem")), (MapDrawing.goal, Messages.text("goal")),
            (nil, Messages.text("robot at the start")),
        ]
        let style = TextStyle(size: 3.8, color: ink)
        let swatch = 4.5
        let totalWidth = entries.reduce(0.0) { $0 + swatch + 2 + canvas.measure($1.1, style: style).width + 6 } - 6
        var x = margin + max(0, (width - totalWidth) / 2)
        for (color, name) in entries {
            if let color {
                canvas.fillRectangle(x, y, x + swatch, y + swatch, color: color)
            } else {
                MapDrawing.drawRobot(on: canvas, at: (x + swatch / 2, y + swatch / 2), facing: .east, size: swatch * 0.8)
            }
            let extent = canvas.text(name, x: x + swatch + 2, y: y + (swatch - canvas.measure(name, style: style).height) / 2, style: style)
            x += swatch + 2 + extent.width + 6
        }
        return y + swatch
    }
}
