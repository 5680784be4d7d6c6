/// "Did you mean": the name beside a mistyped path that is closest to it, for messages about paths that do not exist.
public enum NameSuggestion {
    /// The path of the entry in `path`'s folder whose name is at most `maximumEdits` letters away from the last
    /// component of `path` (the nearest; the first in name order on a tie), or nil when there is none.
    public static func nearest(to path: String, maximumEdits: Int = 2) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let names = try? FileSystem.names(in: folder.isEmpty ? "." : folder) else { return nil }
        var best: (name: String, edits: Int)?
        for candidate in names.sorted() where !candidate.hasPrefix(".") {
            let edits = distance(Array(name.unicodeScalars), Array(candidate.unicodeScalars), limit: maximumEdits)
            if edits <= maximumEdits, edits < (best?.edits ?? Int.max) { best = (candidate, edits) }
        }
        return best.map { folder.isEmpty ? $0.name : folder + "/" + $0.name }
    }

    /// The edit distance (insertions, deletions, substitutions) of `a` and `b`, or `limit + 1` once it is larger.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}
