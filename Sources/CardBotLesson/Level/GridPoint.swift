/// A tile position: `x` is the column and `y` the row, both from 0; row 0 is the top (north).
public struct GridPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// "(x, y)", as the trace prints positions.
    public var description: String { "(\(x), \(y))" }
}
