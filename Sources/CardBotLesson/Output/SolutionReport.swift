/// Words for `cardbot solve` and `cardbot levels`: what the solver found and how sure it is.
public enum SolutionReport {
    /// The report of `cardbot solve`.
    public static func lines(_ solution: Solution, level: Level) -> [String] {
        var lines = ["Level \(level.number): \(level.name)"]
        lines.append("Cards available: \(level.availableCards.map(\.name).joined(separator: ", "))")
        guard let program = solution.program else {
            if solution.isProven {
                lines.append("No program of at most \(solution.bound) cards solves this level.")
            } else {
                lines.append(
                    "No program found: every program of up to \(solution.searchedUpTo) cards was checked before the search stopped at its budget of \(solution.nodes) partial programs.")
            }
            return lines
        }
        lines.append("Fewest cards: \(program.count)")
        lines += program.indentedLines.map { "  " + $0 }
        lines += program.notes.map { "Note: " + $0 }
        if solution.isProven {
            lines.append(
                program.count == 1
                    ? "Proven minimal: one card is the fewest there can be."
                    : "Proven minimal: no program of \(program.count - 1) \(program.count == 2 ? "card" : "cards") or fewer solves it.")
        } else {
            lines.append(
                "Not proven minimal: the best found within the bound; every program of up to \(solution.searchedUpTo) cards was checked before the search stopped at its budget.")
        }
        lines.append("Searched \(solution.nodes) partial \(solution.nodes == 1 ? "program" : "programs").")
        return lines
    }

    /// The fewest-cards column of `cardbot levels`: "5", "<= 12" (best found, not proven), or "none".
    public static func shortCount(_ solution: Solution) -> String {
        guard let count = solution.cardCount else { return solution.isProven ? "none" : "?" }
        return solution.isProven ? "\(count)" : "<= \(count)"
    }
}
