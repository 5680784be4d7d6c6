import CardBotLesson
import CardBotSession
import CardBotSupport

/// Finds the level a session plays: the one asked for, else its `session.json`'s.
public enum SessionLevel {
    /// The level for `session`.
    ///
    /// - Parameters:
    ///   - requested: A level given by the user (`--level`): a level file or a number in `levelsDirectory`.
    ///     It wins over `session.json`.
    ///   - levelsDirectory: Where level numbers are looked up.
    /// - Throws: `SessionError` when no level is named or session.json's level cannot be loaded; `LevelLoadError`
    ///   when the requested level cannot be.
    public static func resolve(
        _ session: RecordedSession, requested: String?, levelsDirectory: String, deckNames: [Int: String]
    ) throws -> Level {
        let argument: String
        let blame: String
        if let requested {
            argument = requested
            blame = requested
        } else if let level = session.manifest.level {
            blame = FileSystem.join(session.path, RecordedSession.manifestName)
            switch level {
            case .number(let number):
                argument = String(number)
            case .path(let path):
                // The same rule as frames: the level file lies inside the session folder.
                let root = FileSystem.resolved(session.path) ?? session.path
                try RecordedSession.checkInside(path, folder: session.path, root: root, manifest: blame, what: "level")
                argument = FileSystem.join(session.path, path)
                // A file that is not even JSON is not a level: say so without quoting any of its text.
                do {
                    let bytes = try RegularFile.read(argument, maxBytes: LevelLimits.maximumFileBytes)
                    if case .failure(let syntax) = Result(catching: { () throws(JSONParseError) in try JSONParser.parse(bytes) }) {
                        throw SessionError(
                            file: blame,
                            reason: "level '\(TerminalText.truncated(path, width: 80))' is not a level file: its text is not JSON "
                                + "(line \(syntax.position.line), column \(syntax.position.column))")
                    }
                } catch let error as RegularFile.Failure {
                    throw SessionError(file: blame, reason: "level '\(TerminalText.truncated(path, width: 80))': \(error.reason)")
                }
            }
        } else {
            throw SessionError(
                file: session.path,
                reason: "no level: name one with --level, or put \"level\" in the session's session.json")
        }
        // A level the user named is reported as such: its own file and position, not as the session's.
        if requested != nil { return try LevelLoader.locate(argument, levelsDirectory: levelsDirectory, deckNames: deckNames) }
        do {
            return try LevelLoader.locate(argument, levelsDirectory: levelsDirectory, deckNames: deckNames)
        } catch {
            let first = error.diagnostics.first { $0.severity == .error }
            let detail = first.map { $0.position == .none ? "\($0.file): \($0.message)" : $0.description } ?? "\(error)"
            throw SessionError(file: blame, reason: "level \(argument) cannot be loaded: \(detail)")
        }
    }
}
