import CardBotSupport

extension LevelValidator {
    /// Checks across the levels of one directory: duplicate numbers, unlocks of missing levels, and cycles.
    static func checkDirectory(_ files: [FileValidation], directory: String) -> [LevelProblem] {
        var diagnostics: [LevelProblem] = []
        let levels = files.compactMap(\.level)
        var byNumber: [Int: Level] = [:]
        for level in levels {
            if let first = byNumber[level.number] {
                diagnostics.append(
                    LevelProblem(
                        file: level.source.file, position: level.source.position(ofField: "number"),
                        said: Messages.later(
                            "level number %1$s is also used by %2$s; every level needs its own number",
                            .number(level.number), .plain(first.source.file))))
            } else {
                byNumber[level.number] = level
            }
        }
        // Numbers of files that did not decode may still be readable; do not call their unlocks missing.
        var partlyKnown = Set<Int>()
        for file in files where file.level == nil {
            if let json = try? LevelLoader.parse(file.file), let number = json.members?.first(where: { $0.key == "number" })?.value.intValue {
                partlyKnown.insert(number)
            }
        }
        for level in levels {
            guard let target = level.unlocks else { continue }
            if target == level.number {
                diagnostics.append(
                    LevelProblem(
                        file: level.source.file, position: level.source.position(ofField: "unlocks"),
                        said: Messages.later(
                            "level %s unlocks itself; name the next level, or leave 'unlocks' out for the last one", .number(level.number))))
            } else if byNumber[target] == nil && !partlyKnown.contains(target) {
                diagnostics.append(
                    LevelProblem(
                        file: level.source.file, position: level.source.position(ofField: "unlocks"),
                        said: Messages.later(
                            "unlocks level %1$s, but %2$s has no level with that number", .number(target), .plain(directory))))
            }
        }
        // Each level unlocks at most one other, so cycles are found by walking the chains.
        var reported = Set<Int>()
        for start in byNumber.keys.sorted() {
            var path: [Int] = []
            var seen = Set<Int>()
            var current: Int? = start
            while let number = current, let level = byNumber[number], !seen.contains(number) {
                seen.insert(number)
                path.append(number)
                current = level.unlocks
            }
            guard let repeated = current, seen.contains(repeated), let startIndex = path.firstIndex(of: repeated) else { continue }
            let cycle = Array(path[startIndex...])
            guard cycle.count > 1, reported.isDisjoint(with: cycle) else { continue }
            reported.formUnion(cycle)
            let first = cycle.min()!
            let rotated = Array(cycle[cycle.firstIndex(of: first)!...] + cycle[..<cycle.firstIndex(of: first)!])
            let level = byNumber[first]!
            diagnostics.append(
                LevelProblem(
                    file: level.source.file, position: level.source.position(ofField: "unlocks"),
                    said: Messages.later(
                        "the levels unlock each other in a cycle: %s; the last level of a chain unlocks nothing",
                        .plain((rotated + [first]).map(String.init).joined(separator: " -> ")))))
        }
        return diagnostics
    }
}
