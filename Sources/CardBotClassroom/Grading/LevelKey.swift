import CardBotSession
import CardBotSupport

/// Which level a grade is for: a curriculum level by its number, or a session's own level file.
///
/// A level file inside a session folder may claim any number; unless its text is the curriculum's level of that
/// number, it is another level (a child's own corridor is not level 3), so it is kept apart by its file: it has
/// its own column (`L3*`), its own figures, and it never counts toward the curriculum's progress.
public struct LevelKey: Hashable, Comparable, Sendable {
    /// The number the level file gives.
    public var number: Int
    /// The session's own level file, relative to the class folder; nil for a curriculum level.
    public var file: String?

    /// Creates a key.
    public init(number: Int, file: String? = nil) {
        self.number = number
        self.file = file
    }

    /// The short heading: `L3`, or `L3*` for an own level.
    public var heading: String { "L" + label }

    /// The number as headings show it: `3`, or `3*` for an own level.
    public var label: String { file == nil ? String(number) : "\(number)*" }

    /// The title of the level named `name`: the name, and for an own level which file it is.
    public func title(_ name: String) -> String {
        guard let file else { return name }
        return Messages.text("%1$s (the session's own level file %2$s)", name, file)
    }

    /// Curriculum levels first, by number; then own levels by number and file.
    public static func < (lhs: LevelKey, rhs: LevelKey) -> Bool {
        switch (lhs.file, rhs.file) {
        case (nil, .some): return true
        case (.some, nil): return false
        case (let a, let b):
            if lhs.number != rhs.number { return lhs.number < rhs.number }
            return NaturalOrder.areInIncreasingOrder(a ?? "", b ?? "")
        }
    }
}
