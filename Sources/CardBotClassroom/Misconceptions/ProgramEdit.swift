/// One card changed, put in or taken out between two consecutive attempts of a child: the fix the child tried.
///
/// ``between(_:_:)`` finds the fewest such edits that turn one program into the next (an edit distance over the
/// cards, a change preferred to a removal and an insertion), so "turned left into right" is one change, not two.
public struct ProgramEdit: Hashable, Sendable, Comparable {
    /// What was done to a card.
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        /// A card was swapped for another at the same place.
        case changed
        /// A card was put in.
        case inserted
        /// A card was taken out.
        case removed

        public static func < (a: Kind, b: Kind) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    /// What was done.
    public var kind: Kind
    /// The card taken out or swapped (its name); nil for an insertion.
    public var from: String?
    /// The card put in or swapped in (its name); nil for a removal.
    public var to: String?

    /// Creates an edit.
    public init(kind: Kind, from: String?, to: String?) {
        self.kind = kind
        self.from = from
        self.to = to
    }

    /// The fewest edits that turn `old` into `new`, in program order.
    public static func between(_ old: [String], _ new: [String]) -> [ProgramEdit] {
        let n = old.count, m = new.count
        var cost = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { cost[i][0] = i }
        for j in 0...m { cost[0][j] = j }
        if n > 0 && m > 0 {
            for i in 1...n {
                for j in 1...m {
                    let keep = cost[i - 1][j - 1] + (old[i - 1] == new[j - 1] ? 0 : 1)
                    cost[i][j] = min(keep, cost[i - 1][j] + 1, cost[i][j - 1] + 1)
                }
            }
        }
        var edits: [ProgramEdit] = []
        var i = n, j = m
        while i > 0 || j > 0 {
            if i > 0, j > 0, cost[i][j] == cost[i - 1][j - 1] + (old[i - 1] == new[j - 1] ? 0 : 1) {
                if old[i - 1] != new[j - 1] { edits.append(ProgramEdit(kind: .changed, from: old[i - 1], to: new[j - 1])) }
                i -= 1
                j -= 1
            } else if i > 0, cost[i][j] == cost[i - 1][j] + 1 {
                edits.append(ProgramEdit(kind: .removed, from: old[i - 1], to: nil))
                i -= 1
            } else {
                edits.append(ProgramEdit(kind: .inserted, from: nil, to: new[j - 1]))
                j -= 1
            }
        }
        return edits.reversed()
    }

    public static func < (a: ProgramEdit, b: ProgramEdit) -> Bool {
        (a.kind, a.from ?? "", a.to ?? "") < (b.kind, b.from ?? "", b.to ?? "")
    }
}
