/// A growable buffer of plain values that keeps its storage from frame to frame.
///
/// Hot loops read `base` once into a local and index it directly; `append` grows the storage geometrically.
final class ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// The number of elements in use.
    var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        self.base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for at least `needed` elements, keeping the first `count`.
    func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { reserve(count + 1) }
        base[count] = element
        count += 1
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    @inline(__always)
    func removeAll() { count = 0 }
}
