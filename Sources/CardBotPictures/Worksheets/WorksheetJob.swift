import CardBotLesson
import CardBotSupport
import CardBotVision

/// `levels print`: a worksheet page per level, with the deck's card titles in the children's language.
public struct WorksheetJob: Sendable {
    /// The paper.
    public var paper: PaperSize
    /// Dots per inch of PNG pages.
    public var dpi: Int
    /// The languages to print in, most wanted first.
    public var preferences: [String]

    /// Creates the job.
    public init(paper: PaperSize, dpi: Int, preferences: [String]) {
        self.paper = paper
        self.dpi = dpi
        self.preferences = preferences
    }

    /// Writes a page per level of `levels` to `out` and returns the line that says what was written; `progress`
    /// hears after each page.
    /// - Throws: `ImageError` or a ``Problem`` when a file cannot be drawn or written.
    public func write(
        _ levels: [Level], deck: Deck, to out: DocumentFile, progress: (@Sendable (JobProgress) -> Void)? = nil
    ) throws -> String {
        let pages = levels.map { level in
            (level: level.localized(preferences), cardTitles: Self.titles(for: level, in: deck, preferences: preferences))
        }
        let sheet = LevelWorksheet(paper: paper)
        let written = try out.write(
            DocumentFile.Pages(
                count: pages.count, pdf: { try sheet.pdf(pages) },
                svg: { try sheet.svg(pages[$0].level, cardTitles: pages[$0].cardTitles) },
                png: { sheet.render(pages[$0].level, cardTitles: pages[$0].cardTitles, dpi: dpi) }),
            sparing: [.file(deck.file, what: Messages.text("the deck file"))]
                + levels.map { .file($0.source.file, what: Messages.text("a level file")) },
            progress: progress)
        return Messages.plural(
            "%1$s: %2$s level, one %3$s page", "%1$s: %2$s levels, one %3$s page each", count: pages.count,
            written.joined(separator: ", "), pages.count, paper.displayName)
    }

    /// The deck's title for each card of `level` (in the language asked for): the title of the deck card the
    /// level's marker stands for when it means the same word, else of the deck card with the card's name.
    public static func titles(for level: Level, in deck: Deck, preferences: [String]) -> [Card: String] {
        var titles: [Card: String] = [:]
        for card in level.availableCards {
            let byMarker = level.markerIDs(for: card).lazy.compactMap { deck.card(marker: $0) }.first { $0.name == card.name }
            if let deckCard = byMarker ?? deck.card(named: card.name) {
                titles[card] = deckCard.localized(preferences).title
            }
        }
        return titles
    }
}
