import CardBotImaging

/// Renders printable sheets of card faces: each card with its marker, the pictogram of what it does, its title
/// and a band in its family's colour, in a grid with light cutting lines and cut marks, several cards a page.
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

    /// Sheet `sheet` (from 0) of the sheets for `cards`, `deckIndex` giving each card's place in its deck
    /// (for the band colour of cards outside the card language).
    public func renderSheet(_ sheet: Int, of cards: [DeckCard]) -> RGBImage {
        let total = sheetCount(cards: cards.count)
        var canvas = PrintCanvas(widthMM: layout.paper.width, heightMM: layout.paper.height, dpi: dpi)
        let slice = self.cards(ofSheet: sheet, from: cards)
        for (slot, (index, card)) in zip(slice.indices, slice).enumerated() {
            let origin = layout.origin(ofSlot: slot)
            Self.drawCard(card, index: index, on: &canvas, x: origin.x, y: origin.y, width: layout.cardWidth)
        }
        drawCutMarks(on: &canvas, used: slice.count)
        let footer = "\(deckName) - sheet \(sheet + 1) of \(total) - cut along the grey lines"
        let unit = 0.3
        let width = PrintCanvas.textWidth(footer, unit: unit)
        canvas.text(
            footer, x: (layout.paper.width - width) / 2, y: layout.paper.height - layout.margin / 2 - 3, unit: unit,
            color: RGB(120, 120, 120))
        return canvas.image
    }

    /// One card face on its own, `width` mm wide, at `dpi`, with a thin grey outline.
    public static func renderFace(_ card: DeckCard, index: Int = 0, width: Double, dpi: Int = 300) -> RGBImage {
        var canvas = PrintCanvas(widthMM: width, heightMM: width * CardLayout.heightRatio, dpi: dpi)
        drawCard(card, index: index, on: &canvas, x: 0, y: 0, width: width)
        return canvas.image
    }

    /// Where a card's marker lies on the card, in mm from its top-left corner: its left, top and side.
    public static func markerBox(cardWidth: Double) -> (left: Double, top: Double, side: Double) {
        let side = CardLayout.markerSide * cardWidth
        return ((cardWidth - side) / 2, CardLayout.markerTop * cardWidth, side)
    }

    // MARK: - Drawing

    static func drawCard(_ card: DeckCard, index: Int, on canvas: inout PrintCanvas, x: Double, y: Double, width: Double) {
        let height = width * CardLayout.heightRatio
        // Cutting line: a thin light grey outline just outside the card.
        let outline = 0.25
        let grey = RGB(190, 190, 190)
        canvas.rectangle(x - outline, y - outline, x + width + outline, y, color: grey)
        canvas.rectangle(x - outline, y + height, x + width + outline, y + height + outline, color: grey)
        canvas.rectangle(x - outline, y, x, y + height, color: grey)
        canvas.rectangle(x + width, y, x + width + outline, y + height, color: grey)
        // The marker.
        let box = markerBox(cardWidth: width)
        let pixels = Int((box.side * canvas.scale).rounded())
        canvas.blit(card.markerImage(side: pixels), x: x + box.left, y: y + box.top, side: box.side)
        // The band.
        let accent = CardPictogram.familyColor(for: card.name) ?? palette[((index % palette.count) + palette.count) % palette.count]
        let bandTop = y + height - CardLayout.band * width
        canvas.rectangle(x, bandTop, x + width, y + height, color: accent)
        // The pictogram and the title between the marker and the band.
        let areaTop = y + box.top + box.side + 0.05 * width
        let areaBottom = bandTop - 0.035 * width
        let areaLeft = x + box.left
        let areaRight = x + box.left + box.side
        var textLeft = areaLeft
        let iconSize = min(0.2 * width, areaBottom - areaTop)
        if CardPictogram.exists(for: card.name) {
            let iconTop = areaTop + (areaBottom - areaTop - iconSize) / 2
            CardPictogram.draw(card.name, on: &canvas, x: areaLeft, y: iconTop, size: iconSize, color: accent)
            textLeft = areaLeft + iconSize + 0.05 * width
        }
        let (lines, unit) = fit(card.title, width: areaRight - textLeft, height: areaBottom - areaTop, maximumUnit: 0.0105 * width)
        let lineHeight = Double(BitmapFont.lineHeight) * unit
        let blockHeight = Double(lines.count) * lineHeight - 2 * unit
        var lineTop = areaTop + (areaBottom - areaTop - blockHeight) / 2
        let centred = !CardPictogram.exists(for: card.name)
        for line in lines {
            let lineWidth = PrintCanvas.textWidth(line, unit: unit)
            let left = centred ? textLeft + (areaRight - textLeft - lineWidth) / 2 : textLeft
            canvas.text(line, x: left, y: lineTop, unit: unit, color: RGB(30, 30, 36))
            lineTop += lineHeight
        }
    }

    /// The title broken into at most three lines and the largest font unit (mm per font pixel) that fits.
    static func fit(_ title: String, width: Double, height: Double, maximumUnit: Double) -> ([String], Double) {
        let words = title.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return ([], maximumUnit) }
        var best: ([String], Double) = ([title], 0)
        for lineCount in 1...min(3, words.count) {
            let lines = wrap(words, into: lineCount)
            let longest = lines.map(\.count).max() ?? 1
            let unitForWidth = width / Double(max(1, longest * BitmapFont.advance - 1))
            let unitForHeight = height / Double(lines.count * BitmapFont.lineHeight - 2)
            let unit = min(maximumUnit, unitForWidth, unitForHeight)
            if unit > best.1 + 1e-9 { best = (lines, unit) }
        }
        return best
    }

    /// `words` in `count` lines, as even as can be (the longest line as short as possible).
    static func wrap(_ words: [String], into count: Int) -> [String] {
        let total = words.map(\.count).reduce(0, +) + words.count - 1
        var limit = (total + count - 1) / count
        while true {
            var lines: [String] = []
            var current = ""
            for word in words {
                if current.isEmpty {
                    current = word
                } else if current.count + 1 + word.count <= limit {
                    current += " " + word
                } else {
                    lines.append(current)
                    current = word
                }
            }
            lines.append(current)
            if lines.count <= count { return lines }
            limit += 1
        }
    }

    /// Cut marks outside the grid in line with every card edge.
    private func drawCutMarks(on canvas: inout PrintCanvas, used: Int) {
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
