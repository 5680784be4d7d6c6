import ArgumentParser
import CardBotCommandLine
import CardBotSupport
import CardBotVision
import Foundation

extension CardBotCommand.Cards {
    /// `cardbot cards new-deck`: a deck from an ArUco dictionary, a patterns file or pictures.
    struct NewDeck: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "new-deck",
                abstract: Messages.text("Make a deck: deck.json and reference images from an ArUco dictionary, a patterns file or pictures."),
                discussion: Messages.text("""
                    --dictionary takes DICT_4X4_50, DICT_5X5_100 or DICT_6X6_250 (ids default to the whole \
                    dictionary). --patterns takes a text file with one marker per line as a bit string of N x N \
                    digits, row by row from the top-left, 1 for white and 0 for black (ids default to 0, 1, 2, ...). \
                    --pictures takes image files, each the picture inside a card's black border. Names default to \
                    m<id> (for pictures: the file name). Markers that read the same turned, or that are too alike, \
                    are refused and named.
                    """))
        }

        @Option(help: ArgumentHelp(Messages.text("The folder to write deck.json and the images into."), valueName: "dir"))
        var out: String

        @Option(help: ArgumentHelp(Messages.text("An ArUco dictionary: DICT_4X4_50, DICT_5X5_100 or DICT_6X6_250."), valueName: "name"))
        var dictionary: String?

        @Option(help: ArgumentHelp(Messages.text("A file of bit strings, one marker per line."), valueName: "file"))
        var patterns: String?

        @Option(parsing: .upToNextOption, help: ArgumentHelp(Messages.text("Picture files, one picture card each."), valueName: "image"))
        var pictures: [String] = []

        @Option(help: ArgumentHelp(Messages.text("Marker ids, such as 0-13,20 (default: all of the dictionary, or 0, 1, 2, ...)."), valueName: "list"))
        var ids: String?

        @Option(help: ArgumentHelp(Messages.text("Card names in the order of the ids, separated by commas (default: m<id>)."), valueName: "list"))
        var names: String?

        @Option(help: ArgumentHelp(Messages.text("The deck's name, for people."), valueName: "name"))
        var name: String?

        @Flag(help: ArgumentHelp(Messages.text("Replace an existing deck.json in the folder.")))
        var force = false

        @OptionGroup var languageOptions: LanguageOptions

        func validate() throws {
            guard DeckMaker.Source(dictionary: dictionary, patterns: patterns, pictures: pictures) != nil else {
                throw ValidationError(Messages.text("Give exactly one of --dictionary, --patterns and --pictures."))
            }
            if let ids, DeckMaker.ids(ids) == nil {
                throw ValidationError(Messages.text("--ids must be marker ids and ranges such as 0-13,20, not '%s'.", ids))
            }
        }

        func run() throws {
            let source = DeckMaker.Source(dictionary: dictionary, patterns: patterns, pictures: pictures)!
            let names = names.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            let made = try DeckMaker.make(
                source, ids: ids.flatMap(DeckMaker.ids), names: names, name: name, folder: out, replace: force)
            StandardOutput.print(made)
        }
    }
}
