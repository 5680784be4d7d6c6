import CardBotSupport

/// The table `cardbot levels` prints: number, name, available cards, fewest cards.
public enum LevelTable {
    /// One level's row.
    public struct Row: Sendable {
        public var level: Level
        /// The fewest-cards column ("5", "<= 12", "none").
        public var fewest: String

        public init(level: Level, fewest: String) {
            self.level = level
            self.fewest = fewest
        }
    }

    /// The header and one line per level, columns aligned.
    public static func lines(_ rows: [Row]) -> [String] {
        let table = [["#", Messages.text("Name"), Messages.text("Cards"), Messages.text("Fewest")]]
            + rows.map { row in
                [
                    String(row.level.number), row.level.localized(Messages.preferences).name,
                    row.level.availableCards.map(\.localizedName).joined(separator: " "), row.fewest,
                ]
            }
        let widths = (0..<4).map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { cells in
            var line = String(repeating: " ", count: widths[0] - cells[0].count) + cells[0]
            for column in 1..<4 {
                line += "  " + cells[column]
                if column < 3 { line += String(repeating: " ", count: widths[column] - cells[column].count) }
            }
            return line
        }
    }
}
