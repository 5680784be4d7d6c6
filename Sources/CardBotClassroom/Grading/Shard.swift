/// One part of a class split into `count` parts (`--shard index/count`), for grading a large class on several
/// machines: the sessions, in natural order of their paths, are dealt out in turn, so the parts are disjoint,
/// cover the class, and do not depend on where or when they run.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// This part, from 1.
    public var index: Int
    /// The number of parts.
    public var count: Int

    /// Creates a shard; `index` is from 1 to `count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `i/n`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// The elements of `items` that belong to this part.
    public func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    public var description: String { "\(index)/\(count)" }
}
