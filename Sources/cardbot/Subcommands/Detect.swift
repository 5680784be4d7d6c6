import ArgumentParser
import CardBotPictures
import CardBotImaging
import CardBotSupport
import CardBotVision
import Foundation

extension CardBotCommand {
    /// `cardbot detect`: the cards in camera frames, in reading order.
    struct Detect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find the cards in camera frames and print them in reading order.",
            discussion: """
                For each frame, prints its file and the card names in reading order: rows from top to bottom, \
                each from left to right, in the cards' own directions (rows are separated by ' / '). \
                An unreadable frame is reported and the others go on; the exit status is 2 if any frame \
                could not be read. A frame with no cards is not an error.
                """)

        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions
        @OptionGroup var imageLimits: ImageLimitOptions

        @Flag(help: "Print one JSON object per line per frame (file, width, height, cards, markers, sequence, ms).")
        var json = false

        @Option(
            help: ArgumentHelp(
                "Write a PNG per frame into this folder with each card outlined and labelled.", valueName: "dir"))
        var annotate: String?

        @Argument(help: ArgumentHelp("Frame files (PNG or JPEG).", valueName: "image"))
        var images: [String] = []

        func validate() throws {
            if images.isEmpty { throw ValidationError("Give at least one image file.") }
        }

        func run() throws {
            let deck = try deckOptions.load()
            if let annotate {
                do {
                    try FileManager.default.createDirectory(atPath: annotate, withIntermediateDirectories: true)
                } catch {
                    StandardError.error(file: annotate, "cannot create the folder for annotated frames")
                    throw ExitCode(2)
                }
            }
            let analyzer = FrameAnalyzer(deck: deck, limits: imageLimits.limits)
            var names = AnnotationNames()
            var failed = 0
            for path in images {
                let reading: FrameReading
                do {
                    reading = try analyzer.analyze(path)
                } catch let error as ImageError {
                    failed += 1
                    StandardError.error(file: error.file, error.reason)
                    if json { StandardOutput.print(FrameReading.errorJSONLine(file: path, reason: error.reason)) }
                    continue
                }
                for warning in reading.warnings {
                    StandardError.warning(file: path, "\(warning) (the frame was read, but may be incomplete)")
                }
                if json {
                    StandardOutput.print(reading.jsonLine)
                } else {
                    StandardOutput.print("\(TerminalText.visible(path)): \(Self.describe(reading))")
                }
                if let annotate {
                    let output = names.path(for: path, in: annotate)
                    do {
                        try ImageWriter.write(FrameAnnotator.render(analyzer.image, reading: reading), to: output)
                    } catch let error as ImageError {
                        failed += 1
                        StandardError.error(file: error.file, error.reason)
                    }
                }
            }
            if failed > 0 { throw ExitCode(2) }
        }

        /// The card names in reading order, rows separated by " / ".
        static func describe(_ reading: FrameReading) -> String {
            if reading.cards.isEmpty { return "(no cards)" }
            return reading.rows.map { $0.map(\.name).joined(separator: " ") }.joined(separator: " / ")
        }
    }
}

/// Names of annotated frames: `<name without extension>-annotated.png`, numbered when two frames share a name.
struct AnnotationNames {
    private var used: Set<String> = []

    mutating func path(for image: String, in folder: String) -> String {
        var stem = (image as NSString).lastPathComponent
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        var name = "\(stem)-annotated.png"
        var number = 2
        while used.contains(name) {
            name = "\(stem)-\(number)-annotated.png"
            number += 1
        }
        used.insert(name)
        return (folder as NSString).appendingPathComponent(name)
    }
}
