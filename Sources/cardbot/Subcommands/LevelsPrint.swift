import ArgumentParser
import CardBotPictures
import CardBotClassroom
import CardBotImaging
import CardBotLesson
import CardBotPrint
import CardBotSupport
import CardBotVision

extension CardBotCommand.Levels {
    /// `cardbot levels print`: a worksheet page per level.
    struct PrintWorksheets: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "print",
            abstract: "Print a worksheet per level (PDF, or one PNG or SVG per level).",
            discussion: """
                Each page has the level's number, name and description, the map (walls, water, gems, the goal, \
                the robot on the start facing its way) with a key, the hint, the cards available (pictograms and \
                titles from the deck) and the card limit. Without LEVEL arguments, every level of --levels in \
                unlock order. FILE.pdf gets one page per level; FILE.png (or .svg) gets FILE-1.png, FILE-2.png, ...
                """)

        @Argument(help: ArgumentHelp("Level files or level numbers (default: every level of --levels).", valueName: "level"))
        var levelArguments: [String] = []

        @Option(name: .long, help: ArgumentHelp("The directory of level files for level numbers.", valueName: "dir"))
        var levels: LevelsFolder = .curriculum

        @Option(help: ArgumentHelp("The file to write: NAME.pdf, or NAME.png (NAME.svg) for NAME-1.png, ...", valueName: "file"))
        var out: String

        @Option(help: ArgumentHelp("The paper: a4 or letter.", valueName: "paper"))
        var paper: String = "a4"

        @Option(help: ArgumentHelp("Dots per inch of PNG pages.", valueName: "dpi"))
        var dpi: Int = 150

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions

        func validate() throws {
            guard PaperSize(rawValue: paper.lowercased()) != nil else {
                throw ValidationError("--paper must be a4 or letter, not '\(paper)'.")
            }
            guard (72...600).contains(dpi) else { throw ValidationError("--dpi must be from 72 to 600.") }
            let lower = out.lowercased()
            guard lower.hasSuffix(".pdf") || lower.hasSuffix(".png") || lower.hasSuffix(".svg") else {
                throw ValidationError("--out must end in .pdf, .png or .svg, not '\(out)'.")
            }
        }

        func run() throws {
            let deck = try deckOptions.load()
            let preferences = languageOptions.preferences
            var chosen: [Level] = []
            if levelArguments.isEmpty {
                let catalog: LevelCatalog
                do {
                    catalog = try LevelCatalog(directory: levels.path, deckNames: deck.namesByMarker)
                } catch {
                    StandardError.error("\(levels.path): cannot list the directory")
                    throw ExitCode(2)
                }
                for problem in catalog.problems {
                    for diagnostic in problem.diagnostics where diagnostic.severity == .error {
                        StandardError.print(diagnostic.description)
                    }
                }
                if !catalog.problems.isEmpty { throw ExitCode(2) }
                chosen = catalog.levels
            } else {
                for argument in levelArguments {
                    chosen.append(try LevelArgument.load(argument, levelsDirectory: levels.path, deckNames: deck.namesByMarker))
                }
            }
            guard !chosen.isEmpty else {
                StandardError.error("\(levels.path): no levels to print")
                throw ExitCode(2)
            }
            let pages = chosen.map { level in
                (level: level.localized(preferences), cardTitles: Self.titles(for: level, in: deck, preferences: preferences))
            }
            let paperSize = PaperSize(rawValue: paper.lowercased())!
            let sheet = LevelWorksheet(paper: paperSize)
            var written: [String] = []
            do {
                let lower = out.lowercased()
                if lower.hasSuffix(".pdf") {
                    try FileBytes.writeAtomically(try sheet.pdf(pages), to: out)
                    written.append(out)
                } else {
                    let stem = String(out.dropLast(4))
                    for (index, page) in pages.enumerated() {
                        let path = pages.count == 1 ? out : "\(stem)-\(index + 1)\(out.suffix(4))"
                        if lower.hasSuffix(".svg") {
                            try FileBytes.writeAtomically(try sheet.svg(page.level, cardTitles: page.cardTitles), to: path)
                        } else {
                            try ImageWriter.write(sheet.render(page.level, cardTitles: page.cardTitles, dpi: dpi), to: path)
                        }
                        written.append(path)
                    }
                }
            } catch let error as ImageError {
                StandardError.error(file: error.file, error.reason)
                throw ExitCode(2)
            } catch let error as CanvasError {
                StandardError.error(file: out, error.description)
                throw ExitCode(2)
            }
            let paperName = paperSize == .a4 ? "A4" : "Letter"
            StandardOutput.print(
                Messages.plural(
                    "%1$s: %2$s level, one %3$s page", "%1$s: %2$s levels, one %3$s page each", count: pages.count,
                    written.joined(separator: ", "), pages.count, paperName))
        }

        /// The deck's title for each card of `level` (in the language asked for): the title of the deck card the
        /// level's marker stands for when it means the same word, else of the deck card with the card's name.
        static func titles(for level: Level, in deck: Deck, preferences: [String]) -> [Card: String] {
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
}
