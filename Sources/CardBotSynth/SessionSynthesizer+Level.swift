import CardBotLesson
import CardBotSession
import CardBotVision
import Foundation

extension SessionSynthesizer {
    /// A synthesizer that draws `deck`'s cards (and lays its GO card beside the row, when the pace asks for one).
    public init(deck: Deck, options: Options = Options()) {
        self.init(faces: deck.synthFaces, goFace: deck.goFace, options: options)
    }

    /// Renders a session of `level` into `directory`: the programs are typed as a child's cards are named (card
    /// names or marker ids, mapped through the level's cards and `deck`), each with the option it came from for
    /// messages (`--program`, `--then`).
    ///
    /// session.json names the level by its number when `byNumber`, else by its file's path from `directory`.
    /// - Throws: `CardMappingError`-based problems naming the option, and whatever ``write(programs:seed:to:student:level:jobs:)``
    ///   throws.
    @discardableResult
    public func write(
        level: Level, byNumber: Bool, deck: Deck, programs: [(source: String, text: String)], seed: UInt64,
        to directory: String, student: String?, jobs: Int
    ) throws -> SessionTruth {
        let mapping = CardMapping(level: level, deckNames: deck.namesByMarker)
        let markers = try programs.map { program in
            try mapping.cards(text: program.text, source: program.source).map { level.markerIDs(for: $0)[0] }
        }
        let reference: SessionManifest.LevelReference =
            byNumber ? .number(level.number) : .path(Self.relativePath(of: level.source.file, from: directory))
        return try write(programs: markers, seed: seed, to: directory, student: student, level: reference, jobs: jobs)
    }

    /// The session folder for a session written only as a video: the video's own folder.
    public static func folder(ofVideo path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}
