/// "Did you mean ...?" for misspelt names: the nearest known name by edit distance, for a level's field, a card,
/// a deck's card, or a path that does not exist.
public enum NameSuggestion {
    /// The candidate nearest to `name` (ignoring case) when it is close enough to be a likely typo: at most a third
    /// of its letters away (one to three edits).
    public static func nearest(to name: String, in candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lowered, candidate.lowercased())
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        guard let (candidate, d) = best else { return nil }
        let allowed = max(1, min(3, candidate.count / 3))
        return d <= allowed ? candidate : nil
    }

    /// "; did you mean 'x'?" or "".
    public static func suffix(for name: String, in candidates: [String]) -> String {
        nearest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The path of the entry beside `path` (in its folder; hidden names left out) whose name is nearest to the last
    /// component of `path`, as ``nearest(to:in:)`` finds it, or nil.
    public static func nearest(toPath path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let names = try? FileSystem.names(in: folder.isEmpty ? "." : folder) else { return nil }
        return nearest(to: name, in: names.filter { !$0.hasPrefix(".") }.sorted())
            .map { folder.isEmpty ? $0 : folder + "/" + $0 }
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
