/// A place in a text file: 1-based line and column (columns count Unicode scalars).
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counted in Unicode scalars.
    public var column: Int

    /// The first character of a file.
    public static let start = SourcePosition(line: 1, column: 1)
    /// No place in a file: the problem is with the file or folder as a whole (it cannot be listed, it lacks
    /// something), so no `LINE:COLUMN` is printed.
    public static let none = SourcePosition(line: 0, column: 0)

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position `offset` scalars further along the same line.
    public func advanced(by offset: Int) -> SourcePosition {
        SourcePosition(line: line, column: column + offset)
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}
