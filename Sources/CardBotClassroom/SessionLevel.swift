import CardBotLesson
import Foundation

/// Finds the level a session plays: the one asked for, else its `session.json`'s.
public enum SessionLevel {
    /// The level for `session`.
    ///
    /// - Parameters:
    ///   - requested: A level given by the user (`--level`): a level file or a number in `levelsDirectory`.
    ///     It wins over `session.json`.
    ///   - levelsDirectory: Where level numbers are looked up.
    /// - Throws: `SessionError` when no level is named or the level cannot be loaded.
    public static func resolve(
        _ session: SessionFolder, requested: String?, levelsDirectory: String, deckNames: [Int: String]
    ) throws -> Level {
        let argument: String
        let blame: String
        if let requested {
            argument = requested
            blame = requested
        } else if let level = session.manifest.level {
            blame = (session.path as NSString).appendingPathComponent(SessionFolder.manifestName)
            switch level {
            case .number(let number):
                argument = String(number)
            case .path(let path):
                argument = path.hasPrefix("/") ? path : (session.path as NSString).appendingPathComponent(path)
            }
        } else {
            throw SessionError(
                file: session.path,
                reason: "no level: name one with --level, or put \"level\" in the session's session.json")
        }
        do {
            return try LevelLoader.locate(argument, levelsDirectory: levelsDirectory, deckNames: deckNames)
        } catch {
            let first = error.diagnostics.first { $0.severity == .error }
            let detail = first.map { $0.description } ?? "\(error)"
            throw SessionError(file: blame, reason: "level \(argument) cannot be loaded: \(detail)")
        }
    }
}
