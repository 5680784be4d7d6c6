import CardBotImaging
import CardBotLesson
import CardBotSupport
import CardBotVision
import Foundation

/// `detect`: the cards in camera frames, in reading order, each frame annotated on request.
public struct DetectJob {
    /// What became of one frame.
    public enum Outcome {
        /// The frame was read (and annotated, when asked); `annotation` is the error of writing its picture.
        case read(FrameReading, annotation: ImageError?)
        /// The frame could not be read.
        case unreadable(ImageError)
    }

    private let analyzer: FrameAnalyzer
    private let annotate: String?
    /// Decodes an annotated frame again in colour: detection reads the luma, the teacher sees the photo.
    private var colourReader: ImageReader
    private var names = AnnotationNames()

    /// Prepares to read frames with `deck`; with `annotate`, a PNG of each frame goes into that folder (made here).
    /// - Throws: a ``Problem`` naming the folder when it cannot be made.
    public init(deck: Deck, limits: ImageLimits, annotate: String?) throws {
        analyzer = FrameAnalyzer(deck: deck, limits: limits)
        colourReader = ImageReader(limits: limits)
        self.annotate = annotate
        if let annotate {
            do {
                try FileManager.default.createDirectory(atPath: annotate, withIntermediateDirectories: true)
            } catch {
                throw Problem(file: annotate, Messages.text("cannot create the folder for annotated frames"))
            }
        }
    }

    /// Reads the frame at `path` (and writes its annotated picture).
    public mutating func read(_ path: String) -> Outcome {
        let reading: FrameReading
        do {
            reading = try analyzer.analyze(path)
        } catch {
            return .unreadable(error as? ImageError ?? ImageError(.unreadable, file: path, reason: "\(error)"))
        }
        guard let annotate else { return .read(reading, annotation: nil) }
        let output = names.path(for: path, in: annotate)
        do {
            let photo = (try? colourReader.readRGB(path)) ?? RGBImage(analyzer.image)
            try ImageWriter.write(FrameAnnotator.render(photo, reading: reading), to: output)
            return .read(reading, annotation: nil)
        } catch {
            return .read(reading, annotation: error as? ImageError ?? ImageError(.writeFailed, file: output, reason: "\(error)"))
        }
    }

    /// The card names in reading order, rows separated by " / ", or `(no cards)`.
    public static func describe(_ reading: FrameReading) -> String {
        if reading.cards.isEmpty { return Messages.text("(no cards)") }
        return reading.rows.map { $0.map { Card.shown($0.name) }.joined(separator: " ") }.joined(separator: " / ")
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
