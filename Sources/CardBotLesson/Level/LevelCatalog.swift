/// The levels of one directory, in unlock order.
public struct LevelCatalog: Sendable {
    /// The directory.
    public let directory: String
    /// The valid levels, in unlock order: chains from the levels nothing unlocks, then any others by number.
    public let levels: [Level]
    /// Files that are not valid levels, with their problems.
    public let problems: [LevelLoadError]

    /// Loads every level file of `directory` (files that fail are kept in ``problems``).
    /// - Throws: ``LevelLoadError`` when the directory cannot be listed.
    public init(directory: String, deckNames: [Int: String]? = nil) throws(LevelLoadError) {
        self.directory = directory
        var loaded: [Level] = []
        var problems: [LevelLoadError] = []
        for file in try LevelLoader.levelFiles(in: directory) {
            do {
                loaded.append(try LevelLoader.load(file, deckNames: deckNames))
            } catch {
                problems.append(error)
            }
        }
        self.levels = Self.unlockOrder(loaded)
        self.problems = problems
    }

    /// The level with `number`, if any.
    public func level(number: Int) -> Level? {
        levels.first { $0.number == number }
    }

    /// Orders levels by following `unlocks` from the levels no other level unlocks.
    public static func unlockOrder(_ levels: [Level]) -> [Level] {
        let byNumber = Dictionary(levels.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let unlocked = Set(levels.compactMap(\.unlocks))
        var ordered: [Level] = []
        var placed = Set<Int>()
        let sorted = levels.sorted { $0.number < $1.number }
        for root in sorted where !unlocked.contains(root.number) {
            var current: Level? = root
            while let level = current, !placed.contains(level.number) {
                placed.insert(level.number)
                ordered.append(level)
                current = level.unlocks.flatMap { byNumber[$0] }
            }
        }
        for level in sorted where !placed.contains(level.number) {
            placed.insert(level.number)
            ordered.append(level)
        }
        return ordered
    }
}
