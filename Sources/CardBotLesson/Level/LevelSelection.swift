import CardBotSupport

extension LevelLoader {
    /// The levels named on a command line (level files or numbers in `directory`), or every level of `directory`
    /// in unlock order when none is named.
    /// - Throws: ``LevelLoadError`` for a level that cannot be loaded, ``LevelFilesError`` for a folder with
    ///   files that are not valid levels, a ``Problem`` for a folder without levels.
    public static func levels(_ arguments: [String], directory: String, deckNames: [Int: String]? = nil) throws -> [Level] {
        guard arguments.isEmpty else {
            return try arguments.map { argument throws(LevelLoadError) in
                try locate(argument, levelsDirectory: directory, deckNames: deckNames)
            }
        }
        let catalog = try LevelCatalog(directory: directory, deckNames: deckNames)
        try catalog.requireNoProblems()
        guard !catalog.levels.isEmpty else { throw Problem(file: directory, Messages.text("no levels to print")) }
        return catalog.levels
    }
}
