import Foundation

/// Results that workers finish in any order, handed out in index order.
///
/// Workers `put` results from any thread; the owner `take`s the next one in order when it is ready (or
/// waits for it with `waitForNext`). Used by frame sources to deliver readings in playing order while
/// frames are read in parallel.
public final class OrderedResults<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [Int: Value] = [:]
    private var next = 0
    private var stopped = false

    /// Creates an empty buffer starting at index 0.
    public init() {}

    /// Stores the result for `index`.
    public func put(_ index: Int, _ value: Value) {
        condition.lock()
        pending[index] = value
        condition.broadcast()
        condition.unlock()
    }

    /// The next result in order, if it is ready.
    public func take() -> Value? {
        condition.lock()
        defer { condition.unlock() }
        guard let value = pending.removeValue(forKey: next) else { return nil }
        next += 1
        return value
    }

    /// Waits until the next result in order is ready and returns it.
    public func waitForNext() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while pending[next] == nil { condition.wait() }
        let value = pending.removeValue(forKey: next)!
        next += 1
        return value
    }

    /// Asks the workers to stop (they check `isStopped`).
    public func stop() {
        condition.lock()
        stopped = true
        condition.unlock()
    }

    /// True once `stop` was called.
    public var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }
}
