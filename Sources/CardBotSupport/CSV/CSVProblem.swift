/// A place where a CSV file breaks RFC 4180 (an unclosed quote, a quote inside an unquoted field, text after a
/// closing quote, bytes that are not UTF-8) or one of ``CSVTable/Limits``: the line and column, and the reason.
public struct CSVProblem: Sendable, Equatable {
    /// Where it is: the line, from 1, and the column, counted in Unicode scalars from 1.
    public var position: SourcePosition
    /// What is wrong and what to do, told in the reader's language where it is printed.
    public var reason: MessageText

    /// Creates a problem.
    public init(position: SourcePosition, reason: MessageText) {
        self.position = position
        self.reason = reason
    }
}
