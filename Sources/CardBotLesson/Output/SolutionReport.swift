import CardBotSupport

/// Words for `cardbot solve` and `cardbot levels`: what the solver found and how sure it is.
public enum SolutionReport {
    /// The report of `cardbot solve`.
    public static func lines(_ solution: Solution, level: Level) -> [String] {
        var lines = [Messages.text("Level %1$s: %2$s", level.number, level.localized(Messages.preferences).name)]
        lines.append(Messages.text("Cards available: %s", level.availableCards.map(\.localizedName).joined(separator: ", ")))
        guard let program = solution.program else {
            if solution.isProven {
                lines.append(Messages.text("No program of at most %s cards solves this level.", solution.bound))
            } else {
                lines.append(
                    Messages.text(
                        "No program found: every program of up to %1$s cards was checked before the search stopped at its budget (%2$s partial programs, %3$s robot steps); the level may be too large to solve this way.",
                        solution.searchedUpTo, solution.nodes, solution.steps))
            }
            return lines
        }
        lines.append(Messages.text("Fewest cards: %s", program.count))
        lines += program.indentedLines.map { "  " + $0 }
        lines += program.notes.map { Messages.text("Note: %s", $0) }
        if solution.isProven {
            lines.append(
                program.count == 1
                    ? Messages.text("Proven minimal: one card is the fewest there can be.")
                    : Messages.plural(
                        "Proven minimal: no program of %s card or fewer solves it.",
                        "Proven minimal: no program of %s cards or fewer solves it.", count: program.count - 1, program.count - 1))
        } else {
            lines.append(
                Messages.text(
                    "Not proven minimal: the best found within the bound; every program of up to %s cards was checked before the search stopped at its budget.",
                    solution.searchedUpTo))
        }
        lines.append(
            Messages.plural("Searched %s partial program.", "Searched %s partial programs.", count: solution.nodes, solution.nodes))
        return lines
    }

    /// The fewest-cards column of `cardbot levels`: "5", "<= 12" (best found, not proven), or "none".
    public static func shortCount(_ solution: Solution) -> String {
        guard let count = solution.cardCount else { return solution.isProven ? Messages.text("none") : "?" }
        return solution.isProven ? "\(count)" : "<= \(count)"
    }
}
