import CardBotSupport
import CardBotVision

/// `cards print`: the deck's cards (or some of them) on sheets to print and cut out, written to a document file.
public struct CardSheetJob: Sendable {
    /// The paper.
    public var paper: PaperSize
    /// The width of a card.
    public var cardWidth: Length
    /// Dots per inch of PNG sheets.
    public var dpi: Int
    /// Only these cards (names or marker ids), in this order; nil for the whole deck.
    public var only: [String]?
    /// The languages to take titles and descriptions in, most wanted first.
    public var preferences: [String]

    /// Creates the job.
    public init(paper: PaperSize, cardWidth: Length, dpi: Int, only: [String]?, preferences: [String]) {
        self.paper = paper
        self.cardWidth = cardWidth
        self.dpi = dpi
        self.only = only
        self.preferences = preferences
    }

    /// Writes the sheets of `deck` to `out` and returns the line that says what was written; `progress` hears
    /// after each sheet.
    /// - Throws: a ``Problem`` when the card does not fit the paper or `only` names no card of the deck;
    ///   `ImageError` when a file cannot be written.
    public func write(_ deck: Deck, to out: DocumentFile, progress: (@Sendable (JobProgress) -> Void)? = nil) throws -> String {
        guard let layout = SheetLayout(paper: paper, cardWidth: cardWidth.millimetres) else {
            throw Problem(Messages.text("a %1$s card does not fit on %2$s paper; choose a smaller --card-size", cardWidth, paper.rawValue))
        }
        var cards = deck.cards
        if let only {
            var chosen: [DeckCard] = []
            for key in only where !key.isEmpty {
                let card = try deck.card(key: key)
                if !chosen.contains(where: { $0.marker == card.marker }) { chosen.append(card) }
            }
            cards = chosen
        }
        cards = cards.map { $0.localized(preferences) }
        guard !cards.isEmpty else { throw Problem(Messages.text("--only names no cards")) }
        let printer = CardSheetPrinter(layout: layout, dpi: dpi, deckName: deck.name)
        let count = printer.sheetCount(cards: cards.count)
        let written = try out.write(
            DocumentFile.Pages(
                count: count, pdf: { try printer.pdf(of: cards) }, svg: { try printer.svg(ofSheet: $0, of: cards) },
                png: { printer.renderSheet($0, of: cards) }),
            numberEveryPNG: true, sparing: [.file(deck.file, what: Messages.text("the deck file"))], progress: progress)
        let size = Messages.decimal("\(Length.format(layout.cardWidth)) x \(Length.format(layout.cardHeight)) mm")
        let cardCount = Messages.plural("%s card", "%s cards", count: cards.count, cards.count)
        let sheets = Messages.plural("%1$s %2$s sheet", "%1$s %2$s sheets", count: count, count, paper.displayName)
        return Messages.text(
            "%1$s: %2$s on %3$s (%4$s a sheet, %5$s, %6$s dpi)", written.joined(separator: ", "), cardCount, sheets,
            layout.cardsPerSheet, size, dpi)
    }
}
