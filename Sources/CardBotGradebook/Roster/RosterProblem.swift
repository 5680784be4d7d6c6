import CardBotSupport

/// One thing wrong in a roster file: the file, the line (and column, for a broken quote), and the reason.
public struct RosterProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// The line, from 1; column 0 when the problem is with the record as a whole or a named column of it.
    public var position: SourcePosition
    /// What is wrong and what to do, told in the reader's language where it is printed.
    public var reason: MessageText

    /// Creates a problem at line `line` of `file` (`column` 0: the record).
    public init(file: String, line: Int, column: Int = 0, _ reason: MessageText) {
        self.file = file
        self.position = SourcePosition(line: line, column: column)
        self.reason = reason
    }

    /// The problem as printed.
    public var problem: Problem {
        Problem(file: file, position: position.line > 0 ? position : nil, TerminalText.visible(reason.localized))
    }

    /// `FILE:LINE: error: reason` (in English), as tests compare it.
    public var description: String {
        Problem(file: file, position: position.line > 0 ? position : nil, reason.english).line
    }

    /// `problems` in order of file, then position.
    public static func sorted(_ problems: [RosterProblem]) -> [RosterProblem] {
        problems.sorted { ($0.file, $0.position) < ($1.file, $1.position) }
    }
}
