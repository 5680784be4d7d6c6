import CardBotLesson

extension Misconceptions {
    /// The levels of the curriculum folder `directory` by number, for counting misconceptions of sessions read
    /// back from a gradebook (which keeps each session's level number); empty when `directory` is nil or cannot
    /// be read (the misconceptions are then not counted, and nothing else fails).
    public static func curriculum(_ directory: String?) -> [Int: Level] {
        guard let directory, let catalog = try? LevelCatalog(directory: directory) else { return [:] }
        var levels: [Int: Level] = [:]
        for level in catalog.levels where levels[level.number] == nil { levels[level.number] = level }
        return levels
    }
}
