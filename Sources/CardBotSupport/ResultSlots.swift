import Foundation

/// Slots that concurrent workers write once each, read after they have all finished.
public final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    /// Creates `count` empty slots.
    public init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Fills slot `index`.
    public func set(_ index: Int, _ value: Value) {
        lock.withLock { slots[index] = value }
    }

    /// Every slot's value, in order; every slot must have been filled.
    public func values() -> [Value] { lock.withLock { slots.map { $0! } } }
}

/// A counter that concurrent workers share (to take the next job, or to count what is done).
public final class SharedCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    /// Creates a counter at 0.
    public init() {}

    /// Adds one and returns the new value.
    public func increment() -> Int { lock.withLock { value += 1; return value } }
}
