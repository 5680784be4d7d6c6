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
    ///
    /// Every text from the level file or the deck goes in a box of its own: the name in at most two lines, the
    /// description in five, the hint in six (fewer when the page has no room for them and the map), each card's
    /// title in two beside its pictogram; a longer text ends in "…" and nothing is drawn outside its box, so the
    /// cards and the card limit always stay on the page.
    public func draw(_ level: Level, cardTitles: [Card: String], on canvas: Canvas) {
        let ink = RGB(30, 30, 36)
        let soft = RGB(90, 90, 100)
        let width = paper.width - 2 * margin
        var y = margin
        let numberStyle = TextStyle(size: 5, bold: true, color: RGB(48, 120, 190))
        let number = canvas.text(
            Messages.text("Level %s", level.number),
            in: Self.box(x: margin, y: y, width: width, lines: 1, style: numberStyle), style: numberStyle)
        y += number.height + 1
        let titleStyle = TextStyle(size: 10, bold: true, color: ink)
        let title = canvas.text(
            level.name, in: Self.box(x: margin, y: y, width: width, lines: 2, style: titleStyle), style: titleStyle)
        y += title.height + 3
        let descriptionStyle = TextStyle(size: 5, color: ink)
        let description = canvas.text(
            level.description, in: Self.box(x: margin, y: y, width: width, lines: 5, style: descriptionStyle),
            style: descriptionStyle)
        y += description.height + 6

        // What is below the map: the key, the hint, the cards and the limit; the map gets the rest, but the hint
        // gives up lines before the map shrinks below 4 mm a tile.
        let cards = level.availableCards
        let columns = 3
        let cardRows = (cards.count + columns - 1) / columns
        let cardRowHeight = 16.0
        let map = level.map
        let headingStyle = TextStyle(size: 5.5, bold: true, color: ink)
        let limitStyle = TextStyle(size: 5, bold: true, color: ink)
        // The gap under the map, the key, the heading, the cards and one line of the limit.
        let fixedBelow =
            4 + Self.keyHeight + 6 + Self.lineHeight(headingStyle) + 3 + Double(cardRows) * cardRowHeight + 3
            + Self.lineHeight(limitStyle)
        let room = paper.height - margin - y - fixedBelow
        let hintText = level.hint.map { Messages.text("Hint: %s", $0) }
        let hintStyle = TextStyle(size: 4.6, color: ink)
        var hintBox = Self.box(x: margin + 4, y: 0, width: width - 8, lines: 6, style: hintStyle)
        let smallestMap = Double(map.height) * min(4, width / Double(map.width))
        hintBox.height = max(Self.lineHeight(hintStyle), min(hintBox.height, room - smallestMap - 8 - 6))
        let hintHeight = hintText.map { canvas.measure($0, in: hintBox, style: hintStyle).height + 8 } ?? 0
        let mapRoom = room - (hintHeight > 0 ? hintHeight + 6 : 0)
        let fold = MapFolding(map: map, width: width, height: mapRoom)
        for band in 0..<fold.bands {
            let columns = fold.columns(ofBand: band)
            let bandWidth = fold.cell * Double(columns.count)
            let left = margin + (width - fold.bandWidth) / 2
            let top = y + Double(band) * (fold.bandHeight + fold.gap)
            canvas.clipped(left, top, left + bandWidth, top + fold.bandHeight) {
                MapDrawing.draw(level, trace: nil, on: canvas, x: left - Double(columns.lowerBound) * fold.cell, y: top, cell: fold.cell)
            }
            if band + 1 < fold.bands {
                // The path goes on in the next band: an arrow down from this band's end to the next one's start.
                let arrowX = left + bandWidth + fold.gap * 0.5
                canvas.stroke([(arrowX, top + fold.bandHeight / 2), (arrowX, top + fold.bandHeight + fold.gap * 0.5),
                               (left - fold.gap * 0.5, top + fold.bandHeight + fold.gap * 0.5),
                               (left - fold.gap * 0.5, top + fold.bandHeight + fold.gap + fold.bandHeight / 2)],
                              width: 0.5, color: soft)
                canvas.arrowhead(left - fold.gap * 0.1, top + fold.bandHeight + fold.gap + fold.bandHeight / 2, angle: 0, size: 2.2, color: soft)
            }
        }
        y += fold.totalHeight + 4
        y = drawKey(for: level, on: canvas, y: y, width: width, ink: soft) + 6

        if let hintText {
            canvas.fillRectangle(margin, y, margin + width, y + hintHeight, color: RGB(255, 246, 214))
            canvas.strokeRectangle(margin, y, margin + width, y + hintHeight, width: 0.3, color: RGB(226, 180, 60))
            hintBox.y = y + 4
            canvas.text(hintText, in: hintBox, style: hintStyle)
            y += hintHeight + 6
        }

        let heading = canvas.text(
            Messages.text("Cards you can use"),
            in: Self.box(x: margin, y: y, width: width, lines: 1, style: headingStyle), style: headingStyle)
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
            let box = TextBox(
                x: left + icon + 5, y: top + 1, width: textWidth, height: cardRowHeight - 4, maxLines: 2,
                vertical: .center)
            canvas.text(titleText, in: box, style: style)
        }
        y += Double(cardRows) * cardRowHeight + 3
        let limit = level.maxCards.map { Messages.plural("Use at most %s card.", "Use at most %s cards.", count: $0, $0) }
            ?? Messages.text("Use as many cards as you like.")
        var limitBox = Self.box(x: margin, y: y, width: width, lines: 2, style: limitStyle)
        limitBox.height = max(Self.lineHeight(limitStyle), min(limitBox.height, paper.height - margin - y))
        canvas.text(limit, in: limitBox, style: limitStyle)
    }

    /// The height of the key's row.
    private static let keyHeight = 4.5

    /// A box at (`x`, `y`) `width` wide with room for `lines` lines of `style`.
    private static func box(x: Double, y: Double, width: Double, lines: Int, style: TextStyle) -> TextBox {
        TextBox(x: x, y: y, width: width, height: Double(lines) * lineHeight(style), maxLines: lines)
    }

    /// The height of a line of `style` with room for a taller fallback font (Noto Sans takes 1.36 em, Noto Sans
    /// CJK 1.45).
    private static func lineHeight(_ style: TextStyle) -> Double {
        style.size * 1.5
    }

    /// The key to what `level`'s map shows (water and gems only where it has them) in one row; returns the bottom
    /// of the row.
    private func drawKey(for level: Level, on canvas: Canvas, y: Double, width: Double, ink: RGB) -> Double {
        let map = level.map
        var entries: [(RGB?, String)] = []
        if map.tiles.contains(.wall) { entries.append((MapDrawing.wall, Messages.text("wall"))) }
        if map.tiles.contains(.water) { entries.append((MapDrawing.water, Messages.text("water"))) }
        if !map.gems.isEmpty { entries.append((MapDrawing.gem, Messages.text("gem"))) }
        entries += [(MapDrawing.goal, Messages.text("goal")), (nil, Messages.text("robot at the start"))]
        let style = TextStyle(size: 3.8, color: ink)
        let swatch = Self.keyHeight
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
