import CardBotSupport

/// Why roster files were refused, whole: every problem of every file, in order of file and line. Nothing of
/// them was imported.
public struct RosterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, in order of file and line.
    public var rosterProblems: [RosterProblem]

    /// The most problems printed; the rest are counted in one last line.
    public static let printedLimit = 100

    /// Creates an error.
    public init(problems: [RosterProblem]) {
        rosterProblems = problems
    }

    public var description: String { rosterProblems.map(\.description).joined(separator: "\n") }
}

extension RosterError: DiagnosticError {
    /// Each problem (at most ``printedLimit``), then how many more there are and that nothing was imported.
    public var problems: [Problem] {
        let all = rosterProblems
        let shown = Array(all.prefix(Self.printedLimit))
        var lines = shown.map(\.problem)
        if all.count > shown.count {
            lines.append(Problem(Messages.text("%s more problems not shown", all.count - shown.count)))
        }
        lines.append(Problem(Messages.plural(
            "the roster was not imported: %s problem; correct it and import all the files again",
            "the roster was not imported: %s problems; correct them and import all the files again",
            count: all.count, all.count)))
        return lines
    }
}
