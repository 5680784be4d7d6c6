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
                            said: Messages.later(
                                "level '%1$s' is not a level file: its text is not JSON (line %2$s, column %3$s)",
                                .plain(TerminalText.truncated(path, width: 80)), .number(syntax.position.line), .number(syntax.position.column)))
                    }
                } catch let error as RegularFile.Failure {
                    throw SessionError(
                        file: blame, said: Messages.later("level '%1$s': %2$s", .plain(TerminalText.truncated(path, width: 80)), .said(error.said)))
                }
            }
        } else if !session.hasManifest, session.path == ".", case .stills(_, let paths, _) = session.source {
            // Frames named one by one have no session.json to hold a level: name them, not the current folder.
            throw SessionError(
                file: paths.first ?? session.path,
                said: Messages.later("no level: name one with --level (frame files named one by one have no session.json)"))
        } else {
            throw SessionError(
                file: session.path,
                said: Messages.later("no level: name one with --level, or put \"level\" in the session's session.json"))
        }
        // A level the user named is reported as such: its own file and position, not as the session's.
        if requested != nil { return try LevelLoader.locate(argument, levelsDirectory: levelsDirectory, deckNames: deckNames) }
        do {
            return try LevelLoader.locate(argument, levelsDirectory: levelsDirectory, deckNames: deckNames)
        } catch {
            let first = error.diagnostics.first { $0.severity == .error }
            // JSON and the gradebook keep the English; the terminal shows the diagnostic as it is told.
            let english = first.map { diagnostic -> String in
                let place = diagnostic.position == .none ? "" : ":\(diagnostic.position.line):\(diagnostic.position.column): error"
                return "\(diagnostic.file)\(place): \(diagnostic.message)"
            } ?? "\(error)"
            let shown = first.map { $0.position == .none ? "\($0.file): \($0.shownMessage)" : $0.description } ?? "\(error)"
            var failure = SessionError(file: blame, reason: "level \(argument) cannot be loaded: \(english)")
            failure.shownReason = Messages.text("level %1$s cannot be loaded: %2$s", argument, shown)
            throw failure
        }
    }
}
